import Foundation
import PTV

/// How PTV writes optional values and times, for the simulator's hand-made wire shapes.
extension KeyedEncodingContainer {
    /// Encodes a date as a PTV UTC timestamp string ("yyyy-MM-dd'T'HH:mm:ss'Z'"), or JSON null when nil.
    mutating func encodeTimestamp(_ date: Date?, forKey key: Key) throws {
        if let date {
            try encode(PTVTimestamp.format(date), forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }

    /// Encodes a value, or an explicit JSON null when it is nil (PTV sends nulls rather than omitting keys).
    mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }
}

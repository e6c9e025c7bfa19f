import Foundation

/// A field read leniently: a missing, null or unusable value becomes ``LenientValue/absent``.
///
/// Encodes as PTV does: nil as `null`, dates as PTV UTC timestamps.
@propertyWrapper
public struct Lenient<Value: LenientValue & Sendable & Equatable>: Sendable, Equatable {
    /// The field's value.
    public var wrappedValue: Value

    /// Wraps a value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// A lenient field that PTV leaves out, rather than sending empty, when it says nothing ("", nil, []).
@propertyWrapper
public struct Sparse<Value: LenientValue & Sendable & Equatable>: Sendable, Equatable {
    /// The field's value.
    public var wrappedValue: Value

    /// Wraps a value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// A `run_id`: -1 when missing or unusable, as for runs that have only an alphanumeric `run_ref`.
@propertyWrapper
public struct RunID: Codable, Sendable, Equatable {
    /// The run id.
    public var wrappedValue: Int

    /// Wraps a run id.
    public init(wrappedValue: Int) {
        self.wrappedValue = wrappedValue
    }

    /// Reads the id leniently, -1 when unusable.
    public init(from decoder: any Decoder) {
        wrappedValue = Int.lenient(from: decoder) ?? -1
    }

    /// Writes the id.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

/// A key PTV sends that the app ignores (a geopath, search outlets): read as nothing, written as `[]`.
public struct IgnoredList: Codable, Sendable, Equatable {
    /// The empty placeholder.
    public init() {}

    /// Reads nothing.
    public init(from decoder: any Decoder) {}

    /// Writes `[]`.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.unkeyedContainer()
    }
}

extension Lenient: Codable where Value: Encodable {
    /// Reads the value leniently.
    public init(from decoder: any Decoder) {
        wrappedValue = Value.lenient(from: decoder) ?? .absent
    }

    /// Writes the value, nil as `null` and dates as PTV timestamps.
    public func encode(to encoder: any Encoder) throws {
        try PTVEncoding.encode(wrappedValue, to: encoder)
    }
}

extension Sparse: Codable where Value: Encodable {
    /// Reads the value leniently.
    public init(from decoder: any Decoder) {
        wrappedValue = Value.lenient(from: decoder) ?? .absent
    }

    /// Writes the value (the container leaves an absent one out).
    public func encode(to encoder: any Encoder) throws {
        try PTVEncoding.encode(wrappedValue, to: encoder)
    }
}

/// How PTV writes a value: dates as UTC timestamps, nil as `null`, everything else as itself.
enum PTVEncoding {
    static func encode(_ value: some Encodable, to encoder: any Encoder) throws {
        if let date = value as? Date {
            var single = encoder.singleValueContainer()
            try single.encode(PTVTimestamp.format(date))
        } else if let optional = value as? any OptionalEncodable, optional.isNil {
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        } else {
            try value.encode(to: encoder)
        }
    }
}

/// Lets ``PTVEncoding`` see that an optional is nil without knowing its wrapped type.
protocol OptionalEncodable {
    var isNil: Bool { get }
}

extension Optional: OptionalEncodable {
    var isNil: Bool { self == nil }
}

extension KeyedDecodingContainer {
    /// A missing key reads as absent, never as an error (synthesised `Decodable` calls this).
    public func decode<V>(_ type: Lenient<V>.Type, forKey key: Key) throws -> Lenient<V> {
        Lenient(wrappedValue: read(key) ?? .absent)
    }

    /// A missing key reads as absent, never as an error.
    public func decode<V>(_ type: Sparse<V>.Type, forKey key: Key) throws -> Sparse<V> {
        Sparse(wrappedValue: read(key) ?? .absent)
    }

    /// A missing `run_id` reads as -1, never as an error.
    public func decode(_ type: RunID.Type, forKey key: Key) throws -> RunID {
        RunID(wrappedValue: read(key) ?? -1)
    }

    /// An ignored key is not read.
    public func decode(_ type: IgnoredList.Type, forKey key: Key) throws -> IgnoredList {
        IgnoredList()
    }

    /// The value under `key` read leniently, or nil when it is missing, null or unusable.
    /// - Parameter key: The key.
    public func read<V: LenientReadable>(_ key: Key, as type: V.Type = V.self) -> V? {
        guard contains(key) else { return nil }
        return (try? decode(LenientBox<V>.self, forKey: key))?.value
    }
}

extension KeyedEncodingContainer {
    /// Leaves out a sparse field that says nothing (synthesised `Encodable` calls this).
    public mutating func encode<V>(_ value: Sparse<V>, forKey key: Key) throws where V: Encodable {
        if !value.wrappedValue.isAbsent {
            try encode(Lenient(wrappedValue: value.wrappedValue), forKey: key)
        }
    }
}

import Foundation

// Lenient decoding machinery shared by all PTV models.
//
// Real PTV responses are messier than the Swagger spec: fields go missing or are `null`,
// numbers turn up as strings and strings as numbers, and strings carry trailing spaces.
// The helpers below never throw: a missing, null or unusable value becomes the caller's
// default, and one bad element of an array or map is dropped rather than failing the
// whole response.

/// A coding key that can hold any string, used to walk JSON objects keyed by ids or bucket names.
public struct LenientCodingKey: CodingKey, Hashable, Sendable {
    /// The key as it appears in the JSON object.
    public let stringValue: String
    /// The integer form of the key, when it was created from an integer.
    public let intValue: Int?

    /// Creates a key from a JSON object key.
    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// Creates a key from an integer (stored as its decimal string).
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// Creates a key from a JSON object key.
    public init(_ stringValue: String) {
        self.init(stringValue: stringValue)
    }
}

/// A JSON scalar read without committing to a type, so it can be coerced afterwards.
enum LenientScalar: Decodable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// An object or an array: never coerced to a scalar.
    case other

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let i = try? c.decode(Int64.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else {
            self = .other
        }
    }

    /// The value as a trimmed string; numbers are written in decimal, bools and objects give nil.
    var stringValue: String? {
        switch self {
        case .string(let s): return s.trimmingCharacters(in: .whitespacesAndNewlines)
        case .int(let i): return String(i)
        case .double(let d):
            guard d.isFinite else { return nil }
            if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
            return String(d)
        case .null, .bool, .other: return nil
        }
    }

    /// The value as a 64-bit integer: integral numbers and numeric strings ("12", "12.0") qualify.
    var int64Value: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d): return Int64(exactly: d)
        case .string(let raw):
            let s = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if let i = Int64(s) { return i }
            if let d = Double(s), d.isFinite { return Int64(exactly: d) }
            return nil
        case .null, .bool, .other: return nil
        }
    }

    /// The value as a platform integer.
    var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// The value as a finite double: numbers and numeric strings qualify.
    var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d.isFinite ? d : nil
        case .string(let raw):
            guard let d = Double(raw.trimmingCharacters(in: .whitespacesAndNewlines)), d.isFinite else { return nil }
            return d
        case .null, .bool, .other: return nil
        }
    }

    /// The value as a bool: JSON bools, 0/1, and "true"/"false"/"yes"/"no"/"1"/"0" strings qualify.
    var boolValue: Bool? {
        switch self {
        case .bool(let b): return b
        case .int(let i): return i == 0 ? false : (i == 1 ? true : nil)
        case .double(let d): return d == 0 ? false : (d == 1 ? true : nil)
        case .string(let raw):
            switch raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            case "true", "yes", "y", "1": return true
            case "false", "no", "n", "0": return false
            default: return nil
            }
        case .null, .other: return nil
        }
    }
}

/// Wraps the decoding of one element so that a failure is recorded instead of thrown.
/// Decoding the wrapper always consumes exactly one value from an unkeyed container.
struct FailableElement<Wrapped: Decodable>: Decodable {
    /// The decoded element, or nil when it could not be decoded.
    let value: Wrapped?

    init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}

/// An array that skips elements it cannot decode instead of failing as a whole.
///
/// If the JSON holds an object where an array was expected, its values are used, ordered by key
/// (numerically when the keys are integers).
public struct LossyArray<Element: Decodable>: Decodable {
    /// The elements that decoded successfully, in their original order.
    public var elements: [Element]

    /// Creates a lossy array from already-decoded elements.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// Decodes a JSON array, dropping bad elements; accepts an object by taking its values.
    public init(from decoder: any Decoder) throws {
        if var c = try? decoder.unkeyedContainer() {
            var out: [Element] = []
            if let n = c.count { out.reserveCapacity(n) }
            while !c.isAtEnd {
                let before = c.currentIndex
                if let wrapped = try? c.decode(FailableElement<Element>.self) {
                    if let element = wrapped.value { out.append(element) }
                } else {
                    _ = try? c.decode(FailableElement<LenientScalar>.self)
                }
                if c.currentIndex == before { break }  // could not advance: give up on the rest
            }
            elements = out
        } else {
            let map = try LossyMap<Element>(from: decoder)
            elements = map.dictionary.sorted { lhs, rhs in
                LossyArray.keyOrder(lhs.key, rhs.key)
            }.map(\.value)
        }
    }

    /// Orders map keys numerically when both are integers, else lexically.
    static func keyOrder(_ lhs: String, _ rhs: String) -> Bool {
        if let l = Int64(lhs), let r = Int64(rhs) { return l < r }
        return lhs < rhs
    }
}

/// A string-keyed map that skips values it cannot decode instead of failing as a whole.
public struct LossyMap<Value: Decodable>: Decodable {
    /// The entries whose values decoded successfully.
    public var dictionary: [String: Value]

    /// Creates a lossy map from already-decoded entries.
    public init(_ dictionary: [String: Value]) {
        self.dictionary = dictionary
    }

    /// Decodes a JSON object, dropping entries whose values are malformed.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: LenientCodingKey.self)
        var out: [String: Value] = [:]
        out.reserveCapacity(c.allKeys.count)
        for key in c.allKeys {
            if let value = (try? c.decode(FailableElement<Value>.self, forKey: key))?.value {
                out[key.stringValue] = value
            }
        }
        dictionary = out
    }
}

extension KeyedDecodingContainer {
    /// Reads the raw scalar under `key`, or nil when the key is missing or unreadable.
    func lenientScalar(_ key: Key) -> LenientScalar? {
        guard contains(key) else { return nil }
        return try? decode(LenientScalar.self, forKey: key)
    }

    /// A trimmed string; numbers are converted to their decimal text; missing, null or unusable gives "".
    public func lenientString(_ key: Key) -> String {
        lenientStringIfPresent(key) ?? ""
    }

    /// A trimmed string, or nil when the value is missing, null or cannot be read as text.
    public func lenientStringIfPresent(_ key: Key) -> String? {
        lenientScalar(key)?.stringValue
    }

    /// An integer ("12" and 12.0 are accepted), or `defaultValue` when missing, null or unusable.
    public func lenientInt(_ key: Key, default defaultValue: Int = 0) -> Int {
        lenientIntIfPresent(key) ?? defaultValue
    }

    /// An integer ("12" and 12.0 are accepted), or nil when missing, null or unusable.
    public func lenientIntIfPresent(_ key: Key) -> Int? {
        lenientScalar(key)?.intValue
    }

    /// A 64-bit integer, or `defaultValue` when missing, null or unusable.
    public func lenientInt64(_ key: Key, default defaultValue: Int64 = 0) -> Int64 {
        lenientScalar(key)?.int64Value ?? defaultValue
    }

    /// A finite double (numeric strings are accepted), or `defaultValue` when missing, null or unusable.
    public func lenientDouble(_ key: Key, default defaultValue: Double = 0) -> Double {
        lenientDoubleIfPresent(key) ?? defaultValue
    }

    /// A finite double (numeric strings are accepted), or nil when missing, null or unusable.
    public func lenientDoubleIfPresent(_ key: Key) -> Double? {
        lenientScalar(key)?.doubleValue
    }

    /// A bool (0/1 and "true"/"false" are accepted), or `defaultValue` when missing, null or unusable.
    public func lenientBool(_ key: Key, default defaultValue: Bool = false) -> Bool {
        lenientBoolIfPresent(key) ?? defaultValue
    }

    /// A bool (0/1 and "true"/"false" are accepted), or nil when missing, null or unusable.
    public func lenientBoolIfPresent(_ key: Key) -> Bool? {
        lenientScalar(key)?.boolValue
    }

    /// A PTV timestamp string parsed with ``PTVTimestamp/parse(_:)``, or nil when missing, null or unparsable.
    public func lenientDate(_ key: Key) -> Date? {
        guard case .string(let s)? = lenientScalar(key) else { return nil }
        return PTVTimestamp.parse(s)
    }

    /// An array of integers; elements that are not integers are skipped; missing or null gives [].
    public func lenientIntArray(_ key: Key) -> [Int] {
        lenientArray(key, as: LenientScalar.self).compactMap(\.intValue)
    }

    /// An array of decodable values with bad elements skipped; missing, null or not a list gives [].
    /// An object is accepted in place of a list (its values are taken, ordered by key).
    public func lenientArray<T: Decodable>(_ key: Key, as type: T.Type = T.self) -> [T] {
        guard contains(key) else { return [] }
        return (try? decode(LossyArray<T>.self, forKey: key))?.elements ?? []
    }

    /// A string-keyed map with bad values skipped; missing, null or not an object gives [:].
    public func lenientMap<T: Decodable>(_ key: Key, as type: T.Type = T.self) -> [String: T] {
        guard contains(key) else { return [:] }
        return (try? decode(LossyMap<T>.self, forKey: key))?.dictionary ?? [:]
    }

    /// A nested object, or nil when it is missing, null or cannot be decoded.
    public func lenientObject<T: Decodable>(_ key: Key, as type: T.Type = T.self) -> T? {
        guard contains(key) else { return nil }
        return (try? decode(FailableElement<T>.self, forKey: key))?.value
    }
}

extension KeyedEncodingContainer {
    /// Encodes a date as a PTV UTC timestamp string ("yyyy-MM-dd'T'HH:mm:ss'Z'"), or JSON null when nil.
    public mutating func encodeTimestamp(_ date: Date?, forKey key: Key) throws {
        if let date {
            try encode(PTVTimestamp.format(date), forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }

    /// Encodes a value, or an explicit JSON null when it is nil (PTV sends nulls rather than omitting keys).
    public mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }
}

/// `LossyArray` is sendable when its elements are.
extension LossyArray: Sendable where Element: Sendable {}
/// `LossyArray` compares by its elements.
extension LossyArray: Equatable where Element: Equatable {}
/// `LossyArray` encodes as a plain JSON array.
extension LossyArray: Encodable where Element: Encodable {
    /// Encodes the elements as a plain array.
    public func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}

/// `LossyMap` is sendable when its values are.
extension LossyMap: Sendable where Value: Sendable {}
/// `LossyMap` compares by its entries.
extension LossyMap: Equatable where Value: Equatable {}
/// `LossyMap` encodes as a plain string-keyed JSON object.
extension LossyMap: Encodable where Value: Encodable {
    /// Encodes the entries as a plain object.
    public func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}

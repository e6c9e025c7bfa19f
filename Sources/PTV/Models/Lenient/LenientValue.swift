import Foundation

/// A type that can be read from whatever JSON PTV sends in its place, without ever throwing.
///
/// PTV models adopt it through ``PTVModel`` (an object that cannot be decoded reads as nil); scalars coerce
/// numbers and text into each other; lists and maps drop the elements they cannot read.
public protocol LenientReadable {
    /// The value read from `decoder`, or nil when the JSON there cannot be used.
    /// - Parameter decoder: A decoder positioned on one JSON value.
    static func lenient(from decoder: any Decoder) -> Self?
}

/// A lenient type with a value for a key that is missing, null or unusable ("", 0, false, nil, [] or [:]).
public protocol LenientValue: LenientReadable {
    /// The value of a missing, null or unusable key.
    static var absent: Self { get }
}

/// A PTV object: decoded with synthesised `Decodable` over lenient fields, and never fatal inside a list.
public protocol PTVModel: Decodable, Sendable, Equatable, LenientReadable {}

extension PTVModel {
    /// The object, or nil when the JSON is not an object.
    public static func lenient(from decoder: any Decoder) -> Self? { try? Self(from: decoder) }
}

/// An object that a map is keyed by when PTV sends a list where a map was expected.
public protocol PTVMapKeyed {
    /// The key this object has in a PTV map (its id, or `run_ref` for runs).
    var mapKey: String { get }
}

/// Reads one value without throwing, so reading it always consumes exactly one JSON value.
struct LenientBox<Value: LenientReadable>: Decodable {
    /// The value, or nil when it could not be read.
    let value: Value?

    init(from decoder: any Decoder) {
        value = Value.lenient(from: decoder)
    }
}

extension LenientScalar {
    /// Reads the scalar at `decoder`, nil when even that fails.
    static func read(_ decoder: any Decoder) -> LenientScalar? { try? LenientScalar(from: decoder) }
}

extension String: LenientValue {
    /// Trimmed text; numbers are written in decimal.
    public static func lenient(from decoder: any Decoder) -> String? { LenientScalar.read(decoder)?.stringValue }
    /// "".
    public static var absent: String { "" }
}

extension Int: LenientValue {
    /// An integer; "12" and 12.0 qualify.
    public static func lenient(from decoder: any Decoder) -> Int? { LenientScalar.read(decoder)?.intValue }
    /// 0.
    public static var absent: Int { 0 }
}

extension Int64: LenientValue {
    /// A 64-bit integer; "12" and 12.0 qualify.
    public static func lenient(from decoder: any Decoder) -> Int64? { LenientScalar.read(decoder)?.int64Value }
    /// 0.
    public static var absent: Int64 { 0 }
}

extension Double: LenientValue {
    /// A finite number; numeric text qualifies.
    public static func lenient(from decoder: any Decoder) -> Double? { LenientScalar.read(decoder)?.doubleValue }
    /// 0.
    public static var absent: Double { 0 }
}

extension Bool: LenientValue {
    /// A bool; 0/1 and "true"/"false"/"yes"/"no" qualify.
    public static func lenient(from decoder: any Decoder) -> Bool? { LenientScalar.read(decoder)?.boolValue }
    /// false.
    public static var absent: Bool { false }
}

extension Date: LenientReadable {
    /// A PTV timestamp string (see ``PTVTimestamp/parse(_:)``); numbers do not qualify, nor does a placeholder
    /// (``PTVTimestamp/isPlaceholder(_:)``): it is read as no time at all.
    public static func lenient(from decoder: any Decoder) -> Date? {
        guard case .string(let text)? = LenientScalar.read(decoder), let date = PTVTimestamp.parse(text) else { return nil }
        return PTVTimestamp.isPlaceholder(date) ? nil : date
    }
}

extension RouteType: LenientValue {
    /// An integer code, a numeric string or a slug.
    public static func lenient(from decoder: any Decoder) -> RouteType? { try? RouteType(from: decoder) }
    /// Train (0), as PTV's own default.
    public static var absent: RouteType { .train }
}

extension Optional: LenientReadable where Wrapped: LenientReadable {
    /// The wrapped value; nil when it cannot be read.
    public static func lenient(from decoder: any Decoder) -> Wrapped?? { .some(Wrapped.lenient(from: decoder)) }
}

extension Optional: LenientValue where Wrapped: LenientReadable {
    /// nil.
    public static var absent: Wrapped? { nil }
}

extension Array: LenientReadable where Element: LenientReadable {
    /// The elements that can be read, in order. An object in place of a list gives its values, ordered by key
    /// (numerically when the keys are integers).
    public static func lenient(from decoder: any Decoder) -> [Element]? {
        if var list = try? decoder.unkeyedContainer() {
            var out: [Element] = []
            while !list.isAtEnd, let box = try? list.decode(LenientBox<Element>.self) {
                if let element = box.value { out.append(element) }
            }
            return out
        }
        guard let map = [String: Element].entries(decoder) else { return nil }
        return map.sorted { keyOrder($0.key, $1.key) }.map(\.value)
    }

    /// Orders map keys numerically when both are integers, else lexically.
    static func keyOrder(_ lhs: String, _ rhs: String) -> Bool {
        if let l = Int64(lhs), let r = Int64(rhs) { return l < r }
        return lhs < rhs
    }
}

extension Array: LenientValue where Element: LenientReadable {
    /// [].
    public static var absent: [Element] { [] }
}

extension Dictionary: LenientReadable where Key == String, Value: LenientReadable {
    /// The entries whose values can be read. A list in place of the map is keyed by each element's
    /// ``PTVMapKeyed/mapKey`` (the first of equal keys wins).
    public static func lenient(from decoder: any Decoder) -> [String: Value]? {
        if let map = entries(decoder) { return map }
        guard (try? decoder.unkeyedContainer()) != nil, let list = [Value].lenient(from: decoder) else { return nil }
        let keyed = list.compactMap { value in (value as? any PTVMapKeyed).map { ($0.mapKey, value) } }
        return Dictionary(keyed, uniquingKeysWith: { first, _ in first })
    }

    /// The readable entries of a JSON object, or nil when the value is not an object.
    static func entries(_ decoder: any Decoder) -> [String: Value]? {
        guard let object = try? decoder.container(keyedBy: LenientCodingKey.self) else { return nil }
        var out: [String: Value] = [:]
        for key in object.allKeys {
            if let value = (try? object.decode(LenientBox<Value>.self, forKey: key))?.value {
                out[key.stringValue] = value
            }
        }
        return out
    }
}

extension Dictionary: LenientValue where Key == String, Value: LenientReadable {
    /// [:].
    public static var absent: [String: Value] { [:] }
}

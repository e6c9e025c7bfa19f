import Foundation

// The raw material of lenient decoding (see `LenientValue.swift` and `Lenient.swift`).
//
// Real PTV responses are messier than the Swagger spec: fields go missing or are `null`,
// numbers turn up as strings and strings as numbers, and strings carry trailing spaces.

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

    /// The value as a trimmed string, with no character a page may not carry (`PTVText.cleaned`); numbers are
    /// written in decimal, bools and objects give nil.
    var stringValue: String? {
        switch self {
        case .string(let s): return PTVText.cleaned(s).trimmingCharacters(in: .whitespacesAndNewlines)
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

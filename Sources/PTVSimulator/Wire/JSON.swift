import Foundation
import PTV

/// A JSON value as the simulator writes it: objects keyed exactly as PTV spells its keys.
///
/// The simulator is PTV's other side, so it writes PTV's shape (which keys are `null`, which are left out,
/// `manouvering`, an empty `telebus` as null) key by key rather than through types of its own; the app's
/// models only ever decode. Objects are written with sorted keys, so equal inputs give byte-identical bodies.
enum JSON: Encodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// An object from PTV keys and values; a nil optional value is written as `null`.
    /// - Parameter fields: Keys and values, in any order.
    static func keyed(_ fields: KeyValuePairs<String, any JSONValue>) -> JSON {
        .object(Dictionary(fields.map { ($0.key, $0.value.json) }) { first, _ in first })
    }

    /// A response body: the endpoint's fields and the `status` every PTV response carries.
    /// - Parameter fields: The endpoint's fields.
    static func response(_ fields: KeyValuePairs<String, any JSONValue>) -> JSON {
        var body = keyed(fields)
        body["status"] = .object(["version": .string("3.0"), "health": .int(1)])
        return body
    }

    /// Sets or removes (with nil) one key of an object; other values are left alone.
    subscript(key: String) -> JSON? {
        get {
            guard case .object(let fields) = self else { return nil }
            return fields[key]
        }
        set {
            guard case .object(var fields) = self else { return }
            fields[key] = newValue
            self = .object(fields)
        }
    }

    /// The body text: keys sorted, slashes unescaped.
    func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let fields):
            var c = encoder.container(keyedBy: LenientCodingKey.self)
            for (key, value) in fields { try c.encode(value, forKey: LenientCodingKey(key)) }
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let value): try value.encode(to: encoder)
        case .int(let value): try value.encode(to: encoder)
        case .double(let value): try value.encode(to: encoder)
        case .string(let value): try value.encode(to: encoder)
        }
    }
}

/// A value the simulator can write as JSON.
protocol JSONValue: Sendable {
    /// The value as JSON.
    var json: JSON { get }
}

extension JSON: JSONValue {
    var json: JSON { self }
}

extension Bool: JSONValue {
    var json: JSON { .bool(self) }
}

extension Int: JSONValue {
    var json: JSON { .int(self) }
}

extension Int64: JSONValue {
    var json: JSON { .int(Int(self)) }
}

extension Double: JSONValue {
    var json: JSON { .double(self) }
}

extension String: JSONValue {
    var json: JSON { .string(self) }
}

extension Date: JSONValue {
    /// PTV's UTC timestamp, e.g. "2026-11-20T21:30:00Z".
    var json: JSON { .string(PTVTimestamp.format(self)) }
}

extension RouteType: JSONValue {
    var json: JSON { .int(rawValue) }
}

extension Optional: JSONValue where Wrapped: JSONValue {
    /// `null` when nil.
    var json: JSON { self?.json ?? .null }
}

extension Array: JSONValue where Element: JSONValue {
    var json: JSON { .array(map(\.json)) }
}

extension Dictionary: JSONValue where Key == String, Value: JSONValue {
    var json: JSON { .object(mapValues(\.json)) }
}

import Foundation
import PTV

/// How the simulator writes PTV's JSON (the Encodable half the app never needs).
///
/// Wire types name each property after its PTV key in camel case (`stopId` for `stop_id`,
/// `scheduledDepartureUTC` for `scheduled_departure_utc`), and synthesised `Encodable` writes them through
/// ``encoder``: keys in snake case and sorted, dates as PTV's UTC timestamps. A nil optional is left out, as
/// PTV leaves out keys it has nothing for; a field PTV sends as `null` is marked ``OrNull``.
enum WireEncoding {
    /// The encoder every simulator body goes through, so equal inputs give byte-identical bodies.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var single = encoder.singleValueContainer()
            try single.encode(PTVTimestamp.format(date))
        }
        encoder.keyEncodingStrategy = .custom { path in WireKey(snakeCase: path.last?.stringValue ?? "") }
        return encoder
    }

    /// PTV's key for a property name: `stopId` → `stop_id`, `scheduledDepartureUTC` → `scheduled_departure_utc`.
    /// Map keys (ids, run refs such as "44-684--1-MF5-95614710", bucket names) are not property names and
    /// pass unchanged.
    static func snakeCase(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, CharacterSet.lowercaseLetters.contains(first),
              name.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.letters.contains($0) }) else { return name }
        var out = ""
        var previousIsLower = false
        for character in name {
            if character.isUppercase, previousIsLower { out += "_" }
            previousIsLower = character.isLowercase
            out += character.lowercased()
        }
        return out
    }
}

/// A key written in PTV's snake case.
struct WireKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(snakeCase name: String) {
        stringValue = WireEncoding.snakeCase(name)
    }

    init?(intValue: Int) {
        nil
    }
}

/// A field PTV sends as `null` rather than leaving out when it has no value.
@propertyWrapper
struct OrNull<Value: Encodable & Sendable>: Encodable, Sendable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        if let wrappedValue { try single.encode(wrappedValue) } else { try single.encodeNil() }
    }
}

/// A PTV response: the endpoint's fields and the healthy `status` every response carries.
struct WireResponse: Encodable, Sendable {
    /// The endpoint's fields by PTV key.
    let fields: [String: any Encodable & Sendable]

    /// `{"version": "3.0", "health": 1}`.
    private struct Status: Encodable {
        let version = "3.0"
        let health = 1
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: WireKey.self)
        for (key, value) in fields { try c.encode(value, forKey: WireKey(stringValue: key)) }
        try c.encode(Status(), forKey: WireKey(stringValue: "status"))
    }
}

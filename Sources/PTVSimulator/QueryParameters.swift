import Foundation
import PTV

/// What `expand` asked for.
struct Expansion: OptionSet, Sendable {
    /// The bits.
    let rawValue: Int
    /// Fill the `stops` map.
    static let stop = Expansion(rawValue: 1)
    /// Fill the `routes` map.
    static let route = Expansion(rawValue: 2)
    /// Fill the `runs` map.
    static let run = Expansion(rawValue: 4)
    /// Fill the `directions` map.
    static let direction = Expansion(rawValue: 8)
    /// Fill the `disruptions` map (or list, in patterns).
    static let disruption = Expansion(rawValue: 16)
    /// Fill `vehicle_position` on runs.
    static let vehiclePosition = Expansion(rawValue: 32)
    /// Fill `vehicle_descriptor` on runs.
    static let vehicleDescriptor = Expansion(rawValue: 64)
    /// Everything (`expand=All`).
    static let all: Expansion = [.stop, .route, .run, .direction, .disruption, .vehiclePosition, .vehicleDescriptor]
}

/// A request's decoded query, without `devid` and `signature`. Names compare case-insensitively, as on PTV.
struct QueryParameters: Sendable {
    private let items: [(name: String, value: String)]

    /// Wraps decoded pairs.
    /// - Parameter items: Decoded name/value pairs in order.
    init(_ items: [(String, String)]) {
        self.items = items.map { ($0.0.lowercased(), $0.1) }.filter { $0.0 != "devid" && $0.0 != "signature" }
    }

    /// Every value of a (possibly repeated) parameter.
    func values(_ name: String) -> [String] {
        items.filter { $0.name == name }.map(\.value)
    }

    /// The first value of a parameter.
    func value(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// An integer parameter within `range`, or nil when absent; 400 when malformed or out of range.
    func int(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(APIError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(number) else {
            throw .badRequest("\(name) '\(text)' is invalid.")
        }
        return number
    }

    /// A boolean parameter ("true"/"false", any case), false when absent; 400 when malformed.
    func bool(_ name: String) throws(APIError) -> Bool {
        guard let text = value(name) else { return false }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0", "": return false
        default: throw .badRequest("\(name) '\(text)' is not a boolean.")
        }
    }

    /// The repeated `route_types` filter; 400 for an unknown type.
    func routeTypes() throws(APIError) -> [RouteType] {
        try values("route_types").map { text throws(APIError) in try Self.routeType(text) }
    }

    /// A date-time parameter such as `date_utc`; 400 when unparsable.
    func date(_ name: String) throws(APIError) -> Date? {
        guard let text = value(name) else { return nil }
        guard let date = PTVTimestamp.parse(text) else { throw .badRequest("\(name) '\(text)' is not a valid date.") }
        return date
    }

    /// The `expand` values; `defaultValue` when absent; 400 for an unknown value.
    func expansion(default defaultValue: Expansion = []) throws(APIError) -> Expansion {
        let raw = values("expand")
        guard !raw.isEmpty else { return defaultValue }
        var result: Expansion = []
        for text in raw {
            switch text.lowercased() {
            case "all", "0": result.formUnion(.all)
            case "stop", "1": result.insert(.stop)
            case "route", "2": result.insert(.route)
            case "run", "3": result.insert(.run)
            case "direction", "4": result.insert(.direction)
            case "disruption", "5": result.insert(.disruption)
            case "vehicledescriptor", "6": result.insert(.vehicleDescriptor)
            case "vehicleposition", "7": result.insert(.vehiclePosition)
            case "none", "8": break
            default: throw .badRequest("expand '\(text)' is invalid.")
            }
        }
        return result
    }

    /// Parses a route type code (0 to 4); 400 otherwise.
    /// - Parameter text: The code as sent.
    static func routeType(_ text: String) throws(APIError) -> RouteType {
        guard let code = Int(text), RouteType.known.contains(RouteType(rawValue: code)) else {
            throw .badRequest("route_type '\(text)' is invalid.")
        }
        return RouteType(rawValue: code)
    }

    /// Parses a positive integer id from a path segment; 400 otherwise.
    /// - Parameters:
    ///   - text: The segment.
    ///   - name: The parameter name for the message.
    static func id(_ text: String, _ name: String) throws(APIError) -> Int {
        guard let id = Int(text), id >= 0 else { throw .badRequest("\(name) '\(text)' is invalid.") }
        return id
    }
}

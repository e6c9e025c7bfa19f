import Foundation

/// A PTV transport mode (`route_type`): 0 Train, 1 Tram, 2 Bus, 3 V/Line, 4 Night Bus.
///
/// Unknown raw values are kept as they are, so decoding never fails on a new route type.
public struct RouteType: RawRepresentable, Hashable, Sendable, Decodable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// PTV's integer code for the mode.
    public let rawValue: Int

    /// Wraps any integer code, known or not.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Wraps an integer literal, e.g. `let t: RouteType = 2`.
    public init(integerLiteral value: Int) {
        self.init(rawValue: value)
    }

    /// Metropolitan train (0).
    public static let train = RouteType(rawValue: 0)
    /// Tram (1).
    public static let tram = RouteType(rawValue: 1)
    /// Bus (2).
    public static let bus = RouteType(rawValue: 2)
    /// V/Line regional train and coach (3).
    public static let vline = RouteType(rawValue: 3)
    /// Night bus (4).
    public static let nightBus = RouteType(rawValue: 4)

    /// The route types PTV documents, in code order.
    public static let known: [RouteType] = [.train, .tram, .bus, .vline, .nightBus]

    /// Creates a route type from a URL slug ("train", "tram", "bus", "vline", "night-bus"); case-insensitive.
    /// Returns nil for an unknown slug.
    public init?(slug: String) {
        switch slug.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "train": self = .train
        case "tram": self = .tram
        case "bus": self = .bus
        case "vline", "v-line", "v/line": self = .vline
        case "night-bus", "nightbus", "night_bus": self = .nightBus
        default: return nil
        }
    }

    /// The URL slug for a known route type ("train", "tram", "bus", "vline", "night-bus"), else nil.
    public var slug: String? {
        switch rawValue {
        case 0: return "train"
        case 1: return "tram"
        case 2: return "bus"
        case 3: return "vline"
        case 4: return "night-bus"
        default: return nil
        }
    }

    /// A display name for a known route type ("Train", "Tram", "Bus", "V/Line", "Night bus"), else nil.
    public var name: String? {
        switch rawValue {
        case 0: return "Train"
        case 1: return "Tram"
        case 2: return "Bus"
        case 3: return "V/Line"
        case 4: return "Night bus"
        default: return nil
        }
    }

    /// The display name, or "Route type N" for an unknown code.
    public var description: String {
        name ?? "Route type \(rawValue)"
    }

    /// Decodes an integer code; a numeric string or a slug is also accepted.
    public init(from decoder: any Decoder) throws {
        let scalar = try LenientScalar(from: decoder)
        if let value = scalar.intValue {
            self.init(rawValue: value)
        } else if case .string(let s) = scalar, let type = RouteType(slug: s) {
            self = type
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "Not a route type"))
        }
    }
}

/// One entry of `/v3/route_types`: a mode's name and code.
public struct RouteTypeInfo: PTVModel {
    /// PTV's name for the mode, e.g. "Train", "Vline", "Night Bus".
    @Lenient public var routeTypeName: String
    /// The mode's code.
    @Lenient public var routeType: RouteType

    private enum CodingKeys: String, CodingKey {
        case routeTypeName = "route_type_name", routeType = "route_type"
    }
}

import Foundation

/// A direction of travel on a route (e.g. "City (Flinders Street)"), from directions and departures responses.
public struct Direction: Codable, Sendable, Equatable {
    /// PTV's direction id (shared by routes that run the same way, e.g. 1 = City).
    public var directionId: Int
    /// Direction name, trimmed.
    public var directionName: String
    /// The route this direction belongs to.
    public var routeId: Int
    /// The route's transport mode.
    public var routeType: RouteType
    /// Longer description ("Cranbourne towards City"); "" where PTV omits it (departures maps).
    public var routeDirectionDescription: String

    /// Creates a direction.
    public init(directionId: Int = 0, directionName: String = "", routeId: Int = 0, routeType: RouteType = .train,
                routeDirectionDescription: String = "") {
        self.directionId = directionId
        self.directionName = directionName
        self.routeId = routeId
        self.routeType = routeType
        self.routeDirectionDescription = routeDirectionDescription
    }

    private enum CodingKeys: String, CodingKey {
        case directionId = "direction_id"
        case directionName = "direction_name"
        case routeId = "route_id"
        case routeType = "route_type"
        case routeDirectionDescription = "route_direction_description"
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        directionId = c.lenientInt(.directionId)
        directionName = c.lenientString(.directionName)
        routeId = c.lenientInt(.routeId)
        routeType = c.lenientRouteType(.routeType)
        routeDirectionDescription = c.lenientString(.routeDirectionDescription)
    }

    /// Encodes PTV's shape; `route_direction_description` only when non-empty.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if !routeDirectionDescription.isEmpty {
            try c.encode(routeDirectionDescription, forKey: .routeDirectionDescription)
        }
        try c.encode(directionId, forKey: .directionId)
        try c.encode(directionName, forKey: .directionName)
        try c.encode(routeId, forKey: .routeId)
        try c.encode(routeType, forKey: .routeType)
    }
}

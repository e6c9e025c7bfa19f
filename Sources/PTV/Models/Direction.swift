import Foundation

/// A direction of travel on a route (e.g. "City (Flinders Street)"), from directions and departures responses.
public struct Direction: PTVModel, PTVMapKeyed {
    /// PTV's direction id (shared by routes that run the same way, e.g. 1 = City).
    @Lenient public var directionId: Int
    /// Direction name, trimmed.
    @Lenient public var directionName: String
    /// The route this direction belongs to.
    @Lenient public var routeId: Int
    /// The route's transport mode.
    @Lenient public var routeType: RouteType
    /// Longer description ("Cranbourne towards City"); "" (and left out) where PTV omits it (departures maps).
    @Lenient public var routeDirectionDescription: String

    /// The direction id, as PTV keys directions in departures responses.
    public var mapKey: String { String(directionId) }

    private enum CodingKeys: String, CodingKey {
        case directionId = "direction_id", directionName = "direction_name", routeId = "route_id"
        case routeType = "route_type", routeDirectionDescription = "route_direction_description"
    }
}

import Foundation
import PTV

/// A route as PTV sends it: with `geopath: []` in routes, departures, search and stop responses, and with
/// `direction: null` (and no geopath) on a disruption's routes.
struct WireRoute: Encodable, Sendable {
    var routeType: RouteType
    var routeId: Int
    var routeName: String
    var routeNumber: String
    var routeGtfsId: String
    /// Only in routes and search responses.
    var routeServiceStatus: ServiceStatus?
    /// `[]` except on a disruption's routes, which have none.
    var geopath: [String]? = []
    /// Only on a disruption's routes, where the simulator never limits one to a direction.
    var direction: OrNull<String>?

    /// `{"description": "Good Service", "timestamp": ...}`.
    struct ServiceStatus: Encodable, Sendable {
        let description: String
        let timestamp: Date
    }
}

/// A direction of a route; `route_direction_description` only in directions responses.
struct WireDirection: Encodable, Sendable {
    let directionId: Int
    let directionName: String
    let routeId: Int
    let routeType: RouteType
    let routeDirectionDescription: String?
}

/// One entry of `/v3/route_types`.
struct WireRouteTypeInfo: Encodable, Sendable {
    let routeTypeName: String
    let routeType: RouteType
}

/// One entry of `/v3/disruptions/modes`.
struct WireDisruptionMode: Encodable, Sendable {
    let disruptionModeName: String
    let disruptionMode: Int
}

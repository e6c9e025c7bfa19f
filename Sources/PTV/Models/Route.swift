import Foundation

/// A PTV route (train line, tram or bus route), as found in routes, departures, search, stop and disruption
/// responses. The geopath is not read.
///
/// PTV sends `route_service_status` only in routes and search responses, and `direction` only on a
/// disruption's routes; elsewhere they are nil.
public struct Route: PTVModel, PTVMapKeyed {
    /// The route's transport mode.
    @Lenient public var routeType: RouteType
    /// PTV's internal route id.
    @Lenient public var routeId: Int
    /// Route name, trimmed (e.g. "Cranbourne").
    @Lenient public var routeName: String
    /// Public route number: "" for trains, may be alphanumeric ("745a").
    @Lenient public var routeNumber: String
    /// GTFS route id, e.g. "2-CRB".
    @Lenient public var routeGtfsId: String
    /// The route's service status, when PTV includes it (routes and search responses); left out when nil.
    @Lenient public var serviceStatus: RouteServiceStatus?
    /// The affected direction, on a disruption's route limited to one direction; nil otherwise.
    @Lenient public var direction: DisruptionDirection?

    /// Creates a route.
    public init(routeType: RouteType = .train, routeId: Int = 0, routeName: String = "", routeNumber: String = "",
                routeGtfsId: String = "", serviceStatus: RouteServiceStatus? = nil,
                direction: DisruptionDirection? = nil) {
        self.routeType = routeType
        self.routeId = routeId
        self.routeName = routeName
        self.routeNumber = routeNumber
        self.routeGtfsId = routeGtfsId
        self.serviceStatus = serviceStatus
        self.direction = direction
    }

    /// The route id, as PTV keys routes in departures responses.
    public var mapKey: String { String(routeId) }

    private enum CodingKeys: String, CodingKey {
        case routeType = "route_type", routeId = "route_id", routeName = "route_name", routeNumber = "route_number"
        case routeGtfsId = "route_gtfs_id", serviceStatus = "route_service_status", direction
    }
}

/// A route's service status: `{"description": "Good Service", "timestamp": "..."}`.
public struct RouteServiceStatus: PTVModel {
    /// Status text, e.g. "Good Service" or "Minor Delays".
    @Lenient public var description: String
    /// When the status was last set.
    @Lenient public var timestamp: Date?

}

import Foundation

/// A PTV route (train line, tram or bus route), as found in routes, departures, search and stop responses.
///
/// The route geopath is ignored when decoding and encoded as `[]`.
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
    @Sparse public var serviceStatus: RouteServiceStatus?
    /// PTV's geopath, which the app does not use.
    var geopath = IgnoredList()

    /// Creates a route.
    public init(routeType: RouteType = .train, routeId: Int = 0, routeName: String = "", routeNumber: String = "",
                routeGtfsId: String = "", serviceStatus: RouteServiceStatus? = nil) {
        self.routeType = routeType
        self.routeId = routeId
        self.routeName = routeName
        self.routeNumber = routeNumber
        self.routeGtfsId = routeGtfsId
        self.serviceStatus = serviceStatus
    }

    /// The route id, as PTV keys routes in departures responses.
    public var mapKey: String { String(routeId) }

    private enum CodingKeys: String, CodingKey {
        case routeType = "route_type", routeId = "route_id", routeName = "route_name", routeNumber = "route_number"
        case routeGtfsId = "route_gtfs_id", serviceStatus = "route_service_status", geopath
    }
}

/// A route's service status: `{"description": "Good Service", "timestamp": "..."}`.
public struct RouteServiceStatus: PTVModel {
    /// Status text, e.g. "Good Service" or "Minor Delays".
    @Lenient public var description: String
    /// When the status was last set.
    @Lenient public var timestamp: Date?

    /// Creates a service status.
    public init(description: String = "", timestamp: Date? = nil) {
        self.description = description
        self.timestamp = timestamp
    }
}

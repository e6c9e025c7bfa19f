import Foundation

/// A PTV route (train line, tram or bus route), as found in routes, departures, search and stop responses.
///
/// The route geopath is ignored when decoding and encoded as `[]`.
public struct Route: Codable, Sendable, Equatable {
    /// The route's transport mode.
    public var routeType: RouteType
    /// PTV's internal route id.
    public var routeId: Int
    /// Route name, trimmed (e.g. "Cranbourne").
    public var routeName: String
    /// Public route number: "" for trains, may be alphanumeric ("745a").
    public var routeNumber: String
    /// GTFS route id, e.g. "2-CRB".
    public var routeGtfsId: String
    /// The route's service status, when PTV includes it (routes and search responses).
    public var serviceStatus: RouteServiceStatus?

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

    private enum CodingKeys: String, CodingKey {
        case routeType = "route_type"
        case routeId = "route_id"
        case routeName = "route_name"
        case routeNumber = "route_number"
        case routeGtfsId = "route_gtfs_id"
        case serviceStatus = "route_service_status"
        case geopath
    }

    /// Decodes leniently (missing fields default, strings trimmed, numbers coerced).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        routeType = c.lenientRouteType(.routeType)
        routeId = c.lenientInt(.routeId)
        routeName = c.lenientString(.routeName)
        routeNumber = c.lenientString(.routeNumber)
        routeGtfsId = c.lenientString(.routeGtfsId)
        serviceStatus = c.lenientObject(.serviceStatus, as: RouteServiceStatus.self)
    }

    /// Encodes PTV's shape, with `geopath: []`; `route_service_status` only when present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(routeType, forKey: .routeType)
        try c.encode(routeId, forKey: .routeId)
        try c.encode(routeName, forKey: .routeName)
        try c.encode(routeNumber, forKey: .routeNumber)
        try c.encode(routeGtfsId, forKey: .routeGtfsId)
        try c.encode([String](), forKey: .geopath)
        try c.encodeIfPresent(serviceStatus, forKey: .serviceStatus)
    }
}

/// A route's service status: `{"description": "Good Service", "timestamp": "..."}`.
public struct RouteServiceStatus: Codable, Sendable, Equatable {
    /// Status text, e.g. "Good Service" or "Minor Delays".
    public var description: String
    /// When the status was last set.
    public var timestamp: Date?

    /// Creates a service status.
    public init(description: String = "", timestamp: Date? = nil) {
        self.description = description
        self.timestamp = timestamp
    }

    private enum CodingKeys: String, CodingKey {
        case description, timestamp
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        description = c.lenientString(.description)
        timestamp = c.lenientDate(.timestamp)
    }

    /// Encodes PTV's shape (a nil timestamp becomes null).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(description, forKey: .description)
        try c.encodeTimestamp(timestamp, forKey: .timestamp)
    }
}

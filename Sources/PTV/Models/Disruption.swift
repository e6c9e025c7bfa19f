import Foundation

/// A service disruption (planned works, delays, closures, ...).
///
/// `mode` is not a PTV field: ``DisruptionsResponse`` sets it to the name of the bucket the disruption
/// came from ("metro_train", "general", ...). It is never encoded.
public struct Disruption: Codable, Sendable, Equatable {
    /// PTV's disruption id (int64).
    public var disruptionId: Int64
    /// Headline.
    public var title: String
    /// Link to more information (may be a generic page).
    public var url: String
    /// Full description.
    public var description: String
    /// "Current" or "Planned".
    public var disruptionStatus: String
    /// E.g. "Planned Works", "Minor Delays", "Part Suspended".
    public var disruptionType: String
    /// When the disruption was published.
    public var publishedOn: Date?
    /// When it was last updated.
    public var lastUpdated: Date?
    /// When it starts.
    public var fromDate: Date?
    /// When it ends; nil when open-ended.
    public var toDate: Date?
    /// Affected routes.
    public var routes: [DisruptionRoute]
    /// Affected stops.
    public var stops: [DisruptionStop]
    /// Display colour, e.g. "#ffd500".
    public var colour: String
    /// Shown on the on-board displays.
    public var displayOnBoard: Bool
    /// Shown in the status display.
    public var displayStatus: Bool
    /// Bucket name it was listed under in `/v3/disruptions` (set by ``DisruptionsResponse``); not a PTV field.
    public var mode: String?

    /// Creates a disruption.
    public init(disruptionId: Int64 = 0, title: String = "", url: String = "", description: String = "",
                disruptionStatus: String = "", disruptionType: String = "", publishedOn: Date? = nil,
                lastUpdated: Date? = nil, fromDate: Date? = nil, toDate: Date? = nil, routes: [DisruptionRoute] = [],
                stops: [DisruptionStop] = [], colour: String = "", displayOnBoard: Bool = false,
                displayStatus: Bool = false, mode: String? = nil) {
        self.disruptionId = disruptionId
        self.title = title
        self.url = url
        self.description = description
        self.disruptionStatus = disruptionStatus
        self.disruptionType = disruptionType
        self.publishedOn = publishedOn
        self.lastUpdated = lastUpdated
        self.fromDate = fromDate
        self.toDate = toDate
        self.routes = routes
        self.stops = stops
        self.colour = colour
        self.displayOnBoard = displayOnBoard
        self.displayStatus = displayStatus
        self.mode = mode
    }

    private enum CodingKeys: String, CodingKey {
        case disruptionId = "disruption_id"
        case title, url, description
        case disruptionStatus = "disruption_status"
        case disruptionType = "disruption_type"
        case publishedOn = "published_on"
        case lastUpdated = "last_updated"
        case fromDate = "from_date"
        case toDate = "to_date"
        case routes, stops, colour
        case displayOnBoard = "display_on_board"
        case displayStatus = "display_status"
    }

    /// Decodes leniently; `mode` is left nil.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        disruptionId = c.lenientInt64(.disruptionId)
        title = c.lenientString(.title)
        url = c.lenientString(.url)
        description = c.lenientString(.description)
        disruptionStatus = c.lenientString(.disruptionStatus)
        disruptionType = c.lenientString(.disruptionType)
        publishedOn = c.lenientDate(.publishedOn)
        lastUpdated = c.lenientDate(.lastUpdated)
        fromDate = c.lenientDate(.fromDate)
        toDate = c.lenientDate(.toDate)
        routes = c.lenientArray(.routes, as: DisruptionRoute.self)
        stops = c.lenientArray(.stops, as: DisruptionStop.self)
        colour = c.lenientString(.colour)
        displayOnBoard = c.lenientBool(.displayOnBoard)
        displayStatus = c.lenientBool(.displayStatus)
        mode = nil
    }

    /// Encodes PTV's shape (nil dates become null; `mode` is not written).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(disruptionId, forKey: .disruptionId)
        try c.encode(title, forKey: .title)
        try c.encode(url, forKey: .url)
        try c.encode(description, forKey: .description)
        try c.encode(disruptionStatus, forKey: .disruptionStatus)
        try c.encode(disruptionType, forKey: .disruptionType)
        try c.encodeTimestamp(publishedOn, forKey: .publishedOn)
        try c.encodeTimestamp(lastUpdated, forKey: .lastUpdated)
        try c.encodeTimestamp(fromDate, forKey: .fromDate)
        try c.encodeTimestamp(toDate, forKey: .toDate)
        try c.encode(routes, forKey: .routes)
        try c.encode(stops, forKey: .stops)
        try c.encode(colour, forKey: .colour)
        try c.encode(displayOnBoard, forKey: .displayOnBoard)
        try c.encode(displayStatus, forKey: .displayStatus)
    }
}

/// A route affected by a disruption.
public struct DisruptionRoute: Codable, Sendable, Equatable {
    /// The route's transport mode.
    public var routeType: RouteType
    /// PTV's route id.
    public var routeId: Int
    /// Route name, trimmed.
    public var routeName: String
    /// Public route number ("" for trains).
    public var routeNumber: String
    /// GTFS route id.
    public var routeGtfsId: String
    /// The affected direction, when the disruption is limited to one.
    public var direction: DisruptionDirection?

    /// Creates a disruption route.
    public init(routeType: RouteType = .train, routeId: Int = 0, routeName: String = "", routeNumber: String = "",
                routeGtfsId: String = "", direction: DisruptionDirection? = nil) {
        self.routeType = routeType
        self.routeId = routeId
        self.routeName = routeName
        self.routeNumber = routeNumber
        self.routeGtfsId = routeGtfsId
        self.direction = direction
    }

    private enum CodingKeys: String, CodingKey {
        case routeType = "route_type"
        case routeId = "route_id"
        case routeName = "route_name"
        case routeNumber = "route_number"
        case routeGtfsId = "route_gtfs_id"
        case direction
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        routeType = c.lenientRouteType(.routeType)
        routeId = c.lenientInt(.routeId)
        routeName = c.lenientString(.routeName)
        routeNumber = c.lenientString(.routeNumber)
        routeGtfsId = c.lenientString(.routeGtfsId)
        direction = c.lenientObject(.direction, as: DisruptionDirection.self)
    }

    /// Encodes PTV's shape (a nil direction becomes null).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(routeType, forKey: .routeType)
        try c.encode(routeId, forKey: .routeId)
        try c.encode(routeName, forKey: .routeName)
        try c.encode(routeNumber, forKey: .routeNumber)
        try c.encode(routeGtfsId, forKey: .routeGtfsId)
        try c.encodeOrNull(direction, forKey: .direction)
    }
}

/// The direction of a route affected by a disruption.
public struct DisruptionDirection: Codable, Sendable, Equatable {
    /// Route-direction id.
    public var routeDirectionId: Int
    /// Direction id.
    public var directionId: Int
    /// Direction name, trimmed.
    public var directionName: String
    /// Local (Melbourne) time of the affected service, "HH:MM:SS", when the disruption targets one service.
    public var serviceTime: String?

    /// Creates a disruption direction.
    public init(routeDirectionId: Int = 0, directionId: Int = 0, directionName: String = "",
                serviceTime: String? = nil) {
        self.routeDirectionId = routeDirectionId
        self.directionId = directionId
        self.directionName = directionName
        self.serviceTime = serviceTime
    }

    private enum CodingKeys: String, CodingKey {
        case routeDirectionId = "route_direction_id"
        case directionId = "direction_id"
        case directionName = "direction_name"
        case serviceTime = "service_time"
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        routeDirectionId = c.lenientInt(.routeDirectionId)
        directionId = c.lenientInt(.directionId)
        directionName = c.lenientString(.directionName)
        serviceTime = c.lenientStringIfPresent(.serviceTime)
    }

    /// Encodes PTV's shape (a nil service time becomes null).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(routeDirectionId, forKey: .routeDirectionId)
        try c.encode(directionId, forKey: .directionId)
        try c.encode(directionName, forKey: .directionName)
        try c.encodeOrNull(serviceTime, forKey: .serviceTime)
    }
}

/// A stop affected by a disruption.
public struct DisruptionStop: Codable, Sendable, Equatable {
    /// PTV's stop id.
    public var stopId: Int
    /// Stop name, trimmed.
    public var stopName: String

    /// Creates a disruption stop.
    public init(stopId: Int = 0, stopName: String = "") {
        self.stopId = stopId
        self.stopName = stopName
    }

    private enum CodingKeys: String, CodingKey {
        case stopId = "stop_id"
        case stopName = "stop_name"
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stopId = c.lenientInt(.stopId)
        stopName = c.lenientString(.stopName)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stopId, forKey: .stopId)
        try c.encode(stopName, forKey: .stopName)
    }
}

/// One disruption mode from `/v3/disruptions/modes`, e.g. `metro_train` = 1.
public struct DisruptionMode: Codable, Sendable, Equatable {
    /// Mode name, which is also the bucket name in `/v3/disruptions` (e.g. "metro_train").
    public var disruptionModeName: String
    /// Mode code (metro_train 1, metro_bus 2, metro_tram 3, ..., general 100).
    public var disruptionMode: Int

    /// Creates a disruption mode.
    public init(disruptionModeName: String = "", disruptionMode: Int = 0) {
        self.disruptionModeName = disruptionModeName
        self.disruptionMode = disruptionMode
    }

    private enum CodingKeys: String, CodingKey {
        case disruptionModeName = "disruption_mode_name"
        case disruptionMode = "disruption_mode"
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        disruptionModeName = c.lenientString(.disruptionModeName)
        disruptionMode = c.lenientInt(.disruptionMode)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(disruptionModeName, forKey: .disruptionModeName)
        try c.encode(disruptionMode, forKey: .disruptionMode)
    }
}

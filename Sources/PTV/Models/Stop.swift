import Foundation

/// A stop, as found in departures and pattern `stops` maps, stops near a point (StopGeosearch),
/// stops on a route (StopOnRoute), search results (ResultStop) and pattern `skipped_stops`.
///
/// Fields that only some shapes carry are optional or empty elsewhere: `routes` (geosearch, search),
/// `stopDistance` (geosearch, search, departures), `stopTicket` (stops on route, pattern).
public struct Stop: Codable, Sendable, Equatable {
    /// PTV's internal stop id.
    public var stopId: Int
    /// Stop name, trimmed (PTV sends "Flinders Street " etc.).
    public var stopName: String
    /// Suburb, trimmed.
    public var stopSuburb: String
    /// The stop's transport mode.
    public var routeType: RouteType
    /// Latitude in degrees.
    public var stopLatitude: Double?
    /// Longitude in degrees.
    public var stopLongitude: Double?
    /// Nearby landmark, e.g. "Ringwood Station"; often "".
    public var stopLandmark: String
    /// Position along a route (meaningful for stops on a route with a direction); 0 otherwise.
    public var stopSequence: Int
    /// Distance from the search point in metres, where PTV includes it.
    public var stopDistance: Double?
    /// Ids of disruptions affecting the stop.
    public var disruptionIds: [Int]
    /// Routes serving the stop (geosearch and search results); [] otherwise.
    public var routes: [Route]
    /// Ticketing details (stops on a route, pattern stops), when present.
    public var stopTicket: StopTicket?

    /// Creates a stop.
    public init(stopId: Int = 0, stopName: String = "", stopSuburb: String = "", routeType: RouteType = .train,
                stopLatitude: Double? = nil, stopLongitude: Double? = nil, stopLandmark: String = "",
                stopSequence: Int = 0, stopDistance: Double? = nil, disruptionIds: [Int] = [], routes: [Route] = [],
                stopTicket: StopTicket? = nil) {
        self.stopId = stopId
        self.stopName = stopName
        self.stopSuburb = stopSuburb
        self.routeType = routeType
        self.stopLatitude = stopLatitude
        self.stopLongitude = stopLongitude
        self.stopLandmark = stopLandmark
        self.stopSequence = stopSequence
        self.stopDistance = stopDistance
        self.disruptionIds = disruptionIds
        self.routes = routes
        self.stopTicket = stopTicket
    }

    private enum CodingKeys: String, CodingKey {
        case stopId = "stop_id"
        case stopName = "stop_name"
        case stopSuburb = "stop_suburb"
        case routeType = "route_type"
        case stopLatitude = "stop_latitude"
        case stopLongitude = "stop_longitude"
        case stopLandmark = "stop_landmark"
        case stopSequence = "stop_sequence"
        case stopDistance = "stop_distance"
        case disruptionIds = "disruption_ids"
        case routes
        case stopTicket = "stop_ticket"
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stopId = c.lenientInt(.stopId)
        stopName = c.lenientString(.stopName)
        stopSuburb = c.lenientString(.stopSuburb)
        routeType = c.lenientRouteType(.routeType)
        stopLatitude = c.lenientDoubleIfPresent(.stopLatitude)
        stopLongitude = c.lenientDoubleIfPresent(.stopLongitude)
        stopLandmark = c.lenientString(.stopLandmark)
        stopSequence = c.lenientInt(.stopSequence)
        stopDistance = c.lenientDoubleIfPresent(.stopDistance)
        disruptionIds = c.lenientIntArray(.disruptionIds)
        routes = c.lenientArray(.routes, as: Route.self)
        stopTicket = c.lenientObject(.stopTicket, as: StopTicket.self)
    }

    /// Encodes PTV's shape. `routes` only when non-empty; `stop_distance` and `stop_ticket` only when present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(stopTicket, forKey: .stopTicket)
        try c.encodeIfPresent(stopDistance, forKey: .stopDistance)
        try c.encode(stopSuburb, forKey: .stopSuburb)
        try c.encode(stopName, forKey: .stopName)
        try c.encode(stopId, forKey: .stopId)
        try c.encode(routeType, forKey: .routeType)
        if !routes.isEmpty { try c.encode(routes, forKey: .routes) }
        try c.encodeOrNull(stopLatitude, forKey: .stopLatitude)
        try c.encodeOrNull(stopLongitude, forKey: .stopLongitude)
        try c.encode(stopLandmark, forKey: .stopLandmark)
        try c.encode(stopSequence, forKey: .stopSequence)
        try c.encode(disruptionIds, forKey: .disruptionIds)
    }
}

/// Ticketing details of a stop (`stop_ticket`).
public struct StopTicket: Codable, Sendable, Equatable {
    /// Ticket type text (often "").
    public var ticketType: String
    /// Fare zone text, e.g. "Zone 2".
    public var zone: String
    /// True inside the free tram zone.
    public var isFreeFareZone: Bool
    /// True when the stop has a ticket machine.
    public var ticketMachine: Bool
    /// True when tickets are checked at the stop.
    public var ticketChecks: Bool
    /// True when V/Line services from the stop need a reservation.
    public var vlineReservation: Bool
    /// Fare zone numbers the stop belongs to.
    public var ticketZones: [Int]

    /// Creates ticketing details.
    public init(ticketType: String = "", zone: String = "", isFreeFareZone: Bool = false, ticketMachine: Bool = false,
                ticketChecks: Bool = false, vlineReservation: Bool = false, ticketZones: [Int] = []) {
        self.ticketType = ticketType
        self.zone = zone
        self.isFreeFareZone = isFreeFareZone
        self.ticketMachine = ticketMachine
        self.ticketChecks = ticketChecks
        self.vlineReservation = vlineReservation
        self.ticketZones = ticketZones
    }

    private enum CodingKeys: String, CodingKey {
        case ticketType = "ticket_type"
        case zone
        case isFreeFareZone = "is_free_fare_zone"
        case ticketMachine = "ticket_machine"
        case ticketChecks = "ticket_checks"
        case vlineReservation = "vline_reservation"
        case ticketZones = "ticket_zones"
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ticketType = c.lenientString(.ticketType)
        zone = c.lenientString(.zone)
        isFreeFareZone = c.lenientBool(.isFreeFareZone)
        ticketMachine = c.lenientBool(.ticketMachine)
        ticketChecks = c.lenientBool(.ticketChecks)
        vlineReservation = c.lenientBool(.vlineReservation)
        ticketZones = c.lenientIntArray(.ticketZones)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ticketType, forKey: .ticketType)
        try c.encode(zone, forKey: .zone)
        try c.encode(isFreeFareZone, forKey: .isFreeFareZone)
        try c.encode(ticketMachine, forKey: .ticketMachine)
        try c.encode(ticketChecks, forKey: .ticketChecks)
        try c.encode(vlineReservation, forKey: .vlineReservation)
        try c.encode(ticketZones, forKey: .ticketZones)
    }
}

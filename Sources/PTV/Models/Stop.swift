import Foundation

/// A stop, as found in departures and pattern `stops` maps, stops near a point (StopGeosearch),
/// stops on a route (StopOnRoute), search results (ResultStop), pattern `skipped_stops` and a disruption's
/// `stops` (id and name only).
///
/// Fields that only some shapes carry are optional or empty elsewhere: `routes` (geosearch, search),
/// `stopDistance` (geosearch, search, departures), `stopTicket` (stops on route, pattern).
public struct Stop: PTVModel, PTVMapKeyed {
    /// PTV's internal stop id.
    @Lenient public var stopId: Int
    /// Stop name, trimmed (PTV sends "Flinders Street " etc.).
    @Lenient public var stopName: String
    /// Suburb, trimmed.
    @Lenient public var stopSuburb: String
    /// The stop's transport mode.
    @Lenient public var routeType: RouteType
    /// Latitude in degrees.
    @Lenient public var stopLatitude: Double?
    /// Longitude in degrees.
    @Lenient public var stopLongitude: Double?
    /// Nearby landmark, e.g. "Ringwood Station"; often "".
    @Lenient public var stopLandmark: String
    /// Position along a route (meaningful for stops on a route with a direction); 0 otherwise.
    @Lenient public var stopSequence: Int
    /// Distance from the search point in metres, where PTV includes it.
    @Lenient public var stopDistance: Double?
    /// Ids of disruptions affecting the stop.
    @Lenient public var disruptionIds: [Int]
    /// Routes serving the stop (geosearch and search results); [] otherwise.
    @Lenient public var routes: [Route]
    /// Ticketing details (stops on a route, pattern stops), when present.
    @Lenient public var stopTicket: StopTicket?

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

    /// The stop id, as PTV keys stops.
    public var mapKey: String { String(stopId) }

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
}

/// Ticketing details of a stop (`stop_ticket`).
public struct StopTicket: PTVModel {
    /// Ticket type text (often "").
    @Lenient public var ticketType: String
    /// Fare zone text, e.g. "Zone 2".
    @Lenient public var zone: String
    /// True inside the free tram zone.
    @Lenient public var isFreeFareZone: Bool
    /// True when the stop has a ticket machine.
    @Lenient public var ticketMachine: Bool
    /// True when tickets are checked at the stop.
    @Lenient public var ticketChecks: Bool
    /// True when V/Line services from the stop need a reservation.
    @Lenient public var vlineReservation: Bool
    /// Fare zone numbers the stop belongs to.
    @Lenient public var ticketZones: [Int]

    private enum CodingKeys: String, CodingKey {
        case ticketType = "ticket_type"
        case zone
        case isFreeFareZone = "is_free_fare_zone"
        case ticketMachine = "ticket_machine"
        case ticketChecks = "ticket_checks"
        case vlineReservation = "vline_reservation"
        case ticketZones = "ticket_zones"
    }
}

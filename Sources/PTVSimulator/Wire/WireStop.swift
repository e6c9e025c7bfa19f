import Foundation
import PTV

/// A stop as PTV sends it in departures and pattern maps, geosearch, search, stops on a route and
/// `skipped_stops`: `stop_distance`, `routes` and `stop_ticket` only where that shape carries them.
struct WireStop: Encodable, Sendable {
    var stopId: Int
    var stopName: String
    var stopSuburb: String
    var routeType: RouteType
    var stopLatitude: Double
    var stopLongitude: Double
    var stopLandmark: String
    var stopSequence: Int
    var stopDistance: Double?
    var disruptionIds: [Int]
    /// Geosearch and search results only.
    var routes: [WireRoute]?
    /// Stops on a route and pattern stops only.
    var stopTicket: Ticket?

    /// `stop_ticket`.
    struct Ticket: Encodable, Sendable {
        let ticketType: String
        let zone: String
        let isFreeFareZone: Bool
        let ticketMachine: Bool
        let ticketChecks: Bool
        let vlineReservation: Bool
        let ticketZones: [Int]
    }
}

/// A stop's details (`/v3/stops/{stop_id}/route_type/{rt}`): location, amenities and accessibility `null`
/// unless asked for.
struct WireStopDetails: Encodable, Sendable {
    let stopId: Int
    let stopName: String
    let routeType: RouteType
    @OrNull var stationType: String?
    let stationDescription: String
    let stopLandmark: String
    let disruptionIds: [Int]
    let routes: [WireRoute]
    @OrNull var stopLocation: Location?
    @OrNull var stopAmenities: Amenities?
    @OrNull var stopAccessibility: Accessibility?

    /// `stop_location`, coordinates in a nested `gps` object.
    struct Location: Encodable, Sendable {
        let suburb: String
        @OrNull var postcode: Int?
        let municipality: String
        let gps: GPS

        /// `{"latitude": ..., "longitude": ...}`.
        struct GPS: Encodable, Sendable {
            let latitude: Double
            let longitude: Double
        }
    }

    /// `stop_amenities`.
    struct Amenities: Encodable, Sendable {
        let toilet: Bool
        let taxiRank: Bool
        let carParking: String
        let cctv: Bool
    }

    /// `stop_accessibility`, with PTV's own spellings in `wheelchair`.
    struct Accessibility: Encodable, Sendable {
        let lift: Bool
        let stairs: Bool
        let escalator: Bool
        let hearingLoop: Bool
        let tactileGroundSurfaceIndicator: Bool
        let waitingRoom: Bool
        let stopAccessible: Bool
        let audioCustomerInformation: Bool
        let lighting: Bool
        @OrNull var platformNumber: Int?
        let wheelchair: [String: Bool]
    }
}

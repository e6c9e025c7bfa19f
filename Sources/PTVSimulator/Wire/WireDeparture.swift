import Foundation
import PTV

/// A departure as PTV sends it: in patterns with `skipped_stops` and `departure_note` always present,
/// in departures responses with `departure_note` only when there is one.
struct WireDeparture: Encodable, Sendable {
    var stopId: Int
    var routeId: Int
    var runId: Int
    var runRef: String
    var directionId: Int
    var disruptionIds: [Int]
    @OrNull var scheduledDepartureUTC: Date?
    @OrNull var estimatedDepartureUTC: Date?
    var atPlatform: Bool
    @OrNull var platformNumber: String?
    var flags: String
    var departureSequence: Int
    var departureNote: String?
    var skippedStops: [WireStop]?
}

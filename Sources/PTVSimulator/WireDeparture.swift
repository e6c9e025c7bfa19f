import Foundation
import PTV

/// A departure exactly as PTV sends it: in patterns with `skipped_stops` and `departure_note` always present,
/// in departures responses with `departure_note` only when there is one.
struct WireDeparture: Encodable, Sendable {
    let departure: Departure
    /// Pattern responses write `skipped_stops` and `departure_note` on every row.
    let inPattern: Bool

    private enum CodingKeys: String, CodingKey {
        case skippedStops = "skipped_stops", stopID = "stop_id", routeID = "route_id", runID = "run_id"
        case runRef = "run_ref", directionID = "direction_id", disruptionIDs = "disruption_ids"
        case scheduled = "scheduled_departure_utc", estimated = "estimated_departure_utc", atPlatform = "at_platform"
        case platformNumber = "platform_number", flags, departureSequence = "departure_sequence"
        case departureNote = "departure_note"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let d = departure
        if inPattern || !d.skippedStops.isEmpty { try c.encode(d.skippedStops, forKey: .skippedStops) }
        try c.encode(d.stopId, forKey: .stopID)
        try c.encode(d.routeId, forKey: .routeID)
        try c.encode(d.runId, forKey: .runID)
        try c.encode(d.runRef, forKey: .runRef)
        try c.encode(d.directionId, forKey: .directionID)
        try c.encode(d.disruptionIds, forKey: .disruptionIDs)
        try c.encodeTimestamp(d.scheduledDepartureUTC, forKey: .scheduled)
        try c.encodeTimestamp(d.estimatedDepartureUTC, forKey: .estimated)
        try c.encode(d.atPlatform, forKey: .atPlatform)
        try c.encodeOrNull(d.platformNumber, forKey: .platformNumber)
        try c.encode(d.flags, forKey: .flags)
        try c.encode(d.departureSequence, forKey: .departureSequence)
        if inPattern {
            try c.encode(d.departureNote ?? "", forKey: .departureNote)
        } else if let note = d.departureNote, !note.isEmpty {
            try c.encode(note, forKey: .departureNote)
        }
    }
}

/// `/v3/departures/...` as PTV sends it: every map present, `{}` unless expanded.
struct WireDeparturesBody: Encodable, Sendable {
    var departures: [WireDeparture] = []
    var stops: [String: Stop] = [:]
    var routes: [String: Route] = [:]
    var runs: [String: WireRun] = [:]
    var directions: [String: Direction] = [:]
    var disruptions: [String: Disruption] = [:]
    var status = Status()
}

/// `/v3/pattern/run/...` as PTV sends it: `disruptions` a list, every map present.
struct WirePatternBody: Encodable, Sendable {
    var disruptions: [Disruption] = []
    var departures: [WireDeparture] = []
    var stops: [String: Stop] = [:]
    var routes: [String: Route] = [:]
    var runs: [String: WireRun] = [:]
    var directions: [String: Direction] = [:]
    var status = Status()
}

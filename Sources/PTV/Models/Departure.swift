import Foundation

/// One departure of a run from a stop, from departures responses and (with `skippedStops`) pattern responses.
public struct Departure: PTVModel {
    /// The stop the run departs from.
    @Lenient public var stopId: Int
    /// The route the run belongs to.
    @Lenient public var routeId: Int
    /// Deprecated numeric run id; -1 for runs with alphanumeric refs (buses).
    @RunID public var runId: Int
    /// The run's reference: the key into the `runs` map and the id for pattern/runs calls.
    /// If PTV omits `run_ref`, this is `String(runId)` when `runId >= 0`, else "".
    @RunReference public var runRef: String
    /// Direction of travel.
    @Lenient public var directionId: Int
    /// Ids of disruptions affecting this departure.
    @Lenient public var disruptionIds: [Int]
    /// Timetabled departure time.
    @Lenient public var scheduledDepartureUTC: Date?
    /// The real-time estimate as PTV sent it; read `estimatedDepartureUTC`.
    @Lenient public var reportedEstimateUTC: Date?
    /// True when the vehicle is at the platform.
    @Lenient public var atPlatform: Bool
    /// Platform number text ("2", "15A"), or nil.
    @Lenient public var platformNumber: String?
    /// PTV's service flags, "_"-separated tokens (e.g. "S_WCA", "RR_CAN").
    @Lenient public var flags: String
    /// Position in a stopping pattern (1300, 1400, …: not contiguous); 0 in departures responses.
    @Lenient public var departureSequence: Int
    /// Free-text note PTV sometimes attaches.
    @Lenient public var departureNote: String?
    /// Stops the run skips after this one (pattern responses only; [] otherwise).
    @Lenient public var skippedStops: [Stop]

    /// Real-time estimate; nil when PTV has no live prediction (V/Line, many buses, far-off trips), and nil when the
    /// one it sent is further than `estimateReach` from the timetable (a placeholder date such as 1 January 0001, or
    /// another day's time): no live estimate is that far out, and a board would say "delayed 632162 hours".
    public var estimatedDepartureUTC: Date? {
        guard let reportedEstimateUTC, let scheduledDepartureUTC else { return reportedEstimateUTC }
        return abs(reportedEstimateUTC.timeIntervalSince(scheduledDepartureUTC)) <= Self.estimateReach ? reportedEstimateUTC : nil
    }

    /// The furthest a believable live estimate is from the timetable, either way: 12 hours. Recorded metro answers
    /// are within 20 minutes of it.
    public static let estimateReach: Double = 12 * 3600

    /// True when PTV supplied a real-time estimate.
    public var isRealtime: Bool { estimatedDepartureUTC != nil }

    /// The estimate when there is one, else the timetabled time.
    public var bestTime: Date? { estimatedDepartureUTC ?? scheduledDepartureUTC }

    /// True when `flags` contains the cancellation token "CAN" (tokens are separated by "_").
    /// PTV may also mark a cancelled run in the run's `status`; see ``Run/isCancelled``.
    public var isCancelled: Bool {
        flags.split(separator: "_").contains { $0.trimmingCharacters(in: .whitespaces).uppercased() == "CAN" }
    }

    /// The run reference, as PTV keys runs.
    public var mapKey: String { runRef }

    private enum CodingKeys: String, CodingKey {
        case stopId = "stop_id"
        case routeId = "route_id"
        case runId = "run_id"
        case runRef = "run_ref"
        case directionId = "direction_id"
        case disruptionIds = "disruption_ids"
        case scheduledDepartureUTC = "scheduled_departure_utc"
        case reportedEstimateUTC = "estimated_departure_utc"
        case atPlatform = "at_platform"
        case platformNumber = "platform_number"
        case flags
        case departureSequence = "departure_sequence"
        case departureNote = "departure_note"
        case skippedStops = "skipped_stops"
    }
}

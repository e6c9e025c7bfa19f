import Foundation

/// One departure of a run from a stop, from departures responses and (with `skippedStops`) pattern responses.
public struct Departure: Codable, Sendable, Equatable {
    /// The stop the run departs from.
    public var stopId: Int
    /// The route the run belongs to.
    public var routeId: Int
    /// Deprecated numeric run id; -1 for runs with alphanumeric refs (buses).
    public var runId: Int
    /// The run's reference: the key into the `runs` map and the id for pattern/runs calls.
    /// If PTV omits `run_ref`, this is `String(runId)` when `runId >= 0`, else "".
    public var runRef: String
    /// Direction of travel.
    public var directionId: Int
    /// Ids of disruptions affecting this departure.
    public var disruptionIds: [Int]
    /// Timetabled departure time.
    public var scheduledDepartureUTC: Date?
    /// Real-time estimate; nil when PTV has no live prediction (V/Line, many buses, far-off trips).
    public var estimatedDepartureUTC: Date?
    /// True when the vehicle is at the platform.
    public var atPlatform: Bool
    /// Platform number text ("2", "15A"), or nil.
    public var platformNumber: String?
    /// PTV's service flags, "_"-separated tokens (e.g. "S_WCA", "RR_CAN").
    public var flags: String
    /// Position in a stopping pattern (1300, 1400, …: not contiguous); 0 in departures responses.
    public var departureSequence: Int
    /// Free-text note PTV sometimes attaches.
    public var departureNote: String?
    /// Stops the run skips after this one (pattern responses only; [] otherwise).
    public var skippedStops: [Stop]

    /// Creates a departure. An empty `runRef` is derived from `runId` when `runId >= 0`.
    public init(stopId: Int = 0, routeId: Int = 0, runId: Int = -1, runRef: String = "", directionId: Int = 0,
                disruptionIds: [Int] = [], scheduledDepartureUTC: Date? = nil, estimatedDepartureUTC: Date? = nil,
                atPlatform: Bool = false, platformNumber: String? = nil, flags: String = "",
                departureSequence: Int = 0, departureNote: String? = nil, skippedStops: [Stop] = []) {
        self.stopId = stopId
        self.routeId = routeId
        self.runId = runId
        self.runRef = runRef.isEmpty && runId >= 0 ? String(runId) : runRef
        self.directionId = directionId
        self.disruptionIds = disruptionIds
        self.scheduledDepartureUTC = scheduledDepartureUTC
        self.estimatedDepartureUTC = estimatedDepartureUTC
        self.atPlatform = atPlatform
        self.platformNumber = platformNumber
        self.flags = flags
        self.departureSequence = departureSequence
        self.departureNote = departureNote
        self.skippedStops = skippedStops
    }

    /// True when PTV supplied a real-time estimate.
    public var isRealtime: Bool { estimatedDepartureUTC != nil }

    /// The estimate when there is one, else the timetabled time.
    public var bestTime: Date? { estimatedDepartureUTC ?? scheduledDepartureUTC }

    /// True when `flags` contains the cancellation token "CAN" (tokens are separated by "_").
    /// PTV may also mark a cancelled run in the run's `status`; see ``Run/isCancelled``.
    public var isCancelled: Bool {
        flags.split(separator: "_").contains { $0.trimmingCharacters(in: .whitespaces).uppercased() == "CAN" }
    }

    private enum CodingKeys: String, CodingKey {
        case stopId = "stop_id"
        case routeId = "route_id"
        case runId = "run_id"
        case runRef = "run_ref"
        case directionId = "direction_id"
        case disruptionIds = "disruption_ids"
        case scheduledDepartureUTC = "scheduled_departure_utc"
        case estimatedDepartureUTC = "estimated_departure_utc"
        case atPlatform = "at_platform"
        case platformNumber = "platform_number"
        case flags
        case departureSequence = "departure_sequence"
        case departureNote = "departure_note"
        case skippedStops = "skipped_stops"
    }

    /// Decodes leniently (a numeric `platform_number` is accepted; a missing `run_ref` is derived from `run_id`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            stopId: c.lenientInt(.stopId),
            routeId: c.lenientInt(.routeId),
            runId: c.lenientInt(.runId, default: -1),
            runRef: c.lenientString(.runRef),
            directionId: c.lenientInt(.directionId),
            disruptionIds: c.lenientIntArray(.disruptionIds),
            scheduledDepartureUTC: c.lenientDate(.scheduledDepartureUTC),
            estimatedDepartureUTC: c.lenientDate(.estimatedDepartureUTC),
            atPlatform: c.lenientBool(.atPlatform),
            platformNumber: c.lenientStringIfPresent(.platformNumber),
            flags: c.lenientString(.flags),
            departureSequence: c.lenientInt(.departureSequence),
            departureNote: c.lenientStringIfPresent(.departureNote),
            skippedStops: c.lenientArray(.skippedStops, as: Stop.self)
        )
    }

    /// Encodes PTV's shape; `skipped_stops` only when non-empty (``PatternResponse`` always writes it).
    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, alwaysIncludeSkippedStops: false)
    }

    /// Encodes PTV's shape, writing `skipped_stops` even when empty if asked (pattern responses).
    func encode(to encoder: any Encoder, alwaysIncludeSkippedStops: Bool) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if alwaysIncludeSkippedStops || !skippedStops.isEmpty {
            try c.encode(skippedStops, forKey: .skippedStops)
        }
        try c.encode(stopId, forKey: .stopId)
        try c.encode(routeId, forKey: .routeId)
        try c.encode(runId, forKey: .runId)
        try c.encode(runRef, forKey: .runRef)
        try c.encode(directionId, forKey: .directionId)
        try c.encode(disruptionIds, forKey: .disruptionIds)
        try c.encodeTimestamp(scheduledDepartureUTC, forKey: .scheduledDepartureUTC)
        try c.encodeTimestamp(estimatedDepartureUTC, forKey: .estimatedDepartureUTC)
        try c.encode(atPlatform, forKey: .atPlatform)
        try c.encodeOrNull(platformNumber, forKey: .platformNumber)
        try c.encode(flags, forKey: .flags)
        try c.encode(departureSequence, forKey: .departureSequence)
        try c.encodeIfPresent(departureNote, forKey: .departureNote)
    }
}

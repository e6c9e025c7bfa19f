import Foundation

/// The body of `/v3/stops/location/{lat},{lon}` (stops near a point, nearest first, with their routes) and of
/// `/v3/stops/route/{route_id}/route_type/{rt}` (the stops on a route; its geopath is not read).
public struct StopsBody: PTVBody {
    /// An answer carries `stops` (empty when none is near, or on the route).
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("stops") }

    /// The stops, in PTV's order (on a route, use `stopSequence` when a direction was given).
    @Lenient public var stops: [Stop]
    /// Disruptions referenced by the stops, keyed by id string.
    @Lenient public var disruptions: [String: Disruption]

    /// Creates a body.
    public init(stops: [Stop] = [], disruptions: [String: Disruption] = [:]) {
        self.stops = stops
        self.disruptions = disruptions
    }
}

/// The body of `/v3/stops/{stop_id}/route_type/{rt}`: one stop's details.
public struct StopDetailsBody: PTVBody {
    /// An answer carries `stop` (null is PTV's "none").
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.has("stop") }

    /// The stop, or nil when PTV returned null.
    @Lenient public var stop: StopDetails?
    /// Disruptions referenced by the stop, keyed by id string.
    @Lenient public var disruptions: [String: Disruption]

    /// Creates a body.
    public init(stop: StopDetails? = nil, disruptions: [String: Disruption] = [:]) {
        self.stop = stop
        self.disruptions = disruptions
    }
}

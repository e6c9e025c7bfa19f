import Foundation

/// The body of `/v3/route_types`: the transport modes.
public struct RouteTypesBody: PTVBody {
    /// An answer carries `route_types`.
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("route_types") }

    /// The transport modes.
    @Lenient public var routeTypes: [RouteTypeInfo]

    /// Creates a body.
    public init(routeTypes: [RouteTypeInfo] = []) { self.routeTypes = routeTypes }

    private enum CodingKeys: String, CodingKey { case routeTypes = "route_types" }
}

/// The body of `/v3/routes`: a list of routes (the spec's `route` key is accepted when `routes` is missing).
public struct RoutesBody: PTVBody {
    /// An answer carries `routes` (or the spec's `route`).
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("routes") || fields.hasList("route") }

    /// The routes.
    public var routes: [Route]

    /// Creates a body.
    public init(routes: [Route] = []) { self.routes = routes }

    private enum CodingKeys: String, CodingKey { case routes, route }

    /// Reads `routes`, or `route` when `routes` is missing.
    public init(from decoder: any Decoder) throws {
        routes = try decoder.container(keyedBy: CodingKeys.self).list(.routes, else: .route)
    }
}

/// The body of `/v3/routes/{route_id}`: one route, or null.
public struct RouteBody: PTVBody {
    /// An answer carries `route` (null is PTV's "none").
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.has("route") }

    /// The route, or nil when PTV returned null.
    @Lenient public var route: Route?

    /// Creates a body.
    public init(route: Route? = nil) { self.route = route }
}

/// The body of `/v3/directions/...`: a list of directions.
public struct DirectionsBody: PTVBody {
    /// An answer carries `directions`.
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("directions") }

    /// The directions.
    @Lenient public var directions: [Direction]

    /// Creates a body.
    public init(directions: [Direction] = []) { self.directions = directions }
}

/// The body of `/v3/search/{term}`: matching stops and routes. Outlets are not read.
public struct SearchBody: PTVBody {
    /// An answer carries both `stops` and `routes` (either may be empty).
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("stops") && fields.hasList("routes") }

    /// Matching stops (with their routes).
    @Lenient public var stops: [Stop]
    /// Matching routes.
    @Lenient public var routes: [Route]

    /// Creates a body.
    public init(stops: [Stop] = [], routes: [Route] = []) {
        self.stops = stops
        self.routes = routes
    }
}

/// The body of `/v3/runs/...`: a list of runs. The single-run form `{"run": {...}}` is read into the list.
public struct RunsBody: PTVBody {
    /// An answer carries `runs`, or the single `run` (null is PTV's "none").
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("runs") || fields.has("run") }

    /// The runs.
    public var runs: [Run]

    /// Creates a body.
    public init(runs: [Run] = []) { self.runs = runs }

    private enum CodingKeys: String, CodingKey { case runs, run }

    /// Reads `runs`, or the single `run` object.
    public init(from decoder: any Decoder) throws {
        runs = try decoder.container(keyedBy: CodingKeys.self).list(.runs, else: .run)
    }
}

/// The body of `/v3/disruptions/{disruption_id}`: one disruption, or null.
public struct DisruptionBody: PTVBody {
    /// An answer carries `disruption` (null is PTV's "none").
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.has("disruption") }

    /// The disruption, or nil when PTV returned null.
    @Lenient public var disruption: Disruption?

    /// Creates a body.
    public init(disruption: Disruption? = nil) { self.disruption = disruption }
}

/// The body of `/v3/disruptions/modes`: the disruption modes (bucket names and codes).
public struct DisruptionModesBody: PTVBody {
    /// An answer carries `disruption_modes`.
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("disruption_modes") }

    /// The modes.
    @Lenient public var disruptionModes: [DisruptionMode]

    /// Creates a body.
    public init(disruptionModes: [DisruptionMode] = []) { self.disruptionModes = disruptionModes }

    private enum CodingKeys: String, CodingKey { case disruptionModes = "disruption_modes" }
}

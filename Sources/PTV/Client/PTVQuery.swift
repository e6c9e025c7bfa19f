import Foundation

/// One question Trakx can ask PTV: the request (its endpoint family, path and query) and the model its answer
/// decodes to. Every question lives in this file, with its family's freshness, so a new question is a factory
/// here, its model under `Models/`, and the words that name it in the app.
public struct PTVQuery<Answer: Decodable & Sendable>: Sendable {
    /// The request before signing.
    public let request: PTVRequest
    /// How the decoded answer is read before the caller sees it (a trimmed view of a shared answer), if at all.
    let reading: (@Sendable (Answer) -> Answer)?

    /// A question.
    /// - Parameters:
    ///   - request: The request.
    ///   - reading: How the answer is read once fetched (the cache keeps the whole answer).
    public init(_ request: PTVRequest, reading: (@Sendable (Answer) -> Answer)? = nil) {
        self.request = request
        self.reading = reading
    }

    /// The answer as the caller reads it.
    func read(_ fetched: Fetched<Answer>) -> Fetched<Answer> {
        guard let reading else { return fetched }
        return fetched.map(reading)
    }
}

extension PTVRequest {
    /// The endpoint family, which sets cache freshness and labels metrics.
    public enum Endpoint: String, Sendable, CaseIterable {
        case routeTypes = "route_types", routes, route, directions, stopsNearby = "stops_nearby", stop
        case stopsOnRoute = "stops_on_route", departures, pattern, runs, search, disruptions, disruption
        case disruptionModes = "disruption_modes"

        /// Seconds a response stays fresh.
        public var freshness: Double {
            switch self {
            case .departures, .pattern: 30
            case .runs: 60
            case .disruptions, .disruption, .disruptionModes: 120
            case .routes, .route, .directions, .stopsNearby, .stop, .stopsOnRoute, .search: 86_400
            case .routeTypes: 604_800
            }
        }

        /// Seconds PTV's "not found" (404) is kept: an hour for stops and routes (ids that do not come and go),
        /// five minutes for runs and anything else. Failures (500, timeouts, bad bodies) are never kept.
        public var notFoundFreshness: Double {
            switch self {
            case .stop, .departures, .route, .routes, .directions, .stopsOnRoute: 3600
            default: 300
            }
        }
    }
}

/// The questions, by the PTV endpoint they ask. Arrays repeat their key; `devid` and `signature` are added when signing.
extension PTVQuery where Answer == RouteTypesResponse {
    /// `/v3/route_types`.
    public static func routeTypes() -> Self { Self(PTVRequest(.routeTypes, ["route_types"])) }
}

extension PTVQuery where Answer == RoutesResponse {
    /// `/v3/routes`, optionally filtered by route types.
    /// - Parameter routeTypes: Route types to include.
    public static func routes(routeTypes: [Int] = []) -> Self {
        Self(PTVRequest(.routes, ["routes"], query: routeTypes.map { ("route_types", String($0)) }))
    }
}

extension PTVQuery where Answer == RouteResponse {
    /// `/v3/routes/{route_id}`.
    /// - Parameter routeID: Route id.
    public static func route(_ routeID: Int) -> Self { Self(PTVRequest(.route, ["routes", String(routeID)])) }
}

extension PTVQuery where Answer == DirectionsResponse {
    /// `/v3/directions/route/{route_id}`.
    /// - Parameter routeID: Route id.
    public static func directions(routeID: Int) -> Self { Self(PTVRequest(.directions, ["directions", "route", String(routeID)])) }
}

extension PTVQuery where Answer == StopsNearbyResponse {
    /// `/v3/stops/location/{lat},{lon}`.
    /// - Parameters:
    ///   - latitude: Latitude.
    ///   - longitude: Longitude.
    ///   - routeTypes: Route types to include (all when empty).
    ///   - maxResults: Most stops.
    ///   - maxDistance: Radius in metres.
    public static func stopsNearby(latitude: Double, longitude: Double, routeTypes: [Int] = [], maxResults: Int = 30,
                                   maxDistance: Int = 1000) -> Self {
        var query = routeTypes.map { ("route_types", String($0)) }
        query += [("max_results", String(maxResults)), ("max_distance", String(maxDistance))]
        let point = PTVRequest.coordinate(latitude) + "," + PTVRequest.coordinate(longitude)
        return Self(PTVRequest(.stopsNearby, ["stops", "location", point], query: query))
    }
}

extension PTVQuery where Answer == StopDetailsResponse {
    /// `/v3/stops/{stop_id}/route_type/{route_type}` with location, amenities, accessibility and disruptions.
    /// - Parameters:
    ///   - stopID: Stop id.
    ///   - routeType: Route type.
    public static func stop(_ stopID: Int, routeType: Int) -> Self {
        let query = [("stop_location", "true"), ("stop_amenities", "true"), ("stop_accessibility", "true"), ("stop_disruptions", "true")]
        return Self(PTVRequest(.stop, ["stops", String(stopID), "route_type", String(routeType)], query: query))
    }
}

extension PTVQuery where Answer == StopsOnRouteResponse {
    /// `/v3/stops/route/{route_id}/route_type/{route_type}` for one direction.
    /// - Parameters:
    ///   - routeID: Route id.
    ///   - routeType: Route type.
    ///   - directionID: Direction (gives a meaningful stop order).
    public static func stopsOnRoute(routeID: Int, routeType: Int, directionID: Int?) -> Self {
        var query: [(String, String)] = directionID.map { [("direction_id", String($0))] } ?? []
        query.append(("stop_disruptions", "true"))
        return Self(PTVRequest(.stopsOnRoute, ["stops", "route", String(routeID), "route_type", String(routeType)], query: query))
    }
}

extension PTVQuery where Answer == DeparturesResponse {
    /// Departures per route and direction that every departures question asks PTV for, whatever the caller
    /// shows: the stop page and the favourites summary then share one cache entry (and one upstream call).
    public static var perDirection: Int { 4 }

    /// `/v3/departures/route_type/{rt}/stop/{stop_id}[/route/{route_id}]`.
    ///
    /// PTV is always asked the one canonical question (``perDirection`` per route and direction, or `maxResults`
    /// when that is larger), so equal questions are equal cache keys; the answer is then trimmed to `maxResults`
    /// per route and direction.
    /// - Parameters:
    ///   - routeType: Route type.
    ///   - stopID: Stop id.
    ///   - routeID: Only this route, when given.
    ///   - maxResults: Departures per route and direction.
    public static func departures(routeType: Int, stopID: Int, routeID: Int? = nil, maxResults: Int = perDirection) -> Self {
        var segments = ["departures", "route_type", String(routeType), "stop", String(stopID)]
        if let routeID { segments += ["route", String(routeID)] }
        var query = [("max_results", String(max(maxResults, perDirection)))]
        if routeType == 0 { query.append(("include_cancelled", "true")) }
        query += PTVRequest.expandAll
        let request = PTVRequest(.departures, segments, query: query)
        guard maxResults > 0, maxResults < perDirection else { return Self(request) }
        return Self(request) { $0.trimmed(perRouteAndDirection: maxResults) }
    }
}

extension PTVQuery where Answer == PatternResponse {
    /// `/v3/pattern/run/{run_ref}/route_type/{rt}`, with skipped stops so an express run says which it runs past.
    /// - Parameters:
    ///   - runRef: The run's reference.
    ///   - routeType: Route type.
    public static func pattern(runRef: String, routeType: Int) -> Self {
        Self(PTVRequest(.pattern, ["pattern", "run", runRef, "route_type", String(routeType)],
                        query: PTVRequest.expandAll + [("include_skipped_stops", "true")]))
    }
}

extension PTVQuery where Answer == RunsResponse {
    /// `/v3/runs/{run_ref}/route_type/{rt}`.
    /// - Parameters:
    ///   - runRef: Run reference.
    ///   - routeType: Route type.
    public static func run(runRef: String, routeType: Int) -> Self {
        Self(PTVRequest(.runs, ["runs", runRef, "route_type", String(routeType)]))
    }

    /// `/v3/runs/route/{route_id}`.
    /// - Parameter routeID: Route id.
    public static func runs(routeID: Int) -> Self { Self(PTVRequest(.runs, ["runs", "route", String(routeID)])) }
}

extension PTVQuery where Answer == SearchResponse {
    /// `/v3/search/{term}` for stops and routes (no outlets).
    /// - Parameters:
    ///   - term: Search text.
    ///   - routeTypes: Route types to include.
    public static func search(_ term: String, routeTypes: [Int] = []) -> Self {
        Self(PTVRequest(.search, ["search", term], query: routeTypes.map { ("route_types", String($0)) } + [("include_outlets", "false")]))
    }
}

extension PTVQuery where Answer == DisruptionsResponse {
    /// `/v3/disruptions`, all modes, or filtered by status.
    /// - Parameter status: "current" or "planned"; nil for both.
    public static func disruptions(status: String? = nil) -> Self {
        Self(PTVRequest(.disruptions, ["disruptions"], query: status.map { [("disruption_status", $0)] } ?? []))
    }

    /// `/v3/disruptions/route/{route_id}`.
    /// - Parameter routeID: Route id.
    public static func disruptions(routeID: Int) -> Self { Self(PTVRequest(.disruptions, ["disruptions", "route", String(routeID)])) }

    /// `/v3/disruptions/stop/{stop_id}`.
    /// - Parameter stopID: Stop id.
    public static func disruptions(stopID: Int) -> Self { Self(PTVRequest(.disruptions, ["disruptions", "stop", String(stopID)])) }
}

extension PTVQuery where Answer == DisruptionResponse {
    /// `/v3/disruptions/{disruption_id}`.
    /// - Parameter id: Disruption id.
    public static func disruption(_ id: Int64) -> Self { Self(PTVRequest(.disruption, ["disruptions", String(id)])) }
}

extension PTVQuery where Answer == DisruptionModesResponse {
    /// `/v3/disruptions/modes`.
    public static func disruptionModes() -> Self { Self(PTVRequest(.disruptionModes, ["disruptions", "modes"])) }
}

extension PTVRequest {
    /// The expansions the departures and pattern questions ask for (one request carries the stops, routes, runs,
    /// directions, disruptions and vehicles it names).
    static let expandAll = ["Stop", "Route", "Run", "Direction", "Disruption", "VehiclePosition", "VehicleDescriptor"].map { ("expand", $0) }

    /// A coordinate as PTV expects it: plain decimal, at most 6 places, no exponent.
    /// - Parameter value: Degrees.
    static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

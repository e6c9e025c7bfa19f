import Foundation

/// The endpoints the pages use. Arrays repeat their key; `devid` and `signature` are added when signing.
extension PTVClient {
    /// `/v3/route_types`.
    public func routeTypes() async throws -> Fetched<RouteTypesResponse> {
        try await fetch(PTVRequest(.routeTypes, ["route_types"]), as: RouteTypesResponse.self)
    }

    /// `/v3/routes`, optionally filtered by route types.
    /// - Parameter routeTypes: Route types to include.
    public func routes(routeTypes: [Int] = []) async throws -> Fetched<RoutesResponse> {
        try await fetch(PTVRequest(.routes, ["routes"], query: routeTypes.map { ("route_types", String($0)) }), as: RoutesResponse.self)
    }

    /// `/v3/routes/{route_id}`.
    /// - Parameter routeID: Route id.
    public func route(_ routeID: Int) async throws -> Fetched<RouteResponse> {
        try await fetch(PTVRequest(.route, ["routes", String(routeID)]), as: RouteResponse.self)
    }

    /// `/v3/directions/route/{route_id}`.
    /// - Parameter routeID: Route id.
    public func directions(routeID: Int) async throws -> Fetched<DirectionsResponse> {
        try await fetch(PTVRequest(.directions, ["directions", "route", String(routeID)]), as: DirectionsResponse.self)
    }

    /// `/v3/stops/location/{lat},{lon}`.
    /// - Parameters:
    ///   - latitude: Latitude.
    ///   - longitude: Longitude.
    ///   - routeTypes: Route types to include (all when empty).
    ///   - maxResults: Most stops.
    ///   - maxDistance: Radius in metres.
    public func stopsNearby(latitude: Double, longitude: Double, routeTypes: [Int] = [], maxResults: Int = 30,
                            maxDistance: Int = 1000) async throws -> Fetched<StopsNearbyResponse> {
        var query = routeTypes.map { ("route_types", String($0)) }
        query += [("max_results", String(maxResults)), ("max_distance", String(maxDistance))]
        let point = Self.coordinate(latitude) + "," + Self.coordinate(longitude)
        return try await fetch(PTVRequest(.stopsNearby, ["stops", "location", point], query: query), as: StopsNearbyResponse.self)
    }

    /// `/v3/stops/{stop_id}/route_type/{route_type}` with location, amenities, accessibility and disruptions.
    /// - Parameters:
    ///   - stopID: Stop id.
    ///   - routeType: Route type.
    public func stop(_ stopID: Int, routeType: Int) async throws -> Fetched<StopDetailsResponse> {
        let query = [("stop_location", "true"), ("stop_amenities", "true"), ("stop_accessibility", "true"),
                     ("stop_disruptions", "true")]
        return try await fetch(PTVRequest(.stop, ["stops", String(stopID), "route_type", String(routeType)], query: query),
                               as: StopDetailsResponse.self)
    }

    /// `/v3/stops/route/{route_id}/route_type/{route_type}` for one direction.
    /// - Parameters:
    ///   - routeID: Route id.
    ///   - routeType: Route type.
    ///   - directionID: Direction (gives a meaningful stop order).
    public func stopsOnRoute(routeID: Int, routeType: Int, directionID: Int?) async throws -> Fetched<StopsOnRouteResponse> {
        var query: [(String, String)] = directionID.map { [("direction_id", String($0))] } ?? []
        query.append(("stop_disruptions", "true"))
        return try await fetch(PTVRequest(.stopsOnRoute, ["stops", "route", String(routeID), "route_type", String(routeType)], query: query),
                               as: StopsOnRouteResponse.self)
    }

    /// Departures per route and direction that every departures question asks PTV for, whatever the caller
    /// shows: the stop page and the favourites summary then share one cache entry (and one upstream call).
    public static let departuresPerDirection = 4

    /// `/v3/departures/route_type/{rt}/stop/{stop_id}[/route/{route_id}]`.
    ///
    /// PTV is always asked the one canonical question (``departuresPerDirection`` per route and direction, or
    /// `maxResults` when that is larger), so equal questions are equal cache keys; the answer is then trimmed
    /// here to `maxResults` per route and direction.
    /// - Parameters:
    ///   - routeType: Route type.
    ///   - stopID: Stop id.
    ///   - routeID: Only this route, when given.
    ///   - maxResults: Departures per route and direction.
    public func departures(routeType: Int, stopID: Int, routeID: Int? = nil, maxResults: Int = 3) async throws -> Fetched<DeparturesResponse> {
        let fetched = try await fetch(Self.departuresRequest(routeType: routeType, stopID: stopID, routeID: routeID,
                                                             maxResults: maxResults), as: DeparturesResponse.self)
        guard maxResults > 0, maxResults < Self.departuresPerDirection else { return fetched }
        return fetched.map { $0.trimmed(perRouteAndDirection: maxResults) }
    }

    /// The canonical departures request for a stop (what ``departures(routeType:stopID:routeID:maxResults:)`` sends).
    /// - Parameters:
    ///   - routeType: Route type.
    ///   - stopID: Stop id.
    ///   - routeID: Only this route, when given.
    ///   - maxResults: Departures per route and direction the caller wants.
    public static func departuresRequest(routeType: Int, stopID: Int, routeID: Int? = nil, maxResults: Int = 3) -> PTVRequest {
        var segments = ["departures", "route_type", String(routeType), "stop", String(stopID)]
        if let routeID { segments += ["route", String(routeID)] }
        var query = [("max_results", String(max(maxResults, departuresPerDirection)))]
        if routeType == 0 { query.append(("include_cancelled", "true")) }
        query += ["Stop", "Route", "Run", "Direction", "Disruption", "VehiclePosition", "VehicleDescriptor"].map { ("expand", $0) }
        return PTVRequest(.departures, segments, query: query)
    }

    /// `/v3/pattern/run/{run_ref}/route_type/{rt}`.
    /// - Parameters:
    ///   - runRef: The run's reference.
    ///   - routeType: Route type.
    public func pattern(runRef: String, routeType: Int) async throws -> Fetched<PatternResponse> {
        // Skipped stops let an express run say which stops it runs past.
        let query = ["Stop", "Route", "Run", "Direction", "Disruption", "VehiclePosition", "VehicleDescriptor"]
            .map { ("expand", $0) } + [("include_skipped_stops", "true")]
        return try await fetch(PTVRequest(.pattern, ["pattern", "run", runRef, "route_type", String(routeType)], query: query),
                               as: PatternResponse.self)
    }

    /// `/v3/runs/{run_ref}/route_type/{rt}`.
    /// - Parameters:
    ///   - runRef: Run reference.
    ///   - routeType: Route type.
    public func run(runRef: String, routeType: Int) async throws -> Fetched<RunsResponse> {
        try await fetch(PTVRequest(.runs, ["runs", runRef, "route_type", String(routeType)]), as: RunsResponse.self)
    }

    /// `/v3/runs/route/{route_id}`.
    /// - Parameter routeID: Route id.
    public func runs(routeID: Int) async throws -> Fetched<RunsResponse> {
        try await fetch(PTVRequest(.runs, ["runs", "route", String(routeID)]), as: RunsResponse.self)
    }

    /// `/v3/search/{term}` for stops and routes (no outlets).
    /// - Parameters:
    ///   - term: Search text.
    ///   - routeTypes: Route types to include.
    public func search(_ term: String, routeTypes: [Int] = []) async throws -> Fetched<SearchResponse> {
        var query = routeTypes.map { ("route_types", String($0)) }
        query.append(("include_outlets", "false"))
        return try await fetch(PTVRequest(.search, ["search", term], query: query), as: SearchResponse.self)
    }

    /// `/v3/disruptions`, all modes, or filtered by status.
    /// - Parameter status: "current" or "planned"; nil for both.
    public func disruptions(status: String? = nil) async throws -> Fetched<DisruptionsResponse> {
        try await fetch(PTVRequest(.disruptions, ["disruptions"], query: status.map { [("disruption_status", $0)] } ?? []),
                        as: DisruptionsResponse.self)
    }

    /// `/v3/disruptions/route/{route_id}`.
    /// - Parameter routeID: Route id.
    public func disruptions(routeID: Int) async throws -> Fetched<DisruptionsResponse> {
        try await fetch(PTVRequest(.disruptions, ["disruptions", "route", String(routeID)]), as: DisruptionsResponse.self)
    }

    /// `/v3/disruptions/stop/{stop_id}`.
    /// - Parameter stopID: Stop id.
    public func disruptions(stopID: Int) async throws -> Fetched<DisruptionsResponse> {
        try await fetch(PTVRequest(.disruptions, ["disruptions", "stop", String(stopID)]), as: DisruptionsResponse.self)
    }

    /// `/v3/disruptions/{disruption_id}`.
    /// - Parameter id: Disruption id.
    public func disruption(_ id: Int64) async throws -> Fetched<DisruptionResponse> {
        try await fetch(PTVRequest(.disruption, ["disruptions", String(id)]), as: DisruptionResponse.self)
    }

    /// `/v3/disruptions/modes`.
    public func disruptionModes() async throws -> Fetched<DisruptionModesResponse> {
        try await fetch(PTVRequest(.disruptionModes, ["disruptions", "modes"]), as: DisruptionModesResponse.self)
    }

    /// A coordinate as PTV expects it: plain decimal, at most 6 places, no exponent.
    /// - Parameter value: Degrees.
    static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

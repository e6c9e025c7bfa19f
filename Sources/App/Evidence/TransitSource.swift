import Foundation
import PTV

/// The questions pages ask PTV. `PTVClient` answers them over the network; page tests answer them from
/// recorded responses, so a page's load step can be exercised without a socket.
protocol TransitSource: Sendable {
    /// Next departures at a stop, every route (or one route).
    func departures(routeType: Int, stopID: Int, routeID: Int?, maxResults: Int) async throws -> Fetched<DeparturesResponse>
    /// A stop's details.
    func stop(_ stopID: Int, routeType: Int) async throws -> Fetched<StopDetailsResponse>
    /// A run's stopping pattern.
    func pattern(runRef: String, routeType: Int) async throws -> Fetched<PatternResponse>
    /// Stops near a point.
    func stopsNearby(latitude: Double, longitude: Double, routeTypes: [Int], maxResults: Int, maxDistance: Int)
        async throws -> Fetched<StopsNearbyResponse>
    /// Stops and lines matching a search.
    func search(_ term: String, routeTypes: [Int]) async throws -> Fetched<SearchResponse>
    /// One route.
    func route(_ routeID: Int) async throws -> Fetched<RouteResponse>
    /// A route's directions.
    func directions(routeID: Int) async throws -> Fetched<DirectionsResponse>
    /// Stops on a route in one direction.
    func stopsOnRoute(routeID: Int, routeType: Int, directionID: Int?) async throws -> Fetched<StopsOnRouteResponse>
    /// Every disruption.
    func disruptions(status: String?) async throws -> Fetched<DisruptionsResponse>
    /// Disruptions on a route.
    func disruptions(routeID: Int) async throws -> Fetched<DisruptionsResponse>
    /// One disruption.
    func disruption(_ id: Int64) async throws -> Fetched<DisruptionResponse>
}

extension PTVClient: TransitSource {}

extension TransitSource {
    /// Stops and lines matching a search, every mode.
    func search(_ term: String) async throws -> Fetched<SearchResponse> { try await search(term, routeTypes: []) }
    /// Every disruption.
    func disruptions() async throws -> Fetched<DisruptionsResponse> { try await disruptions(status: nil) }
}

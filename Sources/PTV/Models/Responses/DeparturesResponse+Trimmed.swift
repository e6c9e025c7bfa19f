/// Trimming one canonical departures answer to what a caller shows.
extension DeparturesResponse {
    /// The same response keeping only the first `limit` departures of each route and direction (in response
    /// order, as PTV's `max_results` does); the expanded maps are kept whole.
    /// - Parameter limit: Departures per route and direction.
    public func trimmed(perRouteAndDirection limit: Int) -> DeparturesResponse {
        var taken: [String: Int] = [:]
        var copy = self
        copy.departures = self.departures.filter { departure in
            let key = "\(departure.routeId)/\(departure.directionId)"
            taken[key, default: 0] += 1
            return taken[key, default: 0] <= limit
        }
        return copy
    }
}

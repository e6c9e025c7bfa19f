extension PTVRequest.Endpoint {
    /// Seconds PTV's "not found" (404) for this endpoint is kept: an hour for stops and routes (ids that do not
    /// come and go), five minutes for runs and anything else. Failures (500, timeouts, bad bodies) are never kept.
    public var notFoundFreshness: Double {
        switch self {
        case .stop, .departures, .route, .routes, .directions, .stopsOnRoute: 3600
        default: 300
        }
    }
}

import Synchronization

/// Counters for `/metrics`: upstream requests by endpoint and outcome, and cache hits, misses and stale serves.
/// Labels are endpoint names and outcome words only, never URLs or secrets.
public final class PTVMetrics: Sendable {
    private struct Counters: Sendable {
        var upstream: [String: Int] = [:]
        var hits: [String: Int] = [:]
        var misses: [String: Int] = [:]
        var stale: [String: Int] = [:]
        var coalesced: [String: Int] = [:]
        var shared: [String: Int] = [:]
    }

    private let counters = Mutex(Counters())

    /// Creates empty counters.
    public init() {}

    func upstream(_ endpoint: PTVRequest.Endpoint, outcome: String) {
        counters.withLock { $0.upstream["\(endpoint.rawValue)|\(outcome)", default: 0] += 1 }
    }

    func hit(_ endpoint: PTVRequest.Endpoint) { counters.withLock { $0.hits[endpoint.rawValue, default: 0] += 1 } }
    func miss(_ endpoint: PTVRequest.Endpoint) { counters.withLock { $0.misses[endpoint.rawValue, default: 0] += 1 } }
    func staleServe(_ endpoint: PTVRequest.Endpoint) { counters.withLock { $0.stale[endpoint.rawValue, default: 0] += 1 } }
    func coalesced(_ endpoint: PTVRequest.Endpoint) { counters.withLock { $0.coalesced[endpoint.rawValue, default: 0] += 1 } }
    func sharedHit(_ endpoint: PTVRequest.Endpoint) { counters.withLock { $0.shared[endpoint.rawValue, default: 0] += 1 } }

    /// Prometheus text exposition.
    public func render() -> String {
        let snapshot = counters.withLock { $0 }
        var out = "# HELP trakx_ptv_upstream_requests_total Requests sent to PTV, by endpoint and outcome.\n"
        out += "# TYPE trakx_ptv_upstream_requests_total counter\n"
        for (key, value) in snapshot.upstream.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "|")
            out += "trakx_ptv_upstream_requests_total{endpoint=\"\(parts[0])\",outcome=\"\(parts[1])\"} \(value)\n"
        }
        for (name, help, values) in [
            ("trakx_ptv_cache_hits_total", "Answers served fresh from the cache.", snapshot.hits),
            ("trakx_ptv_cache_misses_total", "Lookups that needed PTV.", snapshot.misses),
            ("trakx_ptv_cache_stale_serves_total", "Stale answers served because PTV failed.", snapshot.stale),
            ("trakx_ptv_cache_coalesced_total", "Lookups that joined a PTV call already in flight.", snapshot.coalesced),
            ("trakx_ptv_shared_hits_total", "Answers another instance of the fleet fetched, read from the shared cache.", snapshot.shared),
        ] {
            out += "# HELP \(name) \(help)\n# TYPE \(name) counter\n"
            for (endpoint, value) in values.sorted(by: { $0.key < $1.key }) {
                out += "\(name){endpoint=\"\(endpoint)\"} \(value)\n"
            }
        }
        return out
    }
}

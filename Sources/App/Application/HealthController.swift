import HTTPServer
import PTV
import SharedCache

/// `GET /healthz`: a small JSON status for load balancers and the container health check.
///
/// `{"status":"ok","mode":"ptv"}` while nothing is known to be wrong. When PTV refuses this Trakx's developer id
/// or key, every page that needs PTV fails until whoever runs Trakx fixes it: 503, `"status":"degraded"` and the
/// reason (never the key or devid). While PTV throttles Trakx, pages answer from saved copies: still 200, but
/// `"status":"degraded"` with that reason. While the fleet's shared cache does not answer (asked each time, with one
/// `PING`), this instance answers alone: still 200, `"status":"degraded"` and `"reason":"shared cache unreachable"`.
/// Every answer says how much of the network is known, `"network":"37 of 52 routes known"` (a new install learns it in
/// its first half hour).
struct HealthController: RouteCollection {
    let demo: Bool
    /// How Trakx stands with PTV (the PTV client's gate), all this reads of the client.
    let gate: PTVGate
    /// The fleet's shared cache, if any.
    let shared: SharedStore?
    /// The network known.
    let network: KeptNetwork

    func addRoutes(to router: inout Router<TrakxContext>) {
        let mode = demo ? "demo" : "ptv"
        router.get("/healthz") { _, _ in
            let known = network.figures.words
            let standing = gate.standing
            // Redis is asked, not remembered: an instance serving only its own stored pages sends it nothing.
            var sharedDown = false
            if case .asking = standing, let shared { sharedDown = await !shared.answersNow() }
            return switch standing {
            case .asking where sharedDown:
                Response.json(#"{"status":"degraded","mode":"\#(mode)","reason":"shared cache unreachable","network":"\#(known)"}"#)
            case .asking:
                Response.json(#"{"status":"ok","mode":"\#(mode)","network":"\#(known)"}"#)
            case .throttled:
                Response.json(#"{"status":"degraded","mode":"\#(mode)","reason":"PTV is limiting how often Trakx may ask","network":"\#(known)"}"#)
            case .keyRefused:
                Response.json(#"{"status":"degraded","mode":"\#(mode)","reason":"PTV refused this Trakx's key","network":"\#(known)"}"#, status: 503)
            }
        }
    }
}

/// `GET /metrics`: Prometheus counters of the PTV client, the pushes and the access log, how much of the network is
/// known, and how many places searched for are kept (`trakx_places_kept`, left out while the database does not
/// answer within `KeptPlaces.readWithin`).
struct MetricsController: RouteCollection {
    /// The PTV client's upstream and cache counters.
    let ptvMetrics: PTVMetrics
    /// The PTV client's gate, whose throttling and probes are counted.
    let gate: PTVGate
    /// The visitors' PTV budget, whose refusals are counted here too.
    let budget: UpstreamBudget
    /// Web Push alerts, whose pushes are counted by outcome.
    let alerts: Alerts
    /// The access log's dropped lines.
    let accessLogDrops: AccessLogDrops
    /// The fleet's shared cache, whose failures are counted.
    let shared: SharedStore?
    /// The network known.
    let network: KeptNetwork
    /// Places searched for, kept (counted while the database answers in time).
    var places: KeptPlaces? = nil

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/metrics") { _, _ in
            let kept = await places?.count()
            return Response.text(ptvMetrics.render() + gate.render() + budget.render() + alerts.render() + accessLogDrops.render()
                                 + (shared?.render() ?? "") + network.figures.render() + (kept.map(KeptPlaces.render) ?? ""))
        }
    }
}

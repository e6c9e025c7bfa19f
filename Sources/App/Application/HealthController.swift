import HTTPServer
import PTV

/// `GET /healthz`: a small JSON status for load balancers and the container health check.
struct HealthController: RouteCollection {
    let demo: Bool

    func addRoutes(to router: inout Router<TrakxContext>) {
        let body = #"{"status":"ok","mode":"\#(demo ? "demo" : "ptv")"}"#
        router.get("/healthz") { _, _ in Response.json(body) }
    }
}

/// `GET /metrics`: Prometheus counters of the PTV client.
struct MetricsController: RouteCollection {
    let ptv: PTVClient
    /// The visitors' PTV budget, whose refusals are counted here too.
    let budget: UpstreamBudget

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/metrics") { _, _ in Response.text(ptv.metrics.render() + budget.render()) }
    }
}

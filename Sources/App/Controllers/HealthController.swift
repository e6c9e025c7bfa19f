import HTTPServer

/// `GET /healthz`: a small JSON status for load balancers and the container health check.
struct HealthController {
    let demo: Bool

    func addRoutes(to router: inout Router<TrakxContext>) {
        let body = #"{"status":"ok","mode":"\#(demo ? "demo" : "ptv")"}"#
        router.get("/healthz") { _, _ in Response.json(body) }
    }
}

import HTTPServer

/// Sets the request's `remoteAddress` to its client: the peer, or behind a trusted reverse proxy the address it
/// forwarded in `X-Forwarded-For`. Everything after it (the PTV budget, the favourites list limit) counts by it.
struct ClientAddressMiddleware: Middleware {
    /// Canonical addresses of proxies whose `X-Forwarded-For` is believed (`--trusted-proxy`).
    let trusted: Set<String>

    func handle(_ request: Request, _ context: TrakxContext, next: Handler<TrakxContext>) async throws -> Response {
        var request = request
        let forwarded = trusted.isEmpty ? []
            : request.headers.filter { $0.0.equalsIgnoringASCIICase("x-forwarded-for") }.map(\.1)
        request.remoteAddress = ClientAddress.client(peer: request.remoteAddress, forwardedFor: forwarded, trusted: trusted)
        return try await next(request, context)
    }
}

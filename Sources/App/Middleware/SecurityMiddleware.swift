import HTTPServer
import Synchronization

/// Refuses requests for hosts Trakx was not started for (DNS rebinding), and cross-site state changes.
struct SecurityMiddleware: Middleware {
    let allowedHosts: [String]
    let port: PortBox

    /// Headers on every response.
    static let headers: [(String, String)] = [
        ("Content-Security-Policy",
         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=(), usb=()"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    ]

    func handle(_ request: Request, _ context: RequestContext, next: Handler) async throws -> Response {
        var host: String?
        var hosts = 0
        for (name, value) in request.headers where name.equalsIgnoringASCIICase("host") {
            hosts += 1
            host = value
        }
        guard hosts == 1, let host, isAllowed(host: host) else {
            throw HTTPError(421, "This server does not answer for that host name.")
        }
        if request.method == "POST" {
            guard isSameOrigin(request, host: host) else {
                throw HTTPError(403, "This change came from another website, so Trakx refused it. Nothing was changed.")
            }
        }
        return try await next(request, context)
    }

    /// Loopback names with our port, or a host given with `--allowed-host` (with or without a port).
    func isAllowed(host: String) -> Bool {
        let lower = host.lowercased()
        let bound = port.value.load(ordering: .acquiring)
        let loopback = ["127.0.0.1", "localhost", "[::1]"]
        if loopback.contains(where: { lower == "\($0):\(bound)" }) { return true }
        if bound == 80, loopback.contains(lower) { return true }
        return allowedHosts.contains { allowed in
            let allowed = allowed.lowercased()
            return lower == allowed || lower.hasPrefix(allowed + ":")
        }
    }

    /// `Origin` (or, without it, `Referer`) must name this same host.
    func isSameOrigin(_ request: Request, host: String) -> Bool {
        let lowerHost = host.lowercased()
        if let origin = request.header("Origin") {
            return origin.lowercased() == "http://\(lowerHost)" || origin.lowercased() == "https://\(lowerHost)"
        }
        if let referer = request.header("Referer")?.lowercased() {
            return referer.hasPrefix("http://\(lowerHost)/") || referer.hasPrefix("https://\(lowerHost)/")
        }
        // Neither header: not a browser's cross-site form post (browsers send Origin on POST); the form token decides.
        return true
    }
}

/// Gives every visitor a form token cookie and checks it on every POST.
struct FormTokenMiddleware: Middleware {
    func handle(_ request: Request, _ context: RequestContext, next: Handler) async throws -> Response {
        let cookie = request.cookie(FormToken.cookieName).flatMap { FormToken.isWellFormed($0) ? $0 : nil }
        if request.method == "POST" {
            let sent = formToken(in: request)
            guard let cookie, let sent, sent == cookie else {
                throw HTTPError(403, "This form has expired or did not come from Trakx, so nothing was changed.")
            }
            return try await next(request, context)
        }
        guard cookie == nil else { return try await next(request, context) }
        let fresh = FormToken.make()
        var withToken = context
        withToken.values[FormToken.contextKey] = fresh
        var response = try await next(request, withToken)
        guard response.header("Content-Type")?.hasPrefix("text/html") == true else { return response }
        response.headers.append(("Set-Cookie", FormToken.setCookie(fresh)))
        return response
    }

    private func formToken(in request: Request) -> String? {
        if let field = request.form("token") { return field }
        return MultipartForm(request: request)?.field("token")
    }
}

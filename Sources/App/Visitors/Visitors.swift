import HTTPServer
import Synchronization

/// Who a request comes from, and the rules every response to them follows, wherever it is answered: the
/// middleware chain (`VisitorMiddleware`) and the server's warm path (`WarmVisitors`) both ask this one component.
///
/// The rules: the site answers only for its own host names (DNS rebinding), a change must come from this site
/// (Origin or Referer) with the visitor's form token; the form token is the visitor's cookie, or a fresh one given
/// with the first HTML page; a shared server's pages vary by the visitor's favourites list; every response carries
/// `headers`.
final class Visitors: WarmVisitors {
    let allowedHosts: [String]
    let port: PortBox
    let lists: FavouriteLists
    let notices: Notices
    /// `Host` values already admitted (a handful at most), so a warm answer does not check the name again.
    private let admitted = ReadMostly<[[UInt8]]>([])
    /// The form token cookie's name as a C string, for libmicrohttpd's lookup.
    private let cookieName = Array(FormToken.cookieName.utf8CString)

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

    /// An HTML page's visitor slot: the form token wherever the page wrote `FormToken.placeholder`, and the cookie
    /// that gives a fresh token.
    static let pageSlot = VisitorSlot(placeholder: FormToken.placeholder, length: FormToken.length,
                                      freshHeader: ("Set-Cookie", FormToken.cookieName + "=", FormToken.cookieAttributes))

    init(allowedHosts: [String], port: PortBox, lists: FavouriteLists, notices: Notices) {
        self.allowedHosts = allowedHosts
        self.port = port
        self.lists = lists
        self.notices = notices
    }

    /// The visitor a request comes from; throws the refusal for another host, or for a change from another site or
    /// without the visitor's form token.
    func visitor(for request: Request) throws -> Visitor {
        var host: String?
        var hosts = 0
        for (name, value) in request.headers where name.equalsIgnoringASCIICase("host") {
            hosts += 1
            host = value
        }
        guard hosts == 1, let host, isAllowed(host: host) else {
            throw HTTPError(421, "This server does not answer for that host name.")
        }
        let cookie = request.cookie(FormToken.cookieName).flatMap { FormToken.isWellFormed($0) ? $0 : nil }
        if request.method == "POST" {
            guard isSameOrigin(request, host: host) else {
                throw HTTPError(403, "This change came from another website, so Trakx refused it. Nothing was changed.")
            }
            guard let cookie, let sent = request.form("token"), sent == cookie else {
                throw HTTPError(403, "This form has expired or did not come from Trakx, so nothing was changed.")
            }
        }
        let notice = request.method == "GET" ? cookie.flatMap { notices.take(for: $0, path: request.rawPath) } : nil
        // Only a GET or HEAD can be given a stored page, so only they need the variant (a hash on a shared server).
        let variant = request.method == "GET" || request.method == "HEAD" ? lists.cacheVariant(request) : ""
        return Visitor(formToken: cookie ?? FormToken.make(), isNew: cookie == nil, variant: variant, notice: notice)
    }

    /// The response as it leaves for `visitor`: every header in `headers` it does not set itself and, on an HTML
    /// page, the visitor's token in its slot (and the cookie, for a fresh one). Returns the page cut at its slot too,
    /// for keeping.
    func finish(_ response: Response, for visitor: Visitor) -> (response: Response, cut: CutResponse?) {
        var response = response
        response.addHeaders(ifMissing: Self.headers)
        guard response.header("Content-Type")?.hasPrefix("text/html") == true else { return (response, nil) }
        let cut = CutResponse(response, slot: Self.pageSlot)
        var filled = cut.response(value: visitor.formToken, fresh: visitor.isNew)
        filled.storable = response.storable
        return (filled, cut)
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

    // MARK: The warm path's questions (on libmicrohttpd's thread, headers read in place)

    /// The same rules for a bodiless GET the server may answer from the page store: one admitted `Host`, and the
    /// form token from the cookie (nil value: a fresh one). A browser with a notice waiting to be said goes through the
    /// chain. (A shared server, whose pages vary by list, has no warm path at all.)
    func visitor(_ head: RequestHead) -> WarmVisitor? {
        guard let host = head.single("Host"), isAdmitted(host) else { return nil }
        let cookie = head.cookie(cookieName).flatMap { SecureRandom.isHex($0, length: FormToken.length) ? $0 : nil }
        if let cookie, notices.isPending(cookie) { return nil }
        return WarmVisitor(value: cookie)
    }

    /// A fresh form token.
    func mint(into out: UnsafeMutableRawBufferPointer) {
        SecureRandom.hex(bytes: out.count / 2, into: out)
    }

    /// Whether a `Host` value may be answered: seen and admitted before, or allowed now (and remembered).
    private func isAdmitted(_ host: UnsafeRawBufferPointer) -> Bool {
        if admitted.read({ $0.contains { $0.elementsEqual(host) } }) { return true }
        let text = String(decoding: host, as: UTF8.self)
        guard isAllowed(host: text) else { return false }
        admitted.write { admitted in
            if admitted.count < 16, !admitted.contains(Array(host)) { admitted.append(Array(host)) }
        }
        return true
    }
}

/// Who a request comes from, as the chain's handlers see it (`TrakxContext.visitor`).
struct Visitor: Sendable {
    /// The visitor's form token: their cookie's, or one made for them now (given as a cookie with the page).
    let formToken: String
    /// Whether `formToken` was made for this request.
    let isNew: Bool
    /// What this visitor's stored pages are kept under besides their address (a shared server's list).
    let variant: String
    /// The one-time notice left for this browser by its last change, when this is the page it is for.
    let notice: Banner.Fields?

    /// What a page writes where its form token goes: always the placeholder, which the visitor rules replace with
    /// each visitor's own token as the response leaves (so a stored page is right for every visitor). The one way
    /// a page asks for its token.
    var token: String { FormToken.placeholder }

    /// Before the visitor rules have run (nothing is answered from it).
    static let unknown = Visitor(formToken: "", isNew: false, variant: "", notice: nil)
}

import Foundation
import HTTPServer
import Storage
import Synchronization

/// Who a request comes from, and the rules every response to them follows, written once over a `RequestHead` for
/// every way in: the middleware chain (`VisitorMiddleware`) and the server's warm path (`WarmVisitors`) both ask
/// `arrival(_:)`.
///
/// The rules: the site answers only for its own host names (DNS rebinding), a change must come from this site
/// (Origin or Referer) with the visitor's form token; the form token is the visitor's cookie, or a fresh one given
/// with the first HTML page; a visitor with a notice waiting is shown it on its page; a shared server's pages vary by
/// the visitor's favourites list; every response carries `headers`.
final class Visitors: WarmVisitors {
    let allowedHosts: [String]
    let port: PortBox
    let lists: FavouriteLists
    let notices: Notices
    /// `Host` values already admitted (a handful at most), so neither way in checks the name again.
    private let admitted = ReadMostly<[[UInt8]]>([])

    /// Headers on every response.
    static let headers: [(String, String)] = [
        ("Content-Security-Policy",
         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
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

    /// What the rules read from a request's head, whichever way it came in.
    struct Arrival {
        /// The visitor's form token from their cookie; nil when they have none (or a malformed one).
        let token: FormToken?
        /// What their stored pages are kept under besides the address: the list ("" unless the server is shared), and
        /// the low floor choice when it is on.
        let variant: String
    }

    /// The rules over a request's head: nil for a host the site does not answer for (missing, repeated or unknown);
    /// else the visitor's token and page variant.
    /// - Parameter head: The request's headers.
    func arrival(_ head: RequestHead) -> Arrival? {
        guard head.withSingle("Host", { $0.map(isAdmitted) ?? false }) else { return nil }
        let token = Cookies.withValue(FormToken.cookieName, in: head) { $0.flatMap(FormToken.init(hex:)) }
        // Only a shared server's pages differ by list: the list's storage key, or "none" without a list.
        let variant = lists.shared
            ? Cookies.withValue(FavouriteLists.cookieName, in: head) { value in
                value.flatMap { ListID.parse(String(decoding: $0, as: UTF8.self))?.storageKey.value } ?? "none"
            }
            : ""
        // A board made for a rider's low floor choice is kept apart from one made without it.
        return Arrival(token: token, variant: LowFloorChoice.isOn(head) ? variant + LowFloorChoice.variant : variant)
    }

    /// The visitor a request comes from; throws the refusal for another host, or for a change from another site or
    /// without the visitor's form token.
    func visitor(for request: Request) throws -> Visitor {
        let head = RequestHead(headers: request.headers)
        guard let arrival = arrival(head) else {
            throw HTTPError(421, "This server does not answer for that host name.")
        }
        if request.method == "POST" {
            let host = head.withSingle("Host") { String(decoding: $0!, as: UTF8.self) }
            guard isSameOrigin(request, host: host) else {
                throw HTTPError(403, "This change came from another website, so Trakx refused it. Nothing was changed.")
            }
            guard let token = arrival.token, let sent = request.form("token"), sent == token.text else {
                throw HTTPError(403, "This form has expired or did not come from Trakx, so nothing was changed.")
            }
        }
        let notice = request.method == "GET" ? arrival.token.flatMap { notices.take(for: $0, path: request.rawPath) } : nil
        // Only a GET or HEAD can be kept as a stored page, so only they need the variant.
        let variant = request.method == "GET" || request.method == "HEAD" ? arrival.variant : ""
        return Visitor(formToken: arrival.token ?? FormToken.make(), isNew: arrival.token == nil, variant: variant, notice: notice)
    }

    /// The response as it leaves for `visitor`: every header in `headers` it does not set itself and, on an HTML
    /// page, the visitor's token in its slot (and the cookie, for a fresh one), compressed when `gzip` (the request
    /// accepts it). Returns the page cut at its slot too, for keeping (with its compressed body, for a page to keep).
    func finish(_ response: Response, for visitor: Visitor, gzip: Bool) -> (response: Response, cut: CutResponse?) {
        var response = response
        response.addHeaders(ifMissing: Self.headers)
        guard response.header("Content-Type")?.hasPrefix("text/html") == true else { return (response, nil) }
        let cut = CutResponse(response, slot: Self.pageSlot, compress: (gzip || response.storable) && response.compressible)
        var filled = cut.response(value: visitor.formToken.text, fresh: visitor.isNew, gzip: gzip)
        filled.storable = response.storable
        return (filled, cut)
    }

    /// Loopback names with our port, or a host given with `--allowed-host`: exactly as given, or, when given without
    /// a port, followed by `:` and a port number.
    func isAllowed(host: String) -> Bool {
        let lower = host.lowercased()
        let bound = port.value.load(ordering: .acquiring)
        let loopback = ["127.0.0.1", "localhost", "[::1]"]
        if loopback.contains(where: { lower == "\($0):\(bound)" }) { return true }
        if bound == 80, loopback.contains(lower) { return true }
        return allowedHosts.contains { allowed in
            let allowed = allowed.lowercased()
            if lower == allowed { return true }
            let givenWithoutPort = !allowed.contains(":") || allowed.hasSuffix("]")
            guard givenWithoutPort, lower.hasPrefix(allowed + ":") else { return false }
            let port = lower.dropFirst(allowed.count + 1)
            return !port.isEmpty && port.count <= 5 && port.allSatisfy(\.isASCII) && port.allSatisfy(\.isNumber)
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

    // MARK: The warm path (on libmicrohttpd's thread, headers read in place)

    /// Bytes of a form token.
    var valueLength: Int { FormToken.length }

    /// The same rules for a bodiless GET or HEAD the server may answer from the page store (`arrival`); a browser
    /// with a notice waiting to be said goes through the chain, which says it.
    func visitor(_ head: RequestHead, value: UnsafeMutableRawBufferPointer) -> (variant: String, fresh: Bool)? {
        guard let arrival = arrival(head) else { return nil }
        if let token = arrival.token {
            if notices.isPending(token) || notices.fleetCookie(in: head) { return nil }
            token.write(into: value)
            return (arrival.variant, false)
        }
        SecureRandom.hex(bytes: FormToken.randomBytes, into: value)
        return (arrival.variant, true)
    }

    /// Whether a `Host` value may be answered: seen and admitted before, or allowed now (and remembered).
    private func isAdmitted(_ host: UnsafeRawBufferPointer) -> Bool {
        if admitted.read({ $0.contains { $0.count == host.count && memcmp($0, host.baseAddress!, host.count) == 0 } }) { return true }
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
    let formToken: FormToken
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
    static let unknown = Visitor(formToken: FormToken.make(), isNew: false, variant: "", notice: nil)
}

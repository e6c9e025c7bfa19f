import CMicroHTTPD
import Foundation

/// Rendered pages kept ready to answer a plain `GET` on libmicrohttpd's own thread, without building a
/// `Request`, starting a task or running the middleware chain: a warm page costs a lookup and a copy.
///
/// The app keeps a page here when it has rendered it for anyone (`keep`), with the time it stops being
/// current; until then a request for exactly that target is answered from here. Everything a page says
/// that differs per visitor is one value from a cookie (the form token): the page is stored cut where
/// that value goes, and each answer puts the visitor's value in, or mints one and sets the cookie.
/// Anything else (another method, a body, a missing or repeated `Host`, a host the site does not answer
/// for, an expired page) goes the ordinary way, which renders, checks and refuses as usual.
public final class ReadyPages: Sendable {
    /// The per-visitor value a page carries, read from a cookie.
    public struct VisitorValue: Sendable {
        /// The cookie that holds it.
        public let cookieName: String
        /// Whether a cookie's value may be used (otherwise a fresh one is minted).
        public let isValid: @Sendable (String) -> Bool
        /// A fresh value for a visitor without one.
        public let make: @Sendable () -> String
        /// The `Set-Cookie` header value for a fresh value.
        public let setCookie: @Sendable (String) -> String

        /// - Parameters:
        ///   - cookieName: The cookie.
        ///   - isValid: Accepts a cookie's value.
        ///   - make: Mints a value.
        ///   - setCookie: The header value that gives a visitor a minted value.
        public init(cookieName: String, isValid: @escaping @Sendable (String) -> Bool, make: @escaping @Sendable () -> String,
                    setCookie: @escaping @Sendable (String) -> String) {
            self.cookieName = cookieName
            self.isValid = isValid
            self.make = make
            self.setCookie = setCookie
        }
    }

    /// One page: headers as sent, the body cut at each place the visitor's value goes.
    private final class Page: Sendable, Expiring {
        let status: UInt32
        /// Every header but `Content-Length` (MHD sets it).
        let headers: [(String, String)]
        /// Whether a visitor without the value gets it as a cookie (HTML pages, as the ordinary chain does).
        let setsCookie: Bool
        let body: CutBody
        let expires: Date

        init(status: UInt32, headers: [(String, String)], body: CutBody, expires: Date) {
            self.status = status
            self.headers = headers.filter { !$0.0.equalsIgnoringASCIICase("content-length") }
            setsCookie = headers.contains { $0.0.equalsIgnoringASCIICase("content-type") && $0.1.hasPrefix("text/html") }
            self.body = body
            self.expires = expires
        }
    }

    /// The pages by target, and the `Host` values already admitted (a handful at most, so a warm answer
    /// does not check the name again).
    private struct Kept {
        var pages: [String: Page] = [:]
        var admitted: Set<String> = []
    }

    private let kept = ReadMostly(Kept())
    private let capacity: Int
    private let now: @Sendable () -> Date
    private let admitsHost: @Sendable (String) -> Bool
    private let visitor: VisitorValue
    private let defaultHeaders: [(String, String)]

    /// - Parameters:
    ///   - capacity: Most pages kept.
    ///   - now: The clock that `expires` is measured on (the app's).
    ///   - admitsHost: Whether the site answers for a `Host` value (others go the ordinary way and are refused there).
    ///   - visitor: The per-visitor value pages carry.
    ///   - defaultHeaders: Headers every response gets unless the page sets them itself.
    public init(capacity: Int = 512, now: @escaping @Sendable () -> Date, admitsHost: @escaping @Sendable (String) -> Bool,
                visitor: VisitorValue, defaultHeaders: [(String, String)]) {
        self.capacity = capacity
        self.now = now
        self.admitsHost = admitsHost
        self.visitor = visitor
        self.defaultHeaders = defaultHeaders
    }

    /// Keeps a rendered page for `target` until `expires`.
    /// - Parameters:
    ///   - target: The request target exactly as received (path and query).
    ///   - response: The page as rendered for the site's ordinary chain (before default headers).
    ///   - body: Its body cut at each place the visitor's value goes.
    ///   - expires: When it stops being current.
    ///   - isCurrent: Checked under the lock: false when the page went out of date while it was rendered.
    public func keep(target: String, response: Response, body: CutBody, expires: Date, isCurrent: () -> Bool) {
        var headers = response.headers
        for (name, value) in defaultHeaders where response.header(name) == nil {
            headers.append((name, value))
        }
        let page = Page(status: UInt32(response.status), headers: headers, body: body, expires: expires)
        kept.write { kept in
            guard isCurrent() else { return }
            kept.pages.makeRoom(capacity: capacity, now: now())
            kept.pages[target] = page
        }
    }

    /// Forgets every page (something they show has changed).
    public func removeAll() {
        kept.write { $0.pages.removeAll(keepingCapacity: true) }
    }

    /// Whether a current page is kept for `target` (for tests).
    public func isReady(_ target: String) -> Bool {
        let now = now()
        return kept.read { $0.pages[target].map { $0.expires > now } ?? false }
    }

    /// Answers a bodiless GET or HEAD from a kept page; nil when the ordinary way must answer it.
    /// - Parameters:
    ///   - connection: The MHD connection (its headers and cookies are read in place).
    ///   - target: The request target as received.
    func answer(_ connection: OpaquePointer, target: String) -> (status: Int, result: MHD_Result)? {
        guard let rawHost = cmhd_single_header(connection, "Host") else { return nil }
        let host = String(cString: rawHost)
        guard let (page, admitted) = kept.read({ kept in kept.pages[target].map { ($0, kept.admitted.contains(host)) } }),
              page.expires > now(), admitted || admit(host) else { return nil }
        var fresh = false
        var value = cmhd_cookie(connection, visitor.cookieName).flatMap { String(validatingCString: $0) } ?? ""
        if !visitor.isValid(value) {
            value = visitor.make()
            fresh = true
        }
        guard let response = body(of: page, with: value) else { return nil }
        for (name, value) in page.headers {
            _ = name.withCString { name in value.withCString { value in MHD_add_response_header(response, name, value) } }
        }
        if fresh, page.setsCookie {
            _ = visitor.setCookie(value).withCString { MHD_add_response_header(response, "Set-Cookie", $0) }
        }
        let result = MHD_queue_response(connection, page.status, response)
        MHD_destroy_response(response)
        return (Int(page.status), result)
    }

    /// The page's body with the visitor's value in each cut, in a buffer the MHD response owns. (One copy:
    /// a response of several buffers would be sent as two writes, headers then body.)
    private func body(of page: Page, with value: String) -> OpaquePointer? {
        var value = value
        return value.withUTF8 { value -> OpaquePointer? in
            let size = page.body.count(with: value.count)
            guard let buffer = malloc(max(size, 1)) else { return nil }
            page.body.write(with: UnsafeRawBufferPointer(value), to: buffer)
            guard let response = cmhd_response_owned(buffer, size) else {
                free(buffer)
                return nil
            }
            return response
        }
    }

    /// Checks a `Host` value not seen before, and remembers it when the site answers for it.
    private func admit(_ host: String) -> Bool {
        guard admitsHost(host) else { return false }
        kept.write { if $0.admitted.count < 16 { $0.admitted.insert(host) } }
        return true
    }
}

import CMicroHTTPD
import Foundation
import Synchronization

/// Rendered pages kept ready to answer a plain `GET` on libmicrohttpd's own thread, without building a
/// `Request`, starting a task or running the middleware chain.
///
/// The app keeps a page here when it has rendered it for anyone (`keep`), with the time it stops being
/// current; until then a request for exactly that target is answered from here. Everything a page says
/// that differs per visitor is one value from a cookie (the form token): the page is stored cut where
/// that value goes, and each answer puts the visitor's value in, or mints one and sets the cookie. The MHD
/// responses themselves are made once and used again (`ReadyResponse`): a warm answer writes the visitor's
/// token into a response no one else is being sent, and queues it.
/// Anything else (another method, a body, a missing or repeated `Host`, a host the site does not answer
/// for, an expired page) goes the ordinary way, which renders, checks and refuses as usual.
public final class ReadyPages: Sendable {
    /// The per-visitor value a page carries: random lower-case hex digits, kept by the visitor in a cookie.
    public struct VisitorValue: Sendable {
        /// The cookie that holds it.
        public let cookieName: String
        /// Bytes of randomness in a value (it is twice as many hex digits).
        public let randomBytes: Int
        /// What follows `name=value` in the `Set-Cookie` header that gives a visitor a fresh value.
        public let cookieAttributes: String

        /// Hex digits in a value.
        public var length: Int { randomBytes * 2 }

        /// - Parameters:
        ///   - cookieName: The cookie.
        ///   - randomBytes: Bytes of randomness in a value.
        ///   - cookieAttributes: The `Set-Cookie` attributes, from the first `;`.
        public init(cookieName: String, randomBytes: Int, cookieAttributes: String) {
            self.cookieName = cookieName
            self.randomBytes = randomBytes
            self.cookieAttributes = cookieAttributes
        }

        /// A fresh value.
        public func make() -> String {
            SecureRandom.hex(bytes: randomBytes)
        }

        /// Whether a cookie's value may be used (otherwise a fresh one is minted).
        public func isValid(_ value: String) -> Bool {
            SecureRandom.isHex(value, length: length)
        }

        /// What comes before the value in its `Set-Cookie` header.
        var cookiePrefix: String { "\(cookieName)=" }

        /// The `Set-Cookie` header value that gives a visitor `value`.
        public func setCookie(_ value: String) -> String {
            cookiePrefix + value + cookieAttributes
        }
    }

    /// One page: headers as sent, the body cut at each place the visitor's value goes, and its responses
    /// not lent out at the moment.
    fileprivate final class Page: @unchecked Sendable, Expiring {
        // @unchecked: `headers` point into `block`, which is written once in init and freed in deinit.
        let status: UInt32
        /// Every header but `Content-Length` (MHD sets it), as C strings in `block`.
        let headers: [(name: UnsafePointer<CChar>, value: UnsafePointer<CChar>)]
        private let block: UnsafeMutableRawPointer
        /// Whether a visitor without the value gets it as a cookie (HTML pages, as the ordinary chain does).
        let setsCookie: Bool
        let body: CutBody
        let expires: Date
        private let idle = Mutex<[ReadyResponse]>([])

        init(status: UInt32, headers: [(String, String)], body: CutBody, expires: Date) {
            self.status = status
            var bytes: [UInt8] = []
            var offsets: [(Int, Int)] = []
            for (name, value) in headers where !name.equalsIgnoringASCIICase("content-length") {
                let nameAt = bytes.count
                bytes += name.utf8 + [0]
                offsets.append((nameAt, bytes.count))
                bytes += value.utf8 + [0]
            }
            block = .allocate(byteCount: max(bytes.count, 1), alignment: 1)
            block.copyMemory(from: bytes, byteCount: bytes.count)
            let start = UnsafePointer(block.assumingMemoryBound(to: CChar.self))
            self.headers = offsets.map { (start + $0.0, start + $0.1) }
            setsCookie = headers.contains { $0.0.equalsIgnoringASCIICase("content-type") && $0.1.hasPrefix("text/html") }
            self.body = body
            self.expires = expires
        }

        deinit {
            ReadyPages.idleResponses.subtract(idle.withLock { $0.count }, ordering: .relaxed)
            block.deallocate()
        }

        /// A response not lent to anyone, if the page has one.
        func idleResponse() -> ReadyResponse? {
            guard let response = idle.withLock({ $0.popLast() }) else { return nil }
            ReadyPages.idleResponses.subtract(1, ordering: .relaxed)
            return response
        }

        /// Takes a response back from a completed request (or lets it go when enough are kept already).
        func takeBack(_ response: ReadyResponse) {
            guard ReadyPages.idleResponses.add(1, ordering: .relaxed).newValue <= ReadyPages.idleLimit else {
                ReadyPages.idleResponses.subtract(1, ordering: .relaxed)
                return
            }
            idle.withLock { $0.append(response) }
        }
    }

    /// A response lent to a request, given back when MHD reports the request completed.
    public struct Lent: Sendable {
        fileprivate let page: Page
        let response: ReadyResponse

        /// Gives the response back to its page (call once, when MHD is done with the request).
        func giveBack() {
            page.takeBack(response)
        }
    }

    /// Responses kept for reuse across all pages, and the most kept (each holds a page's body, a few kilobytes).
    fileprivate static let idleResponses = Atomic<Int>(0)
    fileprivate static let idleLimit = 128

    /// The pages by target, and the `Host` values already admitted (a handful at most, so a warm answer
    /// does not check the name again).
    private struct Kept {
        var pages: [String: Page] = [:]
        var admitted: [[UInt8]] = []

        /// Whether a `Host` value (a C string of `length` bytes) was admitted before.
        func isAdmitted(_ host: UnsafePointer<CChar>, length: Int) -> Bool {
            admitted.contains { $0.count == length && memcmp($0, host, length) == 0 }
        }
    }

    private let kept = ReadMostly(Kept())
    private let capacity: Int
    private let now: @Sendable () -> Date
    private let admitsHost: @Sendable (String) -> Bool
    private let visitor: VisitorValue
    private let defaultHeaders: [(String, String)]
    /// The cookie's name as a C string, for MHD's lookup.
    private let cookieName: [CChar]
    /// `name=` and the attributes with a closing NUL: a fresh value's `Set-Cookie` is these around the value.
    private let cookiePrefix: [UInt8]
    private let cookieSuffix: [UInt8]

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
        cookieName = Array(visitor.cookieName.utf8CString)
        cookiePrefix = Array(visitor.cookiePrefix.utf8)
        cookieSuffix = Array(visitor.cookieAttributes.utf8) + [0]
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
    /// - Returns: The status sent, MHD's result, and the response lent to the request, which the server gives back
    ///   when MHD reports the request completed.
    func answer(_ connection: OpaquePointer, target: String) -> (status: Int, result: MHD_Result, lent: Lent?)? {
        guard let host = cmhd_single_header(connection, "Host") else { return nil }
        let hostLength = strlen(host)
        guard let (page, admitted) = kept.read({ kept in
                  kept.pages[target].map { ($0, kept.isAdmitted(host, length: hostLength)) }
              }),
              page.expires > now(), admitted || admit(String(cString: host)) else { return nil }
        guard let response = lend(page, to: connection) else { return nil }
        let result = MHD_queue_response(connection, page.status, response.pointer)
        guard result == cmhd_yes() else {
            page.takeBack(response)
            return (Int(page.status), result, nil)
        }
        return (Int(page.status), result, Lent(page: page, response: response))
    }

    /// A response of `page` made ready for the connection's visitor: their value from MHD's parsed cookie, or a
    /// fresh one minted (and set as the cookie on HTML pages).
    private func lend(_ page: Page, to connection: OpaquePointer) -> ReadyResponse? {
        let length = visitor.length
        return withUnsafeTemporaryAllocation(byteCount: length, alignment: 1) { minted -> ReadyResponse? in
            let value: UnsafeRawBufferPointer
            let fresh: Bool
            if let cookie = cmhd_cookie(connection, cookieName), strlen(cookie) == length,
               SecureRandom.isHex(UnsafeRawBufferPointer(start: cookie, count: length), length: length) {
                value = UnsafeRawBufferPointer(start: cookie, count: length)
                fresh = false
            } else {
                SecureRandom.hex(bytes: visitor.randomBytes, into: minted)
                value = UnsafeRawBufferPointer(minted)
                fresh = true
            }
            let setsCookie = fresh && page.setsCookie
            if let response = page.idleResponse(), response.prepare(value: value, setsCookie: setsCookie) {
                return response
            }
            guard let response = ReadyResponse(body: page.body, headers: page.headers, valueLength: length,
                                               cookiePrefix: cookiePrefix, cookieSuffix: cookieSuffix),
                  response.prepare(value: value, setsCookie: setsCookie) else { return nil }
            return response
        }
    }

    /// Checks a `Host` value not seen before, and remembers it when the site answers for it.
    private func admit(_ host: String) -> Bool {
        guard admitsHost(host) else { return false }
        kept.write { kept in
            if kept.admitted.count < 16, !kept.admitted.contains(Array(host.utf8)) { kept.admitted.append(Array(host.utf8)) }
        }
        return true
    }
}

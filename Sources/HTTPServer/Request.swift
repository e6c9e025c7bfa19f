/// One HTTP request, copied out of libmicrohttpd into Swift values before any handler runs.
public struct Request: Sendable {
    /// Upper-case method as sent ("GET", "POST", ...).
    public var method: String
    /// The request target exactly as received (path and query, still encoded).
    public var target: String
    /// The decoded path; nil when its escapes or UTF-8 are invalid.
    public var path: String?
    /// Decoded query pairs in order; nil when the query is malformed.
    public var queryItems: [(String, String)]?
    /// Header name/value pairs in arrival order (names as sent).
    public let headers: [(String, String)]
    /// The raw body bytes (bounded by the server's body limit).
    public let body: [UInt8]
    /// An urlencoded body's fields in order, decoded once when the request is made; nil when the body is not a
    /// valid `application/x-www-form-urlencoded` form.
    public let formItems: [(String, String)]?
    /// A `multipart/form-data` body's parts, split once when the request is made; nil for any other body.
    public let multipart: MultipartForm?
    /// The client's address as text: the connection's peer, or the forwarded client once middleware has read it.
    public var remoteAddress: String

    /// Builds a request from the raw target; decodes path and query strictly.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - target: The raw request target ("/stops/train/1071?x=1").
    ///   - headers: Headers as received.
    ///   - body: The request body.
    ///   - remoteAddress: The client address for logging.
    public init(method: String, target: String, headers: [(String, String)] = [], body: [UInt8] = [], remoteAddress: String = "") {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        // The body is parsed here, once: every later look at a field reads what was parsed.
        let type = body.isEmpty ? nil : headers.first { $0.0.equalsIgnoringASCIICase("content-type") }?.1
        if let type, type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            formItems = String(validating: body, as: UTF8.self).flatMap { PercentDecoding.pairs($0) }
        } else {
            formItems = nil
        }
        multipart = type.flatMap { MultipartForm(contentType: $0, body: body) }
        if let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            self.path = PercentDecoding.decode(target[..<mark], plusIsSpace: false)
            self.queryItems = PercentDecoding.pairs(target[target.utf8.index(after: mark)...])
        } else {
            self.path = PercentDecoding.decode(target[...], plusIsSpace: false)
            self.queryItems = []
        }
    }

    /// The raw path before decoding (for traversal checks and logs).
    public var rawPath: Substring { Self.rawPath(of: target) }

    /// The raw path of a request target: everything before the first `?`.
    /// - Parameter target: A request target as received.
    static func rawPath(of target: String) -> Substring {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target[...] }
        return target[..<mark]
    }

    /// The first value of a header, compared case-insensitively.
    /// - Parameter name: Header name.
    public func header(_ name: String) -> String? {
        headers.first { $0.0.equalsIgnoringASCIICase(name) }?.1
    }

    /// The first value of a query parameter.
    /// - Parameter name: Parameter name.
    public func query(_ name: String) -> String? {
        queryItems?.first { $0.0 == name }?.1
    }
}

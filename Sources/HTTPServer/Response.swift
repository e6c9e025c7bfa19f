/// An HTTP response: status, headers and a body of bytes.
public struct Response: Sendable {
    /// Status code.
    public var status: Int
    /// Header name/value pairs.
    public var headers: [(String, String)]
    /// Body bytes (sent for GET; omitted by the server for HEAD).
    public var body: [UInt8]
    /// Whether the response may be kept in a `PageStore` and given to every visitor who asks for the same target
    /// (a page that differs per visitor only in its visitor slot). Set by the handler that made it.
    public var storable = false
    /// Whether the response may be sent compressed. False for a page that shows a secret of its own besides the
    /// visitor's value (a private link): its size, compressed beside anything else on the page, could tell of it.
    public var compressible = true

    /// Creates a response.
    /// - Parameters:
    ///   - status: Status code.
    ///   - headers: Headers.
    ///   - body: Body bytes.
    public init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    /// - Parameters:
    ///   - text: The text.
    ///   - status: Status code.
    public static func text(_ text: String, status: Int = 200) -> Response {
        Response(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    /// An `application/json` response.
    /// - Parameters:
    ///   - json: Encoded JSON text.
    ///   - status: Status code.
    public static func json(_ json: String, status: Int = 200) -> Response {
        Response(status: status, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")],
                 body: Array(json.utf8))
    }

    /// A 303 See Other to `location` (a path on this site).
    /// - Parameter location: Where to go.
    public static func seeOther(_ location: String) -> Response {
        Response(status: 303, headers: [("Location", location), ("Content-Type", "text/plain; charset=utf-8")],
                 body: Array("See \(location)".utf8))
    }

    /// The first value of a header.
    /// - Parameter name: Header name, case-insensitive.
    public func header(_ name: String) -> String? {
        headers.first { $0.0.equalsIgnoringASCIICase(name) }?.1
    }

    /// Sets a header, replacing any earlier value of the same name.
    /// - Parameters:
    ///   - name: Header name.
    ///   - value: Header value.
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.0.equalsIgnoringASCIICase(name) }
        headers.append((name, value))
    }

    /// Adds each of `defaults` whose name the response does not set itself (the site's default headers).
    /// - Parameter defaults: Names and values.
    public mutating func addHeaders(ifMissing defaults: [(String, String)]) {
        headers.reserveCapacity(headers.count + defaults.count)
        for (name, value) in defaults where header(name) == nil {
            headers.append((name, value))
        }
    }
}

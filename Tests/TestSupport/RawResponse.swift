import Foundation

/// One HTTP response as read off a socket by `RawHTTP`, with what the wire showed (status line, every byte,
/// a timeout or a reset) for tests of malformed and abusive traffic.
public struct RawResponse: Sendable {
    /// The first line ("HTTP/1.1 404 Not Found"); nil when no complete head arrived.
    public let statusLine: String?
    /// Status code (0 when there is no parsable status line, e.g. the server closed without answering).
    public let status: Int
    /// Headers in order.
    public let headers: [(name: String, value: String)]
    /// Body bytes (de-chunked).
    public let body: [UInt8]
    /// Every byte received.
    public let raw: [UInt8]
    /// Whether the read gave up at the timeout.
    public let timedOut: Bool
    /// Whether the connection was reset.
    public let reset: Bool

    /// Body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Every byte received, as text: the status line, every header and the body.
    public var rawText: String { String(decoding: raw, as: UTF8.self) }

    /// First header value, case-insensitive.
    /// - Parameter name: Header name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a header.
    /// - Parameter name: Header name.
    public func headers(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Whether the status line is `HTTP/1.x NNN ...` with 100 ≤ NNN < 600.
    public var isWellFormed: Bool {
        guard let statusLine else { return false }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0", parts[1].count == 3,
              let code = Int(parts[1]) else { return false }
        return (100 ..< 600).contains(code)
    }

    func with(raw: [UInt8], timedOut: Bool, reset: Bool) -> RawResponse {
        RawResponse(statusLine: statusLine, status: status, headers: headers, body: body, raw: raw, timedOut: timedOut, reset: reset)
    }
}

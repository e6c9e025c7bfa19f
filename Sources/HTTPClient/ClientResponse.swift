import Foundation

/// A response from `HTTPClient.get`.
public struct ClientResponse: Sendable {
    /// HTTP status code.
    public let status: Int
    /// The response's header fields in the order they came (names as sent).
    public let headers: [(name: String, value: String)]
    /// Body bytes.
    public let body: [UInt8]

    /// Creates a response.
    /// - Parameters:
    ///   - status: HTTP status code.
    ///   - headers: Header fields, in order.
    ///   - body: Body bytes.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the header field `name` (compared without regard to case), if it was sent.
    /// - Parameter name: The field name, such as `Retry-After`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Seconds `Retry-After` asks the client to wait: its delay in seconds, or the time from `now` to its HTTP
    /// date (never less than 0); nil when it is missing or reads as neither.
    /// - Parameter now: The time the answer came, for a date.
    public func retryAfter(now: Date) -> Double? {
        guard let text = header("Retry-After")?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) { return Double(text) }
        guard let date = Self.httpDate(text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// An IMF-fixdate, as `Retry-After` and `Date` carry it: "Sun, 06 Nov 1994 08:49:37 GMT".
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}

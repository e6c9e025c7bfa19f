/// An error that carries the HTTP status and a message safe to show the user.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// Status code to answer with.
    public var status: Int
    /// What happened, in words for the user (never a secret).
    public var message: String
    /// Extra headers, e.g. `Allow` on a 405.
    public var headers: [(String, String)]
    /// What to try, when the status's usual advice would be wrong (a missing run whose link Trakx made itself
    /// should not say "check the address").
    public var advice: String?

    /// Creates an error.
    /// - Parameters:
    ///   - status: Status code.
    ///   - message: Text for the user.
    ///   - headers: Extra response headers.
    ///   - advice: What to try instead of the status's usual advice.
    public init(_ status: Int, _ message: String, headers: [(String, String)] = [], advice: String? = nil) {
        self.status = status
        self.message = message
        self.headers = headers
        self.advice = advice
    }

    /// The answer to a request that arrives while the server drains to stop: not PTV's doing, so it says so (a 503's
    /// usual advice blames PTV's service).
    public static let restarting = HTTPError(503, "Trakx is restarting.",
                                             advice: "This is not a problem with your device or with PTV. Try again in a moment.")

    /// Status and message.
    public var description: String { "HTTP \(status): \(message)" }

    /// The reason phrase for common status codes.
    /// - Parameter status: Status code.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 303: "See Other"
        case 304: "Not Modified"
        case 400: "Bad request"
        case 403: "Forbidden"
        case 404: "Page not found"
        case 405: "Method not allowed"
        case 413: "Request too large"
        case 414: "Address too long"
        case 421: "Misdirected request"
        case 429: "Too many requests"
        case 431: "Headers too large"
        case 500: "Something went wrong"
        case 502: "Bad gateway"
        case 503: "Service unavailable"
        case 504: "Gateway timeout"
        default: "Error"
        }
    }
}

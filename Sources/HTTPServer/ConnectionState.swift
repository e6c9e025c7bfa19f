import Synchronization

/// What one request has received so far, and the response once computed.
/// Lives from MHD's URI callback to its completion callback (retained through `con_cls`).
final class ConnectionState: Sendable {
    enum Phase: Sendable { case headers, body, dispatched }

    struct Fields: Sendable {
        var phase: Phase = .headers
        var body: [UInt8] = []
        var bodyTooLarge = false
        /// Whether the request announced a body (`Content-Length` or `Transfer-Encoding`), read with its headers.
        var announcedBody = false
        /// Whether this request was counted in the server's in-flight total.
        var counted = false
        var response: Response?
        /// Whether MHD suspended the connection to wait for the response (so the task must resume it).
        var suspended = false
        var started: Moment = .now
        /// The stored page's response this request was answered with, given back when it completes.
        var lent: WarmPages.Lent?
    }

    /// The request target exactly as received; nil when it was not valid UTF-8.
    let target: String?
    let fields = Mutex(Fields())

    init(target: String?) {
        self.target = target
    }
}

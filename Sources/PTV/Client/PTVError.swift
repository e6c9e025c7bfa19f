/// Every way a PTV call can fail, as one error. Its text never holds the key, devid, signature or a signed URL.
public struct PTVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failure kinds.
    public enum Kind: String, Sendable, Equatable {
        /// 403 "Supplied signature is invalid" (or any other 403 that is not throttling).
        case signatureRejected = "signature_rejected"
        /// 400 "devid … is invalid", or an account disabled.
        case devIDInvalid = "devid_invalid"
        /// 403 "Throttling limit reached", or Trakx is backing off after one.
        case throttled
        /// The connection could not be made.
        case unreachable
        /// No complete answer within the timeout.
        case timedOut = "timed_out"
        /// 404 from PTV: the id does not exist.
        case notFound = "not_found"
        /// 400 from PTV for a bad parameter.
        case badRequest = "bad_request"
        /// Any other unexpected status.
        case badStatus = "bad_status"
        /// The body was not the JSON expected.
        case malformedBody = "malformed_body"
        /// The answer stopped part way: the connection closed early, or the JSON ends before it closes.
        case truncated
        /// `status.health` was 0.
        case unhealthy
        /// A 200 that is not the answer: only `{"message": …}`, or a body without the list (or item) the question
        /// asks for. Never read as an empty list.
        case noAnswer = "no_answer"

        /// Whether PTV refused Trakx's own developer id or key: the set-up of this Trakx, which waiting will not mend.
        public var isKeyRefused: Bool { self == .signatureRejected || self == .devIDInvalid }
    }

    /// What went wrong.
    public let kind: Kind
    /// The HTTP status PTV answered with, if any.
    public let status: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - kind: Kind.
    ///   - status: Upstream status.
    public init(_ kind: Kind, status: Int? = nil) {
        self.kind = kind
        self.status = status
    }

    /// Whether this is PTV or the network failing (stale data may be shown instead).
    public var isUpstreamFailure: Bool {
        switch kind {
        case .notFound, .badRequest: false
        default: true
        }
    }

    /// "PTV error throttled (HTTP 403)".
    public var description: String {
        "PTV error \(kind.rawValue)" + (status.map { " (HTTP \($0))" } ?? "")
    }
}

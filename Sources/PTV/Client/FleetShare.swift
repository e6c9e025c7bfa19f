import Foundation

/// One PTV answer as the instances of a fleet share it: the body exactly as PTV sent it (or PTV's "not found"), and
/// when PTV gave it.
public struct SharedAnswer: Sendable, Equatable {
    /// What PTV said.
    public enum Content: Sendable, Equatable {
        /// A 200 answer's body, as sent.
        case body([UInt8])
        /// PTV's "not found" (404).
        case notFound
    }

    /// What PTV said.
    public let content: Content
    /// When PTV said it.
    public let fetchedAt: Date

    /// Creates a shared answer.
    /// - Parameters:
    ///   - content: The body, or "not found".
    ///   - fetchedAt: When PTV gave it.
    public init(_ content: Content, fetchedAt: Date) {
        self.content = content
        self.fetchedAt = fetchedAt
    }
}

/// Who fetches a question from PTV, when several instances miss it at once.
public enum SharedClaim: Sendable, Equatable {
    /// This instance fetches; `token` releases the claim.
    case won(token: String)
    /// Another instance is fetching it: wait a little for its answer.
    case taken
    /// The fleet's store cannot say (unreachable): fetch as a lone instance would.
    case unavailable
}

/// PTV answers the instances of a fleet share (kept in Redis by the `SharedCache` module), asked by `PTVClient` on a
/// miss of its own cache. Every method answers within the store's own short timeout; a store that cannot be reached
/// answers nil, `.unavailable`, or nothing.
public protocol SharedAnswers: Sendable {
    /// The answer any instance saved for `key` (fresh or not: the caller judges its age), or nil.
    /// - Parameter key: The request's cache key.
    func answer(for key: String) async -> SharedAnswer?
    /// Claims `key` for one fetch from PTV, for at most `seconds`.
    /// - Parameters:
    ///   - key: The request's cache key.
    ///   - seconds: How long the claim holds if never released.
    func claim(_ key: String, for seconds: Double) async -> SharedClaim
    /// Saves PTV's answer for every instance.
    /// - Parameters:
    ///   - answer: The answer.
    ///   - key: The request's cache key.
    func publish(_ answer: SharedAnswer, for key: String) async
    /// Gives up a claim this instance won.
    /// - Parameters:
    ///   - key: The request's cache key.
    ///   - token: The token `claim` gave.
    func release(_ key: String, token: String) async
}

/// PTV's throttling as every instance of a fleet sees it: one instance told to wait shuts every instance's gate.
public protocol SharedThrottle: Sendable {
    /// Until when some instance was told to wait, as last read (from memory: never a round trip on a page).
    var shutUntil: Date? { get }
    /// Tells every instance to hold calls until `until`.
    /// - Parameter until: When PTV may be asked again.
    func shut(until: Date)
    /// Reads the fleet's word again when the one in memory is older than a quarter of a second (asked before a call
    /// to PTV only, never for a page answered from the cache).
    func refresh() async
}

/// A count the instances of a fleet keep together (a visitor's PTV calls this minute, lists started).
public protocol SharedCounter: Sendable {
    /// Adds one to `key` and returns the new count, or nil when the store cannot be reached (count locally then).
    /// - Parameters:
    ///   - key: What is counted (its window in the key).
    ///   - seconds: How long the count is kept after its first call.
    func increment(_ key: String, keptFor seconds: Double) async -> Int?
}

/// What a `PTVClient` shares with the other instances of its fleet.
public struct PTVFleetShare: Sendable {
    /// PTV's answers.
    public let answers: any SharedAnswers
    /// PTV's throttling.
    public let throttle: any SharedThrottle
    /// Longest wait, in seconds, for another instance's fetch of the same question before asking PTV too.
    public let wait: Double

    /// Creates a share.
    /// - Parameters:
    ///   - answers: PTV's answers.
    ///   - throttle: PTV's throttling.
    ///   - wait: Longest wait for another instance's fetch.
    public init(answers: any SharedAnswers, throttle: any SharedThrottle, wait: Double = 2) {
        self.answers = answers
        self.throttle = throttle
        self.wait = wait
    }
}

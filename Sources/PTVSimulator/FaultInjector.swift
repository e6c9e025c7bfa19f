import Synchronization

/// Makes the simulator misbehave on purpose, for tests of the client and the pages' fallbacks.
///
/// A fault set for a path prefix (such as `/v3/departures`) applies to matching paths and beats a fault
/// set for all paths; the longest matching prefix wins. Thread-safe.
public final class FaultInjector: Sendable {
    /// One way of failing.
    public enum Fault: Sendable, Equatable {
        /// Wait this long, then answer normally.
        case latency(milliseconds: Int)
        /// Answer with this HTTP status (500 gets ASP.NET's `{"Message": "An error has occurred."}`).
        case status(Int)
        /// 403 "Forbidden (403): Throttling limit reached for this service."
        case throttle
        /// The same 403, with `Retry-After: seconds` (PTV's own throttling sends none; a proxy in front may).
        case throttleRetryAfter(seconds: Int)
        /// 403 "Forbidden (403): Supplied signature is invalid for request." whatever the signature.
        case badSignature
        /// 200 with a body that is not JSON.
        case malformedJSON
        /// 200 with the real body cut in half.
        case truncatedBody
        /// 200 with no body at all.
        case emptyBody
        /// 200 with the real body but `status.health` 0.
        case unhealthy
        /// 200 with only `{"message": …, "status": …}`: no answer, though the status says all is well.
        case messageOnly
        /// 200 with the real body less the list (or item) the question asks for: `departures` for departures and
        /// patterns, else every field but `status`.
        case listMissing
        /// Never answer until the fault is cleared, the simulator stops or ``FaultInjector/hangLimit`` has passed
        /// (then 504).
        case hang
        /// 200 with the real body spoilt (`AnswerScrambler`): about `share` of its fields dropped, null, emptied or
        /// given values no answer could mean, the same way each time for the same seed and path.
        case scrambled(seed: UInt64, share: Double)
        /// 200 with this body in place of the simulator's own: a recorded answer replayed for its question.
        case answer(body: [UInt8])
    }

    private let faults = Mutex<[String: Fault]>([:])
    private let limit = Mutex<Duration>(.seconds(30))

    /// How long a hanging call waits before it answers 504 by itself: 30 s, twice Trakx's timeout. A connection
    /// waiting for its answer is not watched, so one whose client gave up stays open until the answer is sent:
    /// with no end, a hang under load held a descriptor for every call until the fault was cleared.
    public var hangLimit: Duration {
        get { limit.withLock { $0 } }
        set { limit.withLock { $0 = newValue } }
    }

    /// Creates an injector with no faults.
    public init() {}

    /// Sets or clears a fault.
    /// - Parameters:
    ///   - fault: The fault, or nil to clear the one for this prefix.
    ///   - prefix: Limits the fault to paths starting with this (e.g. "/v3/departures"); nil for all paths.
    public func set(_ fault: Fault?, forPathPrefix prefix: String? = nil) {
        faults.withLock { $0[prefix ?? ""] = fault }
    }

    /// Clears every fault.
    public func clear() {
        faults.withLock { $0.removeAll() }
    }

    /// The fault that applies to a path, if any.
    /// - Parameter path: The request path.
    public func fault(for path: String) -> Fault? {
        faults.withLock { table in
            table.filter { path.hasPrefix($0.key) }.max { $0.key.count < $1.key.count }?.value
        }
    }
}

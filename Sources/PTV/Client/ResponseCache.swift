import Foundation
import Synchronization

/// A value from PTV with the time it was fetched, and whether it is stale (PTV failed, older data shown).
public struct Fetched<Value: Sendable>: Sendable {
    /// The value.
    public let value: Value
    /// When PTV sent it.
    public let fetchedAt: Date
    /// Why the fresh fetch is not shown, for a stale copy (`.timedOut` also when PTV was slower than the grace).
    public let staleBecause: PTVError.Kind?

    /// True when a fresh fetch failed (or was too slow) and this older copy is shown instead.
    public var isStale: Bool { staleBecause != nil }
    /// When the copy was fetched, for a stale copy: what a page dates its old estimates by.
    public var staleSince: Date? { isStale ? fetchedAt : nil }

    /// Creates a fetched value.
    /// - Parameters:
    ///   - value: The value.
    ///   - fetchedAt: Fetch time.
    ///   - staleBecause: Why a stale copy is shown (nil: a fresh answer).
    public init(value: Value, fetchedAt: Date, staleBecause: PTVError.Kind? = nil) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.staleBecause = staleBecause
    }

    /// The same answer with another value (a trimmed or filtered reading of it).
    public func map<Other: Sendable>(_ transform: (Value) -> Other) -> Fetched<Other> {
        Fetched<Other>(value: transform(value), fetchedAt: fetchedAt, staleBecause: staleBecause)
    }
}

/// The shared response cache: per-endpoint freshness, single-flight, stale-if-error, PTV's "not found" kept
/// (never a failure), the visitor's budget charged for each fetch it starts, and an LRU bound.
public final class ResponseCache: Sendable {
    /// One cached answer (a value or PTV's "not found"), when it was fetched, and when last used.
    struct Entry: @unchecked Sendable {
        // `value` is always a Sendable value boxed as Any; only `Fetched<T>` with the T that stored it reads it.
        let value: Any
        let fetchedAt: Date
        var lastUsed: UInt64
    }

    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        /// Running fetches by key, each with the id of the fetch that created it: only that fetch removes it.
        var inFlight: [String: (id: UInt64, task: Task<Entry, any Error>)] = [:]
        var tick: UInt64 = 0
    }

    // Unchecked only because `Entry` is (its `Any` always holds a Sendable value); the task is Sendable.
    private enum Lookup: @unchecked Sendable {
        case hit(Entry)
        /// A fetch to wait for, and the saved copy (expired) if there is one.
        case wait(Task<Entry, any Error>, saved: Entry?)
        /// A fetch would start: the visitor's allowance is charged first.
        case charge
    }

    private let state = Mutex(State())
    private let capacity: Int
    private let grace: Double?
    private let now: @Sendable () -> Date
    private let reachesUpstream: @Sendable () -> Bool
    let metrics: PTVMetrics

    /// Creates a cache.
    /// - Parameters:
    ///   - capacity: Most entries kept; the least recently used goes first.
    ///   - metrics: Counters for hits, misses and stale serves.
    ///   - grace: Seconds a caller waits for a fetch when an expired copy exists; past it the copy is returned as
    ///     stale and the fetch goes on to refresh the cache. Nil waits for the fetch whatever it takes.
    ///   - now: The clock (tests move it).
    ///   - reachesUpstream: Whether a fetch started now would reach PTV (false while the client holds calls back);
    ///     asked only on a miss, before charging the visitor's allowance.
    public init(capacity: Int = 4000, metrics: PTVMetrics, grace: Double? = nil, now: @escaping @Sendable () -> Date = Date.init,
                reachesUpstream: @escaping @Sendable () -> Bool = { true }) {
        self.reachesUpstream = reachesUpstream
        self.capacity = capacity
        self.metrics = metrics
        self.grace = grace
        self.now = now
    }

    /// Number of entries held.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The cached value for `request` when fresh; otherwise one fetch shared by every concurrent caller.
    /// When the fetch fails with an upstream failure and an older value exists, that value comes back marked stale.
    /// - Parameters:
    ///   - request: The PTV request (its endpoint sets freshness; its path and query are the key).
    ///   - allowance: The visitor's allowance, charged only when this call starts a fetch (nil: not counted).
    ///   - fetch: Fetches and decodes a fresh value.
    /// - Throws: The fetch's error, PTV's kept "not found", or `UpstreamBudget.Exhausted` when the allowance refuses.
    public func value<T: Sendable>(for request: PTVRequest, allowance: UpstreamBudget.Allowance? = nil,
                                   fetch: @escaping @Sendable () async throws -> T) async throws -> Fetched<T> {
        try await value(for: request, allowance: allowance, dated: { (try await fetch(), nil) })
    }

    /// `value(for:allowance:fetch:)` with a fetch that may say when its answer was fetched (another instance's answer
    /// from the fleet's store), else nil for now.
    func value<T: Sendable>(for request: PTVRequest, allowance: UpstreamBudget.Allowance?,
                            dated fetch: @escaping @Sendable () async throws -> (T, Date?)) async throws -> Fetched<T> {
        let key = request.cacheKey
        let endpoint = request.endpoint
        let time = now()
        var charged = false
        var lookup = Lookup.charge
        while case .charge = lookup {
            if charged, let allowance, let refusal = await allowance.spend() { throw refusal }
            lookup = lookUp(key, endpoint: endpoint, time: time, as: T.self, charged: charged, allowance: allowance, fetch: fetch)
            charged = true
        }
        return try await answer(lookup, key: key, endpoint: endpoint)
    }

    /// Finds `key` in the cache, joins its fetch, or starts one (`.charge` first when the visitor must pay for it).
    private func lookUp<T: Sendable>(_ key: String, endpoint: PTVRequest.Endpoint, time: Date, as type: T.Type, charged: Bool,
                                     allowance: UpstreamBudget.Allowance?,
                                     fetch: @escaping @Sendable () async throws -> (T, Date?)) -> Lookup {
        state.withLock { state in
            state.tick += 1
            if var entry = state.entries[key], entry.value is T || entry.value is PTVError,
               time.timeIntervalSince(entry.fetchedAt) < (entry.value is T ? endpoint.freshness : endpoint.notFoundFreshness) {
                entry.lastUsed = state.tick
                state.entries[key] = entry
                return .hit(entry)
            }
            let saved = state.entries[key].flatMap { $0.value is T ? $0 : nil }
            if let running = state.inFlight[key] {
                metrics.coalesced(endpoint)
                return .wait(running.task, saved: saved)
            }
            // Only a call that would really reach PTV is charged to the visitor's budget (outside the lock: the
            // fleet's budget is a round trip), then looked up again.
            if allowance != nil, !charged, reachesUpstream() { return .charge }
            metrics.miss(endpoint)
            let id = state.tick
            // The fetch itself stores its result and retires its own in-flight entry, so a waiter resuming late
            // can never remove a newer fetch for the same key.
            let task = Task<Entry, any Error> { [self] in
                do {
                    let (value, fetchedAt) = try await fetch()
                    let entry = Entry(value: value, fetchedAt: fetchedAt ?? now(), lastUsed: 0)
                    store(entry, key: key, fetchID: id)
                    return entry
                } catch let error as PTVError where error.kind == .notFound {
                    // PTV's "no such stop, run or route" is kept too, for `notFoundFreshness`.
                    store(Entry(value: error, fetchedAt: now(), lastUsed: 0), key: key, fetchID: id)
                    throw error
                } catch {
                    retire(key: key, fetchID: id)
                    throw error
                }
            }
            state.inFlight[key] = (id, task)
            return .wait(task, saved: saved)
        }
    }

    /// The answer `lookup` leads to: a hit, or the fetch's result (an older copy past the grace, or when it fails).
    private func answer<T: Sendable>(_ lookup: Lookup, key: String, endpoint: PTVRequest.Endpoint) async throws -> Fetched<T> {
        let task: Task<Entry, any Error>
        let saved: Entry?
        switch lookup {
        case .hit(let cached):
            metrics.hit(endpoint)
            if let value = cached.value as? T { return Fetched(value: value, fetchedAt: cached.fetchedAt) }
            throw cached.value as? PTVError ?? PTVError(.malformedBody)
        case .charge:
            throw PTVError(.malformedBody)
        case .wait(let running, let copy):
            (task, saved) = (running, copy)
        }
        // With a saved copy, PTV gets `grace` seconds; a reader should not sit in silence for the whole timeout.
        let result: Result<Entry, any Error>
        if let grace, let saved, let value = saved.value as? T {
            guard let finished = await Self.result(of: task, within: grace) else {
                metrics.staleServe(endpoint)
                return Fetched(value: value, fetchedAt: saved.fetchedAt, staleBecause: .timedOut)
            }
            result = finished
        } else {
            result = await task.result
        }
        do {
            let entry = try result.get()
            guard let value = entry.value as? T else { throw PTVError(.malformedBody) }
            return Fetched(value: value, fetchedAt: entry.fetchedAt)
        } catch {
            let stale: Entry? = state.withLock { $0.entries[key] }
            if let ptvError = error as? PTVError, ptvError.isUpstreamFailure, let stale, let value = stale.value as? T {
                metrics.staleServe(endpoint)
                return Fetched(value: value, fetchedAt: stale.fetchedAt, staleBecause: ptvError.kind)
            }
            throw error
        }
    }

    /// The value for `request` when one is held fresh, or no older than `maxAge` (no fetch, no charge, no hit counted).
    /// - Parameters:
    ///   - request: The PTV request.
    ///   - maxAge: How old the value may be, in seconds (nil: its endpoint's freshness).
    public func fresh<T: Sendable>(for request: PTVRequest, within maxAge: Double? = nil) -> Fetched<T>? {
        let time = now()
        return state.withLock { state in
            guard let entry = state.entries[request.cacheKey], let value = entry.value as? T,
                  time.timeIntervalSince(entry.fetchedAt) < maxAge ?? request.endpoint.freshness else { return nil }
            return Fetched(value: value, fetchedAt: entry.fetchedAt)
        }
    }

    /// Holds `value` as `request`'s answer fetched at `fetchedAt` (an answer kept from before a restart), unless a newer
    /// one is held: it serves as any older copy does, never as fresh past its endpoint's freshness.
    /// - Parameters:
    ///   - value: The answer.
    ///   - fetchedAt: When PTV gave it.
    ///   - request: Its request.
    public func restore<T: Sendable>(_ value: T, fetchedAt: Date, for request: PTVRequest) {
        // Fetch ids start at 1: 0 retires no fetch in flight.
        store(Entry(value: value, fetchedAt: fetchedAt, lastUsed: 0), key: request.cacheKey, fetchID: 0)
    }

    /// Removes the in-flight entry for `key` when it is still the one fetch `fetchID` created.
    private func retire(key: String, fetchID: UInt64) {
        state.withLock { state in
            if state.inFlight[key]?.id == fetchID { state.inFlight.removeValue(forKey: key) }
        }
    }

    /// Stores a fetched entry (unless a newer one is there) and retires fetch `fetchID`'s in-flight entry.
    private func store(_ entry: Entry, key: String, fetchID: UInt64) {
        state.withLock { state in
            if state.inFlight[key]?.id == fetchID { state.inFlight.removeValue(forKey: key) }
            state.tick += 1
            var entry = entry
            entry.lastUsed = state.tick
            if let existing = state.entries[key], existing.fetchedAt > entry.fetchedAt { return }
            state.entries[key] = entry
            if state.entries.count > capacity {
                // Evict the least recently used eighth in one pass, so eviction stays cheap on average.
                let victims = state.entries.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(max(1, capacity / 8))
                for victim in victims where victim.key != key { state.entries.removeValue(forKey: victim.key) }
            }
        }
    }
}

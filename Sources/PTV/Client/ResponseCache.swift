import Foundation
import Synchronization

/// A value from PTV with the time it was fetched, and whether it is stale (PTV failed, older data shown).
public struct Fetched<Value: Sendable>: Sendable {
    /// The value.
    public let value: Value
    /// When PTV sent it.
    public let fetchedAt: Date
    /// True when a fresh fetch failed and this older copy is shown instead.
    public let isStale: Bool

    /// Creates a fetched value.
    /// - Parameters:
    ///   - value: The value.
    ///   - fetchedAt: Fetch time.
    ///   - isStale: Whether it is stale.
    public init(value: Value, fetchedAt: Date, isStale: Bool = false) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.isStale = isStale
    }
}

/// The shared response cache: per-endpoint freshness, single-flight, stale-if-error, PTV's "not found" kept
/// (never a failure), the visitor's budget charged for each fetch it starts, and an LRU bound.
public final class ResponseCache: Sendable {
    private struct Entry: @unchecked Sendable {
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

    private enum Lookup: @unchecked Sendable {
        case hit(Entry)
        case wait(Task<Entry, any Error>)
        case refused(UpstreamBudget.Exhausted)
    }

    private let state = Mutex(State())
    private let capacity: Int
    private let now: @Sendable () -> Date
    let metrics: PTVMetrics

    /// Creates a cache.
    /// - Parameters:
    ///   - capacity: Most entries kept; the least recently used goes first.
    ///   - metrics: Counters for hits, misses and stale serves.
    ///   - now: The clock (tests move it).
    public init(capacity: Int = 4000, metrics: PTVMetrics, now: @escaping @Sendable () -> Date = Date.init) {
        self.capacity = capacity
        self.metrics = metrics
        self.now = now
    }

    /// Number of entries held.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The cached value for `request` when fresh; otherwise one fetch shared by every concurrent caller.
    /// When the fetch fails with an upstream failure and an older value exists, that value comes back marked stale.
    /// - Parameters:
    ///   - request: The PTV request (its endpoint sets freshness; its path and query are the key).
    ///   - fetch: Fetches and decodes a fresh value.
    public func value<T: Sendable>(for request: PTVRequest, fetch: @escaping @Sendable () async throws -> T) async throws -> Fetched<T> {
        let key = request.cacheKey
        let endpoint = request.endpoint
        let time = now()
        let lookup: Lookup = state.withLock { state in
            state.tick += 1
            if var entry = state.entries[key], entry.value is T || entry.value is PTVError,
               time.timeIntervalSince(entry.fetchedAt) < (entry.value is T ? endpoint.freshness : endpoint.notFoundFreshness) {
                entry.lastUsed = state.tick
                state.entries[key] = entry
                return .hit(entry)
            }
            if let running = state.inFlight[key] {
                metrics.coalesced(endpoint)
                return .wait(running.task)
            }
            // Only a call that would really reach PTV is charged to the visitor's budget.
            if let refusal = UpstreamBudget.current?.spend() { return .refused(refusal) }
            metrics.miss(endpoint)
            let id = state.tick
            // The fetch itself stores its result and retires its own in-flight entry, so a waiter resuming late
            // can never remove a newer fetch for the same key.
            let task = Task<Entry, any Error> { [self] in
                do {
                    let value = try await fetch()
                    let entry = Entry(value: value, fetchedAt: now(), lastUsed: 0)
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
            return .wait(task)
        }
        let task: Task<Entry, any Error>
        switch lookup {
        case .hit(let cached):
            metrics.hit(endpoint)
            if let value = cached.value as? T { return Fetched(value: value, fetchedAt: cached.fetchedAt) }
            throw cached.value as? PTVError ?? PTVError(.malformedBody)
        case .refused(let refusal):
            throw refusal
        case .wait(let running):
            task = running
        }
        do {
            let entry = try await task.value
            guard let value = entry.value as? T else { throw PTVError(.malformedBody) }
            return Fetched(value: value, fetchedAt: entry.fetchedAt)
        } catch {
            let stale: Entry? = state.withLock { $0.entries[key] }
            if let ptvError = error as? PTVError, ptvError.isUpstreamFailure, let stale, let value = stale.value as? T {
                metrics.staleServe(endpoint)
                return Fetched(value: value, fetchedAt: stale.fetchedAt, isStale: true)
            }
            throw error
        }
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

import Foundation
import PTV
import Synchronization

/// PTV's throttling for the whole fleet, under `namespace:throttle`: the time (seconds since 1970) until which no
/// instance asks PTV. Written when PTV throttles an instance (only ever moved later); read before a call to PTV at most
/// every quarter of a second, and held in memory for the gate.
public final class RedisThrottle: SharedThrottle {
    /// Seconds a reading stays good.
    static let readEvery: Double = 0.25

    private struct State: Sendable {
        var until: Date?
        var readAt: ContinuousClock.Instant?
        /// The reading under way: callers meanwhile wait for it rather than go on the old word.
        var reading: Task<Void, Never>?
    }

    private let client: RedisClient
    private let state = Mutex(State())
    /// Where each write to Redis is started and tracked until it ends (Trakx's `BackgroundWork`: shutdown finishes it,
    /// tests wait for it by that handle); nil: a task of its own, which nothing waits for.
    private let background: (@Sendable (@escaping @Sendable () async -> Void) -> Void)?

    /// Creates the shared throttle.
    /// - Parameters:
    ///   - client: The fleet's Redis.
    ///   - background: Where each write to Redis is started and tracked (nil: untracked).
    public init(client: RedisClient, background: (@Sendable (@escaping @Sendable () async -> Void) -> Void)? = nil) {
        self.client = client
        self.background = background
    }

    /// Until when the fleet holds calls, as last read (nil: not held).
    public var shutUntil: Date? { state.withLock { $0.until } }

    /// Holds every instance's calls until `until` (in memory at once; in Redis in the background, through `background`).
    /// - Parameter until: When PTV may be asked again.
    public func shut(until: Date) {
        state.withLock { state in
            if (state.until ?? .distantPast) < until { state.until = until }
        }
        let seconds = String(until.timeIntervalSince1970)
        // Kept past PTV's longest honoured wait (an hour), whatever the clock the gate reads.
        let keep = "3700000"
        let script = "local c = tonumber(redis.call('GET', KEYS[1]) or '0') "
            + "if tonumber(ARGV[1]) > c then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end return 1"
        let key = client.key("throttle")
        let write: @Sendable () async -> Void = { [client] in
            _ = try? await client.command(["EVAL", RedisArgument(script), "1", RedisArgument(key), RedisArgument(seconds), RedisArgument(keep)])
        }
        if let background { background(write) } else { Task { await write() } }
    }

    /// Reads the fleet's time again when the last reading is older than a quarter of a second (callers at the same
    /// moment share one reading).
    public func refresh() async {
        let reading = state.withLock { state -> Task<Void, Never>? in
            if let reading = state.reading { return reading }
            if let read = state.readAt, read.duration(to: .now) < .seconds(Self.readEvery) { return nil }
            let reading = Task { [self] in await self.read() }
            state.reading = reading
            return reading
        }
        await reading?.value
    }

    /// One reading of the fleet's time from Redis.
    private func read() async {
        let reply = try? await client.command(["GET", RedisArgument(client.key("throttle"))])
        let until = reply?.bytes.flatMap { Double(String(decoding: $0, as: UTF8.self)) }.map(Date.init(timeIntervalSince1970:))
        state.withLock { state in
            if let until, until > (state.until ?? .distantPast) { state.until = until }
            state.readAt = .now
            state.reading = nil
        }
    }
}

/// Counts in Redis for the whole fleet (`INCR`, with the key's expiry set by the first call), under `namespace:count:…`.
public final class RedisCounter: SharedCounter {
    private let client: RedisClient

    /// Creates the counter.
    /// - Parameter client: The fleet's Redis.
    public init(client: RedisClient) {
        self.client = client
    }

    /// Adds one to `key`; nil when Redis cannot be reached.
    /// - Parameters:
    ///   - key: What is counted.
    ///   - seconds: How long the count is kept after its first call.
    public func increment(_ key: String, keptFor seconds: Double) async -> Int? {
        let script = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n"
        let reply = try? await client.command(["EVAL", RedisArgument(script), "1", RedisArgument(client.key("count", key)),
                                               RedisArgument(String(Int(seconds * 1000)))])
        return reply?.integer
    }
}

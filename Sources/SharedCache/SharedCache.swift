import Foundation
import Logging
import PTV

/// What the instances of a fleet share while they run, kept in Redis (`--shared-cache redis://…`): PTV's answers and
/// throttling (`ptv`), visitors' budgets and list starts (`counter`), and one-time notes (`leave`, `take`).
///
/// Every call fails fast while Redis is down; callers then do as a lone instance would.
public final class SharedStore: Sendable {
    /// The fleet's Redis.
    public let client: RedisClient
    /// PTV's answers.
    public let answers: RedisAnswers
    /// PTV's throttling.
    public let throttle: RedisThrottle
    /// Counts kept together (visitor budgets, lists started).
    public let counter: RedisCounter

    /// Creates the store; Redis is first reached on the first call.
    /// - Parameters:
    ///   - url: Where Redis is.
    ///   - namespace: The fleet's key prefix.
    ///   - timeout: Seconds for connecting and for each command.
    ///   - logger: Logger (never given a password).
    ///   - background: Where writes the store makes after its caller has gone on (the throttle) are started and
    ///     tracked (Trakx's `BackgroundWork`; nil: untracked).
    public init(url: RedisURL, namespace: String, timeout: Double = 0.2, logger: Logger,
                background: (@Sendable (@escaping @Sendable () async -> Void) -> Void)? = nil) {
        client = RedisClient(url: url, namespace: namespace, timeout: timeout, logger: logger)
        answers = RedisAnswers(client: client)
        throttle = RedisThrottle(client: client, background: background)
        counter = RedisCounter(client: client)
    }

    /// What the PTV client shares.
    public var ptv: PTVFleetShare { PTVFleetShare(answers: answers, throttle: throttle) }

    /// Whether Redis answered the last call.
    public var isReachable: Bool { client.isReachable }

    /// Whether Redis answers now (``RedisClient/answersNow()``).
    public func answersNow() async -> Bool { await client.answersNow() }

    /// Leaves `value` under `key` for `seconds`, for whichever instance takes it.
    /// - Parameters:
    ///   - value: The bytes.
    ///   - key: Its key (under `namespace:note:`).
    ///   - seconds: How long it waits.
    /// - Returns: Whether Redis kept it.
    @discardableResult
    public func leave(_ value: [UInt8], at key: String, for seconds: Double) async -> Bool {
        let reply = try? await client.command(["SET", RedisArgument(client.key("note", key)), RedisArgument(bytes: value), "PX",
                                               RedisArgument(String(Int(seconds * 1000)))])
        if case .status? = reply { return true }
        return false
    }

    /// Takes the value left under `key`, atomically (`GETDEL`): one caller gets it, once.
    /// - Parameter key: Its key.
    public func take(_ key: String) async -> [UInt8]? {
        try? await client.command(["GETDEL", RedisArgument(client.key("note", key))]).bytes
    }

    /// Prometheus text for `/metrics`: whether Redis is reachable, and the calls that failed.
    public func render() -> String {
        """
        # HELP trakx_shared_cache_up 1 while the fleet's shared cache answers, else 0.
        # TYPE trakx_shared_cache_up gauge
        trakx_shared_cache_up \(isReachable ? 1 : 0)
        # HELP trakx_shared_cache_errors_total Calls to the fleet's shared cache that failed or were not tried because it was down.
        # TYPE trakx_shared_cache_errors_total counter
        trakx_shared_cache_errors_total \(client.errors)

        """
    }

    /// Ends the client's threads and connections.
    public func shutdown() async {
        await client.shutdown()
    }
}

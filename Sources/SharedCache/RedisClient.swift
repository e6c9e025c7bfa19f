import Foundation
import Logging
import Synchronization
import Workers

/// The fleet's Redis: a few connections, used only on the client's own worker threads (each call blocks one of them
/// for at most the timeout, never a cooperative thread), every key under the fleet's namespace.
///
/// When Redis cannot be reached, the client is marked down: calls fail at once (no thread, no wait) and one
/// background task retries connecting, after 0.5 s, then twice as long each time, 10 s at most, until Redis answers.
public final class RedisClient: Sendable {
    /// The first wait before reconnecting, and the longest.
    static let (firstRetry, longestRetry): (Double, Double) = (0.5, 10)

    private struct State: Sendable {
        var down = false
        var retry: Task<Void, Never>?
        var closed = false
    }

    /// Where Redis is (printable: no password).
    public let url: RedisURL
    /// What every key starts with (`trakx:`), so fleets and tests can share one server.
    public let namespace: String
    private let timeout: Double
    private let pool: WorkerPool
    private let idle = Mutex<[ConnectionBox]>([])
    private let state = Mutex(State())
    private let logger: Logger
    private let sent = Atomic<Int>(0)
    private let failed = Atomic<Int>(0)

    /// A connection handed between worker threads; only the one thread that took it from `idle` uses it.
    private final class ConnectionBox: @unchecked Sendable {
        // Unchecked: the connection is used by one worker thread at a time (taken from and put back in `idle` under its lock).
        let connection: RedisConnection
        init(_ connection: RedisConnection) { self.connection = connection }
    }

    /// Creates a client; it connects on its first command.
    /// - Parameters:
    ///   - url: Where Redis is.
    ///   - namespace: The fleet's key prefix (without the colon).
    ///   - connections: Most connections, and worker threads, at once.
    ///   - timeout: Seconds for connecting and for each command.
    ///   - logger: Logger (given the URL without its password only).
    public init(url: RedisURL, namespace: String = "trakx", connections: Int = 4, timeout: Double = 0.2, logger: Logger) {
        self.url = url
        self.namespace = namespace
        self.timeout = timeout
        self.logger = logger
        pool = WorkerPool(name: "redis", threads: connections)
    }

    /// `namespace:part:part…`: a key of this fleet.
    /// - Parameter parts: The key's parts.
    public func key(_ parts: String...) -> String {
        ([namespace] + parts).joined(separator: ":")
    }

    /// Whether Redis answered the last call (false from a failure until a reconnect succeeds).
    public var isReachable: Bool { state.withLock { !$0.down } }
    /// Whether Redis answers now, for `/healthz`: while it is marked down, no (the retries say when it is back); else
    /// one `PING` within the command timeout, whose failure marks it down as any command's does. An instance whose
    /// pages all come from its own stored pages sends Redis nothing, so without this look it would say "ok" long
    /// after Redis went away.
    public func answersNow() async -> Bool {
        guard isReachable else { return false }
        return (try? await command(["PING"])) != nil
    }

    /// The kernel ids of the client's worker threads while they run, for tests.
    public var threadIDs: Set<Int32> { pool.threadIDs }
    /// Commands sent so far (tests count them around the warm path).
    public var commandsSent: Int { sent.load(ordering: .relaxed) }
    /// Calls that failed (Redis down or a broken connection), for `/metrics`.
    public var errors: Int { failed.load(ordering: .relaxed) }

    /// Sends one command; fails at once while Redis is marked down.
    /// - Parameter arguments: The command and its arguments (strings as UTF-8, or bytes).
    /// - Throws: `RedisError` when Redis is down or the call failed.
    public func command(_ arguments: [RedisArgument]) async throws -> RedisReply {
        guard !state.withLock({ $0.down || $0.closed }) else {
            failed.add(1, ordering: .relaxed)
            throw RedisError.down
        }
        let bytes = arguments.map(\.bytes)
        do {
            return try await pool.run { [self] in try self.blockingCommand(bytes) }
        } catch {
            failed.add(1, ordering: .relaxed)
            markDown(because: error)
            throw error
        }
    }

    /// Ends the retry task and the worker threads, and closes the connections.
    public func shutdown() async {
        let retry = state.withLock { state in
            state.closed = true
            defer { state.retry = nil }
            return state.retry
        }
        retry?.cancel()
        await retry?.value
        await pool.shutdown()
        idle.withLock { $0.removeAll() }
    }

    /// Runs on a worker thread: an idle connection (or a new one) sends the command, and goes back unless it broke.
    private func blockingCommand(_ arguments: [[UInt8]]) throws -> RedisReply {
        sent.add(1, ordering: .relaxed)
        let box = try idle.withLock { $0.popLast() } ?? ConnectionBox(RedisConnection(url: url, timeout: timeout))
        let reply = try box.connection.command(arguments)
        idle.withLock { $0.append(box) }
        return reply
    }

    /// Marks Redis down and starts the one retry task, unless it already runs.
    private func markDown(because error: any Error) {
        let start = state.withLock { state -> Bool in
            guard !state.down, !state.closed else { return false }
            state.down = true
            return true
        }
        guard start else { return }
        idle.withLock { $0.removeAll() }
        logger.warning("Shared cache at \(url) unreachable (\(error)): each instance uses its own cache, gate and budgets until it is back")
        let task = Task { [self] in await self.reconnect() }
        state.withLock { state in
            if state.closed { task.cancel() } else { state.retry = task }
        }
    }

    /// Tries `PING` after 0.5 s, 1 s, 2 s … 10 s, until Redis answers (or the client shuts down).
    private func reconnect() async {
        var wait = Self.firstRetry
        while !Task.isCancelled {
            do { try await Task.sleep(for: .seconds(wait)) } catch { return }
            let answered = (try? await pool.run { [self] in try self.blockingCommand([Array("PING".utf8)]) }) != nil
            if answered {
                state.withLock { state in
                    state.down = false
                    state.retry = nil
                }
                logger.notice("Shared cache at \(url) reachable again")
                return
            }
            wait = min(wait * 2, Self.longestRetry)
        }
    }
}

/// One argument of a Redis command: text (sent as UTF-8) or bytes, sent exactly.
public struct RedisArgument: Sendable, ExpressibleByStringLiteral {
    /// The bytes sent.
    public let bytes: [UInt8]

    /// Text, as UTF-8.
    /// - Parameter text: The argument.
    public init(_ text: String) { bytes = Array(text.utf8) }

    /// Bytes, exactly.
    /// - Parameter bytes: The argument.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// A literal, as UTF-8.
    /// - Parameter value: The argument.
    public init(stringLiteral value: String) { self.init(value) }
}

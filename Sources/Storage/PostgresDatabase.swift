import Foundation
import Synchronization
import Workers

/// The app's PostgreSQL database: a few libpq connections, each used by one of the database's own worker threads at a
/// time (blocking libpq calls never run on Swift's cooperative threads).
///
/// When the server goes away the failing call throws `PostgresError.unavailable`; idle connections are dropped with
/// it, and a later call connects again, waiting longer after each failed attempt (`backoff`), so Trakx comes back by
/// itself once the server does.
public final class PostgresDatabase: SQLDatabase {
    private let calls = Atomic<Int>(0)
    /// How long to wait before connecting again after failures: doubling from `first` up to `most`.
    public struct Backoff: Sendable {
        /// Seconds after the first failure.
        public var first: Double
        /// Most seconds between attempts.
        public var most: Double

        /// - Parameters:
        ///   - first: Seconds after the first failure.
        ///   - most: Most seconds between attempts.
        public init(first: Double = 0.5, most: Double = 10) {
            self.first = first
            self.most = most
        }
    }

    private struct State: Sendable {
        var idle: [ConnectionBox] = []
        var failures = 0
        var nextAttempt = Date.distantPast
        var closed = false
        /// Whether the last attempt reached the server (changes are told to `availability`).
        var available = true
        /// Whether this instance has migrated the database (false while the server has not answered since start).
        var migrated = false
    }

    /// Told when the server stops answering (false, with what libpq said, password left out) and when it answers
    /// again (true), once each time it changes; called on a worker thread.
    public typealias AvailabilityChange = @Sendable (_ available: Bool, _ reason: String) -> Void

    private let url: String
    private let backoff: Backoff
    private let worker: WorkerPool
    private let state = Mutex(State())
    private let availability: AvailabilityChange?

    /// Connects to `url`, migrates the database (`PostgresMigrations`), and keeps that connection for later calls.
    ///
    /// A server that cannot be reached at start is not fatal when `waitForServer` is true (`trakx serve`): the
    /// database is made anyway, every call throws `PostgresError.unavailable` (favourites and alerts say so in words)
    /// and the first connection that reaches the server migrates it before anything else, so an instance started while
    /// PostgreSQL is down comes up, serves boards, and has its favourites back once the server answers, no restart.
    /// - Parameters:
    ///   - url: `postgres://user:password@host:port/database`.
    ///   - connections: Most connections (and worker threads).
    ///   - backoff: Waiting between attempts to connect after failures.
    ///   - waitForServer: Whether an unreachable server is waited for rather than thrown at once.
    ///   - availability: Told when the server stops and starts answering (for the log).
    /// - Throws: `PostgresError` when its schema is newer than this Trakx knows, or the server cannot be reached and
    ///   `waitForServer` is false.
    public init(url: String, connections: Int = 4, backoff: Backoff = Backoff(), waitForServer: Bool = false,
                availability: AvailabilityChange? = nil) throws {
        self.url = url
        self.backoff = backoff
        self.availability = availability
        worker = WorkerPool(name: "trakx-pg", threads: connections)
        do {
            let connection = try connect()
            state.withLock { $0.idle.append(ConnectionBox(connection)) }
        } catch let error as PostgresError where waitForServer && error.isUnavailable {
            failed(error)
        }
    }

    /// The URL with its password hidden, for logs.
    public var redactedURL: String { PostgresURL.redacted(url) }

    /// See `SQLDatabase.withConnection(_:)`.
    public func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        calls.add(1, ordering: .relaxed)
        return try await worker.run { try self.perform(body) }
    }

    /// Calls made so far (tests count them around the warm path, which must make none).
    public var callsMade: Int { calls.load(ordering: .relaxed) }

    /// Runs `body` on the calling (worker) thread with a connection taken from the idle ones or made.
    private func perform<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let box = try checkOut()
        do {
            let result = try body(box.connection)
            checkIn(box)
            return result
        } catch {
            guard box.connection.isBroken else {
                checkIn(box)
                throw error
            }
            // The server went away: this connection and the idle ones are dead; the next call connects afresh.
            box.connection.close()
            let idle = state.withLock { state in
                defer { state.idle = [] }
                return state.idle
            }
            idle.forEach { $0.connection.close() }
            let lost = (error as? PostgresError).flatMap { $0.isUnavailable ? $0 : nil } ?? PostgresError.unavailable("the connection was lost")
            changed(to: false, lost.description)
            throw lost
        }
    }

    private func checkOut() throws -> ConnectionBox {
        let (box, wait): (ConnectionBox?, Bool) = try state.withLock { state in
            guard !state.closed else { throw PostgresError.unavailable("the database is closed") }
            if let box = state.idle.popLast() { return (box, false) }
            return (nil, Date() < state.nextAttempt)
        }
        if let box { return box }
        guard !wait else { throw PostgresError.unavailable("waiting before connecting to \(redactedURL) again") }
        do {
            let connection: PostgresConnection
            do {
                connection = try connect()
            } catch let error as PostgresError where error.isNewerSchema {
                // Found only now (the server was not there at start). Nothing was written; riders are told favourites
                // cannot be read just now, the log says why.
                throw PostgresError.unavailable(error.description)
            }
            state.withLock { $0.failures = 0 }
            changed(to: true, "")
            return ConnectionBox(connection)
        } catch {
            failed(error)
            throw error
        }
    }

    /// A new connection, through which the database is migrated first when this instance has not migrated it yet (the
    /// server was not there at start): under the advisory lock, so a fleet migrates once and two of this instance's
    /// threads meeting here do nothing twice, before any statement runs.
    private func connect() throws -> PostgresConnection {
        let connection = try PostgresConnection(url: url)
        guard !state.withLock({ $0.migrated }) else { return connection }
        do {
            try PostgresMigrations.migrate(connection)
        } catch {
            connection.close()
            throw error
        }
        state.withLock { $0.migrated = true }
        return connection
    }

    /// Tells `availability` of a failed attempt to connect and waits longer before the next one.
    private func failed(_ error: any Error) {
        changed(to: false, String(describing: error))
        state.withLock { state in
            state.failures += 1
            let delay = min(backoff.most, backoff.first * pow(2, Double(min(state.failures - 1, 16))))
            state.nextAttempt = Date().addingTimeInterval(delay)
        }
    }

    /// Tells `availability` when the server's standing changed.
    private func changed(to available: Bool, _ reason: String) {
        let changed = state.withLock { state in
            defer { state.available = available }
            return state.available != available
        }
        if changed { availability?(available, reason) }
    }

    private func checkIn(_ box: ConnectionBox) {
        let closed = state.withLock { state in
            if !state.closed { state.idle.append(box) }
            return state.closed
        }
        if closed { box.connection.close() }
    }

    /// Closes the idle connections and refuses later calls (on the calling thread).
    private func closeConnections() {
        let idle = state.withLock { state in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        idle.forEach { $0.connection.close() }
    }

    /// See `SQLDatabase.shutdown()`.
    public func shutdown() async {
        _ = try? await worker.run { self.closeConnections() }
        await worker.shutdown()
    }

    /// See `SQLDatabase.close()`.
    public func close() {
        let done = DispatchSemaphore(value: 0)
        worker.submit {
            self.closeConnections()
            done.signal()
        }
        done.wait()
    }

    /// See `SQLDatabase.threadIDs`.
    public var threadIDs: Set<Int32> { worker.threadIDs }
}

/// A connection kept between calls. Safe to share because it is only ever used by the one worker thread that has
/// taken it out of `PostgresDatabase`'s idle list (under its mutex), never by two threads at once.
private final class ConnectionBox: @unchecked Sendable {
    let connection: PostgresConnection
    init(_ connection: PostgresConnection) { self.connection = connection }
}

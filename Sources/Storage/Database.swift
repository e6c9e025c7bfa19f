import Foundation
import Synchronization
import Workers

/// The app's SQLite database: one connection confined to one worker thread, reached with async calls.
/// Blocking SQLite work never runs on Swift's cooperative threads.
public final class Database: Sendable {
    /// The file path.
    public let path: String
    /// One thread: the connection is used by exactly one thread at a time, in order.
    private let worker = WorkerPool(name: "trakx-sqlite", threads: 1)
    private let box: ConnectionBox
    private let isClosed = Atomic<Bool>(false)

    /// Opens the database at `path` (creating folders and file), then migrates it.
    /// - Parameter path: File path.
    public init(path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.path = path
        let connection = try SQLiteConnection(path: path)
        do {
            try Migrations.migrate(connection)
        } catch {
            connection.close()
            throw error
        }
        box = ConnectionBox(connection: connection)
    }

    deinit {
        assert(isClosed.load(ordering: .relaxed), "Database was not closed before deinit")
    }

    /// The default file: `$XDG_DATA_HOME/trakx/trakx.sqlite`, else `~/.local/share/trakx/trakx.sqlite`.
    /// - Parameter environment: Process environment.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            return xdg + "/trakx/trakx.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/trakx/trakx.sqlite"
    }

    /// Runs `body` on the database queue with the connection.
    /// - Parameter body: Work that may throw; runs serially with all other work.
    public func perform<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await worker.run {
            guard !self.isClosed.load(ordering: .acquiring) else { throw SQLiteError(code: 21, message: "database is closed") }
            return try body(self.box.connection)
        }
    }

    /// Finishes queued work, closes the connection, and ends the database's thread; for async callers.
    public func shutdown() async {
        _ = try? await worker.run { self.closeConnection() }
        await worker.shutdown()
    }

    /// The database's thread (its kernel id while it runs), for tests.
    public var threadIDs: Set<Int32> { worker.threadIDs }

    /// Finishes queued work, then closes the connection (blocking: for plain threads; async code calls `shutdown`).
    public func close() {
        let done = DispatchSemaphore(value: 0)
        worker.submit {
            self.closeConnection()
            done.signal()
        }
        done.wait()
    }

    /// Closes the connection once (on the database's thread).
    private func closeConnection() {
        if !isClosed.exchange(true, ordering: .acquiringAndReleasing) { box.connection.close() }
    }
}

/// The connection, used only on `Database.queue`, which is what makes sharing it safe.
private final class ConnectionBox: @unchecked Sendable {
    let connection: SQLiteConnection
    init(connection: SQLiteConnection) { self.connection = connection }
}

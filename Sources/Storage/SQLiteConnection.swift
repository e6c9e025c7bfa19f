import CSQLite
import Foundation

/// One SQLite connection. Not thread-safe by itself: `Database` confines it to a serial queue.
public final class SQLiteConnection {
    let handle: OpaquePointer
    private var closed = false

    /// Opens (creating if needed) the file at `path`, in WAL mode with a busy timeout and full sync.
    /// - Parameter path: Database file path.
    public init(path: String) throws {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close(db) }
            throw SQLiteError(code: rc, message: message)
        }
        handle = db
        sqlite3_busy_timeout(db, 5_000)
        sqlite3_extended_result_codes(db, 1)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = FULL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        assert(closed, "SQLiteConnection was not closed before deinitializing")
    }

    /// Closes the connection (checkpointing the WAL).
    public func close() {
        guard !closed else { return }
        closed = true
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that takes no parameters and returns no rows (schema, pragmas).
    /// - Parameter sql: One or more statements.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: rc, message: text)
        }
    }

    /// Prepares a statement.
    /// - Parameter sql: SQL with `?` placeholders.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(connection: self, sql: sql)
    }

    /// Runs a statement with bound values and returns no rows.
    /// - Parameters:
    ///   - sql: SQL with `?` placeholders.
    ///   - values: Values to bind.
    /// - Returns: Rows changed.
    @discardableResult public func run(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
        return changes
    }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The row id of the last row this connection inserted.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back on error.
    /// - Parameter body: The work.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `PRAGMA user_version`.
    public var userVersion: Int {
        get throws {
            let statement = try prepare("PRAGMA user_version")
            return try statement.step() ? Int(statement.int(0)) : 0
        }
    }

    func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}

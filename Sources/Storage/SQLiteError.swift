import CSQLite

/// A SQLite failure: the result code and SQLite's message (never the bound values).
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's primary or extended result code.
    public let code: Int32
    /// `sqlite3_errmsg` at the time of failure.
    public let message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: Result code.
    ///   - message: Message.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// Whether the database was busy or locked (the caller may retry).
    public var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }

    /// Whether a constraint (e.g. a unique key) failed.
    public var isConstraint: Bool { code & 0xFF == SQLITE_CONSTRAINT }

    /// "SQLite error 5: database is locked".
    public var description: String { "SQLite error \(code): \(message)" }
}

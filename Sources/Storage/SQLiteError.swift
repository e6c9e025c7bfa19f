import CSQLite

/// A SQLite failure: the result code and SQLite's message (never the bound values).
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's primary or extended result code.
    public let code: Int32
    /// `sqlite3_errmsg` at the time of failure.
    public let message: String

    /// "SQLite error 5: database is locked".
    public var description: String { "SQLite error \(code): \(message)" }
}

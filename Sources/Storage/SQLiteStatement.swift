import CSQLite

/// A value bound to a statement parameter or read from a column.
public enum SQLiteValue: Sendable, Equatable {
    /// INTEGER.
    case integer(Int64)
    /// TEXT.
    case text(String)
    /// REAL.
    case real(Double)
    /// NULL.
    case null
}

/// A prepared statement; finalised in `deinit`. Used only on its connection's queue.
public final class SQLiteStatement {
    let handle: OpaquePointer
    let connection: SQLiteConnection

    init(connection: SQLiteConnection, sql: String) throws {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(connection.handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw connection.error(rc) }
        self.handle = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds values to `?` parameters in order (every value goes through `sqlite3_bind_*`).
    /// - Parameter values: The values.
    public func bind(_ values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .integer(let number): rc = sqlite3_bind_int64(handle, index, number)
            case .real(let number): rc = sqlite3_bind_double(handle, index, number)
            case .null: rc = sqlite3_bind_null(handle, index)
            case .text(let text):
                rc = text.withCString { csqlite_bind_text(handle, index, $0, Int32(text.utf8.count)) }
            }
            guard rc == SQLITE_OK else { throw connection.error(rc) }
        }
    }

    /// Steps once; true when a row is available.
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(rc)
        }
    }

    /// Integer value of column `index`.
    /// - Parameter index: Zero-based column.
    public func int(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Text value of column `index`, nil for NULL.
    /// - Parameter index: Zero-based column.
    public func text(_ index: Int32) -> String? {
        guard sqlite3_column_type(handle, index) != SQLITE_NULL, let pointer = sqlite3_column_text(handle, index) else { return nil }
        return String(cString: pointer)
    }

    /// The current row, every column as text (SQLite converts numbers), nil for NULL.
    func row() -> SQLRow {
        SQLRow((0 ..< sqlite3_column_count(handle)).map { text($0) })
    }
}

@available(*, unavailable)
extension SQLiteStatement: Sendable {}

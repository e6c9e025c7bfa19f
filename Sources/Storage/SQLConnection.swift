/// A value bound to a parameter or read from a column, on either engine (SQLite's name, kept for its callers).
public typealias SQLValue = SQLiteValue

/// One row read, every column as text (as PostgreSQL sends it and SQLite converts it): `int` and `text` read them.
public struct SQLRow: Sendable, Equatable {
    /// The columns in order, nil for NULL.
    public let columns: [String?]

    /// Wraps the columns.
    /// - Parameter columns: The columns in order.
    public init(_ columns: [String?]) {
        self.columns = columns
    }

    /// Column `index` as an integer (0 for NULL or for text that is not one).
    /// - Parameter index: Zero-based column.
    public func int(_ index: Int) -> Int64 {
        columns[index].flatMap { Int64($0) } ?? 0
    }

    /// Column `index` as text, nil for NULL.
    /// - Parameter index: Zero-based column.
    public func text(_ index: Int) -> String? {
        columns[index]
    }
}

/// The little of a SQL connection the stores use, so one store's SQL runs on SQLite and on PostgreSQL alike.
/// Statements use `?` placeholders; the PostgreSQL connection numbers them `$1…$n` itself.
public protocol SQLConnection {
    /// Runs a statement and returns its rows.
    /// - Parameters:
    ///   - sql: One statement with `?` placeholders.
    ///   - values: Values to bind, in order.
    func rows(_ sql: String, _ values: [SQLValue]) throws -> [SQLRow]
    /// Runs a statement that returns no rows and says how many rows it changed.
    /// - Parameters:
    ///   - sql: One statement with `?` placeholders.
    ///   - values: Values to bind, in order.
    @discardableResult func run(_ sql: String, _ values: [SQLValue]) throws -> Int
    /// Runs `body` in one transaction (rolled back when it throws).
    /// - Parameter body: The work.
    func transaction<T>(_ body: () throws -> T) throws -> T
}

/// A database the stores can use: SQLite's `Database` or `PostgresDatabase`, each running its connections' blocking
/// calls on its own worker threads, never on Swift's cooperative pool.
public protocol SQLDatabase: Sendable {
    /// Runs `body` on one of the database's threads with a connection of its own for the call.
    /// - Parameter body: Blocking work on the connection.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T
    /// Finishes queued work, closes the connections and ends the database's threads.
    func shutdown() async
    /// Closes the connections, blocking (plain threads and tests; async code calls `shutdown`).
    func close()
    /// The database's threads (kernel ids while they run), for tests.
    var threadIDs: Set<Int32> { get }
}

extension SQLConnection {
    /// The first row's first column as an integer, or nil when there is no row.
    /// - Parameters:
    ///   - sql: One statement with `?` placeholders.
    ///   - values: Values to bind.
    public func integer(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
        try rows(sql, values).first.map { $0.int(0) }
    }
}

extension Database: SQLDatabase {
    /// See `SQLDatabase.withConnection(_:)`: the one SQLite connection, on the database's one thread.
    public func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await perform { try body($0) }
    }
}

extension SQLiteConnection: SQLConnection {
    /// See `SQLConnection.rows(_:_:)`.
    public func rows(_ sql: String, _ values: [SQLValue]) throws -> [SQLRow] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var result: [SQLRow] = []
        while try statement.step() { result.append(statement.row()) }
        return result
    }
}

/// Opens the database `location` names: a PostgreSQL server for a `postgres://` or `postgresql://` URL, else the SQLite
/// file at that path (as before PostgreSQL). Either is migrated before it is returned, except a PostgreSQL server that
/// cannot be reached when `waitForServer` is true: it is migrated when it first answers.
/// - Parameters:
///   - location: `--database` (or `DATABASE_URL`).
///   - waitForServer: PostgreSQL only: whether a server that cannot be reached yet is waited for (`trakx serve`).
///   - availability: PostgreSQL only: told when the server stops and starts answering (for the log).
public func openDatabase(at location: String, waitForServer: Bool = false,
                         availability: PostgresDatabase.AvailabilityChange? = nil) throws -> any SQLDatabase {
    PostgresURL.isPostgres(location)
        ? try PostgresDatabase(url: location, waitForServer: waitForServer, availability: availability)
        : try Database(path: location)
}

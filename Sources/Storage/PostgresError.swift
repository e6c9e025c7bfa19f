import Foundation

/// A PostgreSQL failure: the server unreachable, a statement refused (with its SQLSTATE), or a schema this Trakx
/// does not know. Its words never hold a password (URLs are redacted) or the bound values.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case unavailable
        case statement
        case newerSchema
    }

    private let code: Code
    /// The SQLSTATE the server gave ("23505"), nil when the server gave none (unreachable).
    public let sqlState: String?
    /// What happened, from libpq or the server, passwords left out.
    public let message: String

    private init(_ code: Code, sqlState: String?, message: String) {
        self.code = code
        self.sqlState = sqlState
        self.message = message
    }

    /// The server cannot be reached just now (refused, gone away, shutting down); a later call makes a new connection.
    /// - Parameter message: What libpq said.
    public static func unavailable(_ message: String) -> PostgresError {
        PostgresError(.unavailable, sqlState: nil, message: message)
    }

    /// The server refused a statement.
    /// - Parameters:
    ///   - sqlState: Its SQLSTATE.
    ///   - message: Its message.
    public static func statement(sqlState: String?, message: String) -> PostgresError {
        // Class 08 (connection exception), 57P01 to 57P03 (shutting down, cannot connect now), 53300 (too many
        // connections): the server is not there for us just now, whatever the statement.
        let unreachable = sqlState.map { $0.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains($0) } ?? false
        return PostgresError(unreachable ? .unavailable : .statement, sqlState: sqlState, message: message)
    }

    /// The database's schema is newer than this Trakx knows; nothing was written.
    /// - Parameters:
    ///   - found: The version found.
    ///   - known: The newest this Trakx knows.
    public static func newerSchema(found: Int, known: Int) -> PostgresError {
        PostgresError(.newerSchema, sqlState: nil, message: "the database was made by a newer Trakx (schema version \(found); this Trakx knows up to \(known)), so it was not changed")
    }

    /// Whether the server could not be reached (pages say favourites cannot be read or saved just now).
    public var isUnavailable: Bool { code == .unavailable }

    /// Whether the schema is newer than this Trakx.
    public var isNewerSchema: Bool { code == .newerSchema }

    /// "PostgreSQL error 23505: duplicate key…", or "PostgreSQL unavailable: …".
    public var description: String {
        switch code {
        case .unavailable: "PostgreSQL unavailable: \(message)"
        case .statement, .newerSchema: "PostgreSQL error \(sqlState ?? "-"): \(message)"
        }
    }
}

/// Keeping a PostgreSQL URL's password out of words that are logged or shown.
public enum PostgresURL {
    /// Whether `text` names a PostgreSQL server rather than a SQLite file.
    /// - Parameter text: `--database` or `DATABASE_URL`.
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// `url` with the password (in the user part or a `password=` parameter) written as `***`.
    /// - Parameter url: A connection URL.
    public static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@") {
            let user = text[scheme.upperBound ..< at]
            if let colon = user.firstIndex(of: ":") { text.replaceSubrange(text.index(after: colon) ..< at, with: "***") }
        }
        if let password = text.range(of: "password=") {
            let end = text[password.upperBound...].firstIndex(of: "&") ?? text.endIndex
            text.replaceSubrange(password.upperBound ..< end, with: "***")
        }
        return text
    }
}

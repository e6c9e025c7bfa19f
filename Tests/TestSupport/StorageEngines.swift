import Foundation
import Storage

/// The two engines the stores run on; storage tests run on each (`@Test(arguments: StorageEngine.all)`).
public enum StorageEngine: String, Sendable, CustomStringConvertible {
    /// A SQLite file in a temporary folder.
    case sqlite
    /// A fresh PostgreSQL database on the test server.
    case postgres

    /// Both engines when PostgreSQL runs for the tests (or is required), else SQLite alone.
    public static var all: [StorageEngine] { TestServices.postgresEnabled ? [.sqlite, .postgres] : [.sqlite] }

    /// The engine's name.
    public var description: String { rawValue }

    /// Runs `body` with where a database of this engine may be made (a SQLite path, or a new PostgreSQL database's URL),
    /// for `openDatabase(at:)`; removed afterwards.
    /// - Parameter body: Work that gets the location.
    public func withLocation<T>(_ body: (String) async throws -> T) async throws -> T {
        switch self {
        case .sqlite: try await withTemporaryDirectory { try await body($0 + "/trakx.sqlite") }
        case .postgres: try await withTemporaryPostgres(body)
        }
    }

    /// Runs `body` with an empty, migrated database of this engine, closed and removed afterwards (even on throw).
    /// - Parameter body: Work on the database.
    public func withDatabase<T>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            return try await withTemporaryDirectory { folder in
                let database = try Database(path: folder + "/trakx.sqlite")
                return try await closing(database, body)
            }
        case .postgres:
            return try await withTemporaryPostgres { url in
                let database = try PostgresDatabase(url: url, backoff: .init(first: 0.05, most: 0.2))
                return try await closing(database, body)
            }
        }
    }

    /// `body(database)`, then the database closed by its async `shutdown` (its blocking `close` would hold one of the
    /// few threads every test of the parallel run shares while the database's queue drains).
    private func closing<T>(_ database: any SQLDatabase, _ body: (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            let result = try await body(database)
            await database.shutdown()
            return result
        } catch {
            await database.shutdown()
            throw error
        }
    }
}

/// Runs `body` with the URL of a new, empty PostgreSQL database on the test server (`CREATE DATABASE t_<random>`
/// through `TestServices.postgresURL`), dropped afterwards even when `body` throws.
/// - Parameter body: Work that gets the database's URL.
public func withTemporaryPostgres<T>(_ body: (String) async throws -> T) async throws -> T {
    let base = try TestServices.requirePostgres()
    let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    // CREATE and DROP DATABASE block for as long as the server takes: on a thread of their own, not on one of the few
    // threads every test of the parallel run shares.
    try await onThread {
        let admin = try PostgresConnection(url: base)
        defer { admin.close() }
        try admin.execute("CREATE DATABASE \(name)")
    }
    let drop: @Sendable () async -> Void = {
        _ = try? await onThread {
            let admin = try PostgresConnection(url: base)
            defer { admin.close() }
            try admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }
    do {
        let result = try await body(postgresURL(base, database: name))
        await drop()
        return result
    } catch {
        await drop()
        throw error
    }
}

/// `url` naming database `name` instead of its own.
/// - Parameters:
///   - url: A `postgres://` URL.
///   - name: The database.
public func postgresURL(_ url: String, database name: String) -> String {
    guard var components = URLComponents(string: url) else { return url }
    components.path = "/" + name
    return components.string ?? url
}

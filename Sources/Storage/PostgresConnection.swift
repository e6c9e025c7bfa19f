import CPostgres
import Foundation

/// One libpq connection: statements sent with `PQexecParams`, every parameter and result as text. Not thread-safe by
/// itself: `PostgresDatabase` hands it to one worker thread at a time.
public final class PostgresConnection {
    private let handle: OpaquePointer
    private var closed = false

    /// Connects to `url` (a `postgres://` URL), waiting at most `timeout` seconds.
    /// - Parameters:
    ///   - url: The server, user, password and database.
    ///   - timeout: Seconds to wait for the server.
    /// - Throws: `PostgresError.unavailable` when the server cannot be reached or refuses the login.
    public init(url: String, timeout: Int = 5) throws {
        // A server that vanishes without closing the connection (a host down, a network cut) is noticed within
        // seconds rather than at the kernel's TCP timeout: keepalives and a TCP user timeout.
        let keywords = ["dbname", "connect_timeout", "fallback_application_name", "keepalives_idle", "keepalives_interval",
                        "keepalives_count", "tcp_user_timeout"]
        let values = [url, String(max(2, timeout)), "trakx", "10", "5", "3", "15000"]
        let connection = Self.withCStrings(keywords) { keys in
            Self.withCStrings(values) { values in PQconnectdbParams(keys, values, 1) }
        }
        guard let connection else { throw PostgresError.unavailable("libpq could not allocate a connection") }
        guard cpg_connection_ok(connection) != 0 else {
            let message = Self.message(PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError.unavailable("cannot connect to \(PostgresURL.redacted(url)) (\(message))")
        }
        handle = connection
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit {
        assert(closed, "PostgresConnection was not closed before deinitializing")
    }

    /// Closes the connection.
    public func close() {
        guard !closed else { return }
        closed = true
        PQfinish(handle)
    }

    /// Whether libpq has lost the server (then the connection is dropped and a new one made later).
    public var isBroken: Bool { cpg_connection_ok(handle) == 0 }

    /// Runs SQL without parameters, possibly several statements (schema).
    /// - Parameter sql: The statements.
    public func execute(_ sql: String) throws {
        try check(PQexec(handle, sql)).clear()
    }

    /// See `SQLConnection.rows(_:_:)`.
    public func rows(_ sql: String, _ values: [SQLValue]) throws -> [SQLRow] {
        let result = try send(sql, values)
        defer { result.clear() }
        let rows = PQntuples(result.handle), columns = PQnfields(result.handle)
        return (0 ..< rows).map { row in
            SQLRow((0 ..< columns).map { column in
                PQgetisnull(result.handle, row, column) != 0 ? nil : String(cString: PQgetvalue(result.handle, row, column))
            })
        }
    }

    /// See `SQLConnection.run(_:_:)`.
    @discardableResult public func run(_ sql: String, _ values: [SQLValue] = []) throws -> Int {
        let result = try send(sql, values)
        defer { result.clear() }
        return Int(String(cString: PQcmdTuples(result.handle))) ?? 0
    }

    /// See `SQLConnection.transaction(_:)`.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if !isBroken { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// A result, cleared by its reader.
    private struct Result {
        let handle: OpaquePointer
        func clear() { PQclear(handle) }
    }

    private func send(_ sql: String, _ values: [SQLValue]) throws -> Result {
        let texts: [String?] = values.map { value in
            switch value {
            case .integer(let number): String(number)
            case .real(let number): String(number)
            case .text(let text): text
            case .null: nil
            }
        }
        let pointers = texts.map { $0.map { strdup($0) } ?? nil }
        defer { pointers.forEach { free($0) } }
        let result = pointers.map { UnsafePointer<CChar>($0) }.withUnsafeBufferPointer { buffer in
            PQexecParams(handle, Self.numbered(sql), Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
        }
        return try check(result)
    }

    private func check(_ result: OpaquePointer?) throws -> Result {
        guard let result else { throw failure(sqlState: nil) }
        guard cpg_result_ok(result) != 0 else {
            let sqlState = cpg_result_sqlstate(result).map { String(cString: $0) }
            PQclear(result)
            throw failure(sqlState: sqlState)
        }
        return Result(handle: result)
    }

    private func failure(sqlState: String?) -> PostgresError {
        let message = Self.message(PQerrorMessage(handle))
        return isBroken ? .unavailable(message) : .statement(sqlState: sqlState, message: message)
    }

    /// `sql` with each `?` outside quotes numbered `$1`, `$2`, … as PostgreSQL writes parameters.
    /// - Parameter sql: SQL with `?` placeholders.
    static func numbered(_ sql: String) -> String {
        var out = "", count = 0, quoted = false
        for character in sql {
            if character == "'" { quoted.toggle() }
            if character == "?", !quoted {
                count += 1
                out += "$\(count)"
            } else {
                out.append(character)
            }
        }
        return out
    }

    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "no message"
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return body(pointers.map { UnsafePointer($0) } + [nil])
    }
}

extension PostgresConnection: SQLConnection {}

@available(*, unavailable)
extension PostgresConnection: Sendable {}

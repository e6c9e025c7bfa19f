import Foundation

/// The PostgreSQL and Redis servers `make test` starts for the run (Scripts/test_services.sh), on loopback.
///
/// A suite that needs one asks for its URL: under `make test` (`TRAKX_TEST_SERVICES=required`) a missing server is a
/// failure, never a skip; run by hand without them (`swift test` alone), such suites are left out.
public enum TestServices {
    /// The environment the servers are named in.
    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Whether the run requires the servers (as `make test` does).
    public static var required: Bool { environment["TRAKX_TEST_SERVICES"] == "required" }

    /// The PostgreSQL server's URL (`postgres://trakx@127.0.0.1:PORT/trakx`), when one runs for the tests.
    public static var postgresURL: String? { environment["TRAKX_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The Redis server's URL (`redis://127.0.0.1:PORT`), when one runs for the tests.
    public static var redisURL: String? { environment["TRAKX_TEST_REDIS_URL"].flatMap { $0.isEmpty ? nil : $0 } }

    /// Whether suites that need PostgreSQL run: it is there, or the run requires it (and then fails without it).
    public static var postgresEnabled: Bool { postgresURL != nil || required }

    /// Whether suites that need Redis run: it is there, or the run requires it (and then fails without it).
    public static var redisEnabled: Bool { redisURL != nil || required }

    /// Why a suite needing a server could not have it.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The PostgreSQL URL, or a failure saying it is missing.
    public static func requirePostgres() throws -> String {
        guard let url = postgresURL else { throw Missing(description: "TRAKX_TEST_POSTGRES_URL is not set: run the tests with make test") }
        return url
    }

    /// The Redis URL, or a failure saying it is missing.
    public static func requireRedis() throws -> String {
        guard let url = redisURL else { throw Missing(description: "TRAKX_TEST_REDIS_URL is not set: run the tests with make test") }
        return url
    }
}

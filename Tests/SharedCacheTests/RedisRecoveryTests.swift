import Foundation
import Logging
@testable import SharedCache
import Testing
import TestSupport

/// A Redis of the test's own, stopped and started again: the client marks it down, then finds it back by itself.
@Suite(.enabled(if: TestServices.redisEnabled)) struct RedisRecoveryTests {
    @Test func aRestartedRedisIsFoundAgain() async throws {
        let port = Int.random(in: 30_000 ... 39_999)
        var server = try OwnRedis(port: port)
        var logger = Logger(label: "redis-test")
        logger.logLevel = .critical
        let client = RedisClient(url: try #require(RedisURL("redis://127.0.0.1:\(port)")), namespace: "own", logger: logger)
        #expect(try await server.ready(client))
        server.stop()
        await #expect(throws: RedisError.self) { try await client.command(["PING"]) }
        #expect(!client.isReachable)
        server = try OwnRedis(port: port)
        var back = false
        for _ in 0 ..< 60 where !back {
            try await Task.sleep(for: .milliseconds(250))
            back = client.isReachable
        }
        #expect(back)
        #expect(try await client.command(["PING"]) == .status("PONG"))
        server.stop()
        await client.shutdown()
    }
}

/// A `redis-server` started for one test, on loopback, keeping nothing on disk.
struct OwnRedis {
    let process: ChildProcess

    /// Starts the server on `port`.
    init(port: Int) throws {
        process = try ChildProcess.launch("/usr/bin/redis-server", arguments: [
            "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
        ])
    }

    /// Waits until `client` gets an answer (5 s at most).
    func ready(_ client: RedisClient) async throws -> Bool {
        for _ in 0 ..< 50 {
            if (try? await client.command(["PING"])) == .status("PONG") { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// Stops it at once.
    func stop() {
        process.kill(SIGKILL)
        _ = process.exitStatus
    }
}

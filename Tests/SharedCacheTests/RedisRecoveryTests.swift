import Foundation
import Logging
@testable import SharedCache
import Testing
import TestSupport

/// A Redis of the test's own, stopped and started again: the client marks it down, then finds it back by itself.
@Suite(.enabled(if: TestServices.redisEnabled)) struct RedisRecoveryTests {
    @Test func aRestartedRedisIsFoundAgain() async throws {
        var server = try await OwnRedis.start()
        var logger = Logger(label: "redis-test")
        logger.logLevel = .critical
        let client = RedisClient(url: try #require(RedisURL(server.url)), namespace: "own", logger: logger)
        #expect(try await client.command(["PING"]) == .status("PONG"))
        server.stop()
        await #expect(throws: RedisError.self) { try await client.command(["PING"]) }
        #expect(!client.isReachable)
        server = try await server.restarted()
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

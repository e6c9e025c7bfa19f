import Foundation
import Logging
import PTV
@testable import SharedCache
import Synchronization
import Testing
import TestSupport

/// A client on the test Redis under a namespace of its own, so suites running at once never meet.
func testClient(namespace: String = "test-\(UUID().uuidString)") throws -> RedisClient {
    let url = try #require(RedisURL(try TestServices.requireRedis()))
    var logger = Logger(label: "redis-test")
    logger.logLevel = .critical
    return RedisClient(url: url, namespace: namespace, logger: logger)
}

/// The hiredis client against a real Redis: binary-safe commands, namespaced keys, and failing fast when Redis is gone.
@Suite(.enabled(if: TestServices.redisEnabled)) struct RedisClientTests {
    @Test func bytesGoAndComeBackExactly() async throws {
        let client = try testClient()
        let bytes: [UInt8] = [0, 1, 2, 255, 13, 10, 0, 36]
        let key = client.key("bytes")
        #expect(try await client.command(["SET", RedisArgument(key), RedisArgument(bytes: bytes)]) == .status("OK"))
        #expect(try await client.command(["GET", RedisArgument(key)]) == .string(bytes))
        #expect(try await client.command(["GET", RedisArgument(client.key("none"))]) == .null)
        #expect(try await client.command(["INCR", RedisArgument(client.key("n"))]) == .integer(1))
        if case .error = try await client.command(["NOSUCHCOMMAND"]) {} else { Issue.record("an unknown command is an error reply") }
        #expect(client.isReachable)
        #expect(client.key("a", "b") == client.namespace + ":a:b")
        await client.shutdown()
    }

    @Test func aClosedPortFailsFastAndMarksTheCacheDown() async throws {
        var logger = Logger(label: "redis-test")
        logger.logLevel = .critical
        let client = RedisClient(url: try #require(RedisURL("redis://127.0.0.1:1")), namespace: "down", logger: logger)
        await #expect(throws: RedisError.self) { try await client.command(["PING"]) }
        #expect(!client.isReachable)
        // Marked down: the next call fails at once, without a thread or a wait.
        let started = ContinuousClock.now
        await #expect(throws: RedisError.down) { try await client.command(["PING"]) }
        #expect(started.duration(to: .now) < .milliseconds(50))
        #expect(client.errors == 2)
        await client.shutdown()
    }

    @Test func urlsReadWithoutShowingThePassword() throws {
        let url = try #require(RedisURL("redis://:s3cret@cache.internal:6380/2"))
        #expect(url.host == "cache.internal" && url.port == 6380 && url.database == 2)
        #expect(url.password == "s3cret")
        #expect(!url.description.contains("s3cret"))
        #expect(RedisURL("http://cache:6379") == nil)
        #expect(RedisURL("redis://cache:6379/x") == nil)
        #expect(RedisURL("redis://cache")?.port == 6379)
    }

    @Test func answersClaimsAndCountsAreShared() async throws {
        let client = try testClient()
        let answers = RedisAnswers(client: client)
        let at = Date(timeIntervalSince1970: 1_795_728_600.25)
        #expect(await answers.answer(for: "/v3/stops/1") == nil)
        await answers.publish(SharedAnswer(.body(Array("{\"x\":1}".utf8)), fetchedAt: at), for: "/v3/stops/1")
        #expect(await answers.answer(for: "/v3/stops/1") == SharedAnswer(.body(Array("{\"x\":1}".utf8)), fetchedAt: at))
        await answers.publish(SharedAnswer(.notFound, fetchedAt: at), for: "/v3/stops/2")
        #expect(await answers.answer(for: "/v3/stops/2") == SharedAnswer(.notFound, fetchedAt: at))

        let first = await answers.claim("/v3/stops/3", for: 5)
        guard case .won(let token) = first else { Issue.record("the first claim wins"); return }
        #expect(await answers.claim("/v3/stops/3", for: 5) == .taken)
        await answers.release("/v3/stops/3", token: "another instance's token")
        #expect(await answers.claim("/v3/stops/3", for: 5) == .taken)
        await answers.release("/v3/stops/3", token: token)
        if case .won = await answers.claim("/v3/stops/3", for: 5) {} else { Issue.record("a released claim can be won again") }

        let counter = RedisCounter(client: client)
        #expect(await counter.increment("visitor", keptFor: 60) == 1)
        #expect(await counter.increment("visitor", keptFor: 60) == 2)
        let ttl = try await client.command(["PTTL", RedisArgument(client.key("count", "visitor"))]).integer ?? 0
        #expect(ttl > 50_000 && ttl <= 60_000)
        await client.shutdown()
    }

    @Test func aThrottleSeenByOneIsReadByAnother() async throws {
        let namespace = "test-\(UUID().uuidString)"
        let (one, two) = (try testClient(namespace: namespace), try testClient(namespace: namespace))
        let writes = TrackedWrites()
        let (told, reading) = (RedisThrottle(client: one, background: { writes.start($0) }), RedisThrottle(client: two))
        let until = Date(timeIntervalSince1970: 1_795_728_700)
        told.shut(until: until)
        #expect(told.shutUntil == until)
        // The write to Redis is waited for by its handle, as Trakx's shutdown and tests wait for `BackgroundWork`.
        #expect(writes.count == 1, "the write to Redis is started through the tracked background")
        await writes.settled()
        await reading.refresh()
        #expect(reading.shutUntil == until)
        await one.shutdown()
        await two.shutdown()
    }
}

/// Writes started in the background, each tracked by its task, as Trakx's `BackgroundWork` tracks them (App's type,
/// which this module's tests cannot see), so a test waits for them by this handle rather than by polling.
final class TrackedWrites: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// Starts `body`, tracked.
    /// - Parameter body: The write.
    func start(_ body: @escaping @Sendable () async -> Void) {
        tasks.withLock { $0.append(Task { await body() }) }
    }

    /// How many writes were started.
    var count: Int { tasks.withLock { $0.count } }

    /// Waits for every write started so far.
    func settled() async {
        for task in tasks.withLock({ $0 }) { await task.value }
    }
}

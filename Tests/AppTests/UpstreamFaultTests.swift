import App
import Foundation
import PTVSimulator
import Synchronization
import Testing
import TestSupport

/// PTV failing in every way the simulator can fake: the right status and words, quickly, no crash, recovery,
/// stale-if-error, and back-off after throttling.
struct UpstreamFaultTests {
    /// A fault, what the stop page must answer, and the words it must say.
    struct FaultCase: Sendable, CustomTestStringConvertible {
        let name: String
        let fault: FaultInjector.Fault
        let status: Int
        let words: String
        var testDescription: String { name }
    }

    static let faults: [FaultCase] = [
        FaultCase(name: "never answers", fault: .hang, status: 504, words: "PTV did not answer in time"),
        FaultCase(name: "answers after the timeout", fault: .latency(milliseconds: 5000), status: 504, words: "PTV did not answer in time"),
        FaultCase(name: "500", fault: .status(500), status: 502, words: "service reported an error"),
        FaultCase(name: "403 bad signature", fault: .badSignature, status: 502, words: "PTV does not accept this Trakx"),
        FaultCase(name: "403 throttling", fault: .throttle, status: 503, words: "PTV is limiting how often Trakx may ask"),
        FaultCase(name: "malformed JSON", fault: .malformedJSON, status: 502, words: "PTV sent an answer Trakx could not read"),
        FaultCase(name: "truncated body", fault: .truncatedBody, status: 502, words: "answer was cut off part way"),
        FaultCase(name: "empty body", fault: .emptyBody, status: 502, words: "PTV sent an answer Trakx could not read"),
        FaultCase(name: "health 0", fault: .unhealthy, status: 503, words: "PTV says its service is offline"),
    ]

    /// Requests `target` until it answers `status` (up to `attempts` times): a loaded CI box may need a second try.
    static func eventually(_ app: TestApp, _ target: String, status: Int, attempts: Int = 3) async throws -> RawResponse {
        var last = try await app.get(target)
        var tries = 1
        while last.status != status, tries < attempts {
            try await Task.sleep(for: .milliseconds(300))
            last = try await app.get(target)
            tries += 1
        }
        return last
    }

    /// Whether the fault makes Trakx wait for its upstream timeout.
    static func waits(_ fault: FaultInjector.Fault) -> Bool {
        if case .latency = fault { return true }
        return fault == .hang
    }

    @Test(arguments: faults)
    func faultWithoutCacheGivesRightStatusAndWordsQuickly(_ fault: FaultCase) async throws {
        // Faults that answer at once get a roomy timeout, so a busy CI box cannot turn them into 504s; the two
        // that wait get 2 seconds. (Every waiting transfer holds a Dispatch worker thread: see the report.)
        let waits = Self.waits(fault.fault)
        try await TestApp.with(configure: { $0.upstreamTimeout = waits ? 2 : 10 }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(fault.fault)
            let (response, ms) = try await milliseconds { try await app.get("/stops/train/1071") }
            #expect(response.status == fault.status)
            #expect(response.text.contains(fault.words), "\(response.text.prefix(2000))")
            #expect(ms < 16_000, "took \(ms) ms")
            #expect(pageProblems(response.text).isEmpty)
            if fault.status == 503 { #expect(response.header("Retry-After") != nil) }

            // Other pages fail the same way, never with a 500, and the server stays up.
            for target in waits ? [] : ["/search?q=flinders", "/nearby?lat=-37.8183&lon=144.9671", "/lines/train/6", "/disruptions", "/"] {
                let other = try await app.get(target)
                #expect(other.status != 500 && other.status != 0, "\(target) gave \(other.status)")
                #expect(!other.text.contains("Something went wrong"), "\(target)")
            }
            // A refused key is this Trakx's own set-up: /healthz says so (503); any other fault leaves it 200.
            let health = try await app.get("/healthz")
            #expect(health.status == (fault.fault == .badSignature ? 503 : 200))

            simulator.faults.clear()
            guard fault.fault != .throttle else { return }  // throttling keeps Trakx backing off; see the next test
            let recovered = try await Self.eventually(app, "/stops/train/1071", status: 200)
            #expect(recovered.status == 200)
            #expect(!recovered.text.contains("Not up to date"))
        }
    }

    @Test func refusedConnectionIs503SayingPTVCouldNotBeReached() async throws {
        try await TestApp.with(configure: {
            $0.upstreamTimeout = 2
            $0.ptvBaseURL = "http://127.0.0.1:9"
            $0.ptvDevID = "1000001"
            $0.ptvKey = "00000000-0000-0000-0000-000000000000"
        }) { app in
            #expect(app.simulator == nil)
            let (response, ms) = try await milliseconds { try await app.get("/stops/train/1071") }
            #expect(response.status == 503)
            #expect(response.text.contains("Trakx could not reach PTV"))
            #expect(response.header("Retry-After") != nil)
            #expect(ms < 16_000, "took \(ms) ms")
            let home = try await app.get("/")
            #expect(home.status != 500 && home.status != 0)
            let health = try await app.get("/healthz")
            #expect(health.status == 200)
            #expect(health.text.contains("\"ptv\""))
        }
    }

    @Test func throttlingBacksOffInsteadOfAskingAgain() async throws {
        try await TestApp.with(configure: { $0.upstreamTimeout = 2 }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.throttle)
            let first = try await app.get("/stops/train/1071")
            #expect(first.status == 503)
            let asked = simulator.requestCount
            #expect(asked >= 1)
            for _ in 0 ..< 5 {
                let again = try await app.get("/stops/train/1071")
                #expect(again.status == 503)
                #expect(again.text.contains("PTV is limiting how often"))
                #expect(again.header("Retry-After") != nil)
            }
            #expect(simulator.requestCount == asked, "each reload asked PTV again while throttled")
            let metrics = try await app.get("/metrics")
            #expect(metrics.text.contains("outcome=\"backoff\""))
            #expect(metrics.text.contains("outcome=\"throttled\""))
        }
    }

    /// The upstream timeout must bound the whole wait for PTV, including the wait for a free transfer thread:
    /// a burst of distinct stop pages while PTV hangs must each answer within about one timeout.
    @Test(.timeLimit(.minutes(2)))
    func burstWhilePTVHangsAnswersWithinTheUpstreamTimeout() async throws {
        let timeout = 2.0
        try await TestApp.with(configure: { $0.upstreamTimeout = timeout }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.hang)
            let port = app.port
            let stops = Array(simulator.network.stops.map(\.stopID).prefix(40))
            let took = try await withThrowingTaskGroup(of: (Int, Double).self) { group in
                for stopID in stops {
                    group.addTask {
                        try await onThread {
                            let start = Date()
                            let response = try RawHTTP.exchange(RawHTTP.message("GET", "/stops/train/\(stopID)", host: "127.0.0.1:\(port)"),
                                                             port: port, timeout: 60)
                            return (response.status, Date().timeIntervalSince(start))
                        }
                    }
                }
                var all: [(Int, Double)] = []
                for try await result in group { all.append(result) }
                return all
            }
            simulator.faults.clear()
            let slowest = took.map(\.1).max() ?? 0
            #expect(took.allSatisfy { $0.0 == 504 }, "\(took.map(\.0))")
            #expect(slowest < timeout * 2 + 1, "slowest page took \(slowest) s with a \(timeout) s upstream timeout: \(took.map(\.1).sorted())")
        }
    }

    /// Departures are fresh for 30 seconds: the test moves the app's clock past that instead of waiting.
    @Test(.timeLimit(.minutes(2)))
    func staleCopyIsShownWhenPTVFailsAfterFreshnessRunsOut() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.upstreamTimeout = 2; $0.clock = { clock.now } }) { app in
            let simulator = try #require(app.simulator)
            let fresh = try await Self.eventually(app, "/stops/train/1071", status: 200)
            #expect(fresh.status == 200)
            #expect(!fresh.text.contains("Not up to date"))
            clock.advance(31)
            for fault in [FaultInjector.Fault.status(500), .hang, .malformedJSON, .emptyBody, .throttle] {
                simulator.faults.set(fault)
                let (stale, ms) = try await milliseconds { try await app.get("/stops/train/1071") }
                #expect(stale.status == 200, "\(fault)")
                #expect(stale.text.contains("Not up to date"), "\(fault)")
                #expect(stale.text.contains(", so this page shows information from"), "\(fault)")
                // With a saved copy the page answers within the 2-second grace, not after the 2-second timeout.
                #expect(ms < 4_000, "\(fault) took \(ms) ms")
            }
            simulator.faults.clear()
            let metrics = try await app.get("/metrics")
            #expect(metrics.text.contains("trakx_ptv_cache_stale_serves_total{endpoint=\"departures\"}"))
        }
    }
}

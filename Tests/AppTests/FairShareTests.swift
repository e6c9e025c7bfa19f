import App
import Foundation
import HTTPServer
import PTVSimulator
import Testing
import TestSupport

/// One visitor cannot take Trakx from the others: a budget of PTV calls per visitor, PTV's "not found" kept,
/// connections capped per address with a deadline for the header, `X-Forwarded-For` only from trusted proxies,
/// and robots.txt. Visitors are loopback source addresses (127.0.0.2, 127.0.0.3, …).
struct FairShareTests {
    /// Asks for made-up bus stops (from 900001 up) until one is refused; at most `limit` pages.
    static func scan(_ app: TestApp, from source: String, first: Int = 900_001, limit: Int = 40,
                     headers: (Int) -> [(String, String)] = { _ in [] }) async throws -> (pages: Int, refusal: RawResponse?) {
        for index in 0 ..< limit {
            let response = try await app.get("/stops/bus/\(first + index)", headers: headers(index), from: source)
            if response.status == 429 { return (index, response) }
            #expect(response.status == 404)
        }
        return (limit, nil)
    }

    static func elapsed(_ body: () async throws -> Void) async rethrows -> Duration {
        let started = ContinuousClock.now
        try await body()
        return started.duration(to: .now)
    }

    @Test func scanIsRefusedInWordsOnceItsBudgetIsSpentWhileOthersStillGetPages() async throws {
        try await TestApp.shared(configure: { $0.ptvCallsPerMinutePerVisitor = 20 }) { app in
            // Warm one page first, so its PTV answers are cached.
            try await app.page("/stops/train/1071", status: 200)
            let (pages, refusal) = try await Self.scan(app, from: "127.0.0.2")
            let refused = try #require(refusal, "40 made-up stops were all answered")
            // Each made-up stop costs two PTV calls (the stop and its departures): 10 pages spend 20 calls.
            #expect(pages == 10)
            #expect(refused.text.asHeard.contains("Too many new pages from this connection in a minute. Try again at 8\u{202F}31 am."))
            #expect(SeenText.of(refused.text).contains("Too many new pages from this connection in a minute. Try again at 8:31 am."))
            #expect(pageProblems(refused.text) == [])
            let retry = try #require(refused.header("Retry-After").flatMap(Int.init))
            #expect(retry > 0 && retry <= 60)
            // A page whose PTV answers are cached costs nothing, so it still comes for the refused visitor.
            #expect(try await app.get("/stops/train/1071", from: "127.0.0.2").status == 200)
            // Another visitor is not affected: a page needing PTV comes at once.
            var status = 0
            let took = try await Self.elapsed { status = try await app.get("/stops/tram/2218", from: "127.0.0.3").status }
            #expect(status == 200)
            #expect(took < .seconds(3))
            let metrics = try await app.get("/metrics").text
            #expect(metrics.contains("trakx_visitor_budget_refusals_total 1"))
        }
    }

    @Test func notFoundIsAnsweredFromTheCacheButAFailureIsNot() async throws {
        try await TestApp.shared { app in
            let simulator = try #require(app.simulator)
            let before = simulator.requestCount
            #expect(try await app.get("/stops/bus/900001", from: "127.0.0.2").status == 404)
            let asked = simulator.requestCount - before
            #expect(asked == 2)
            // The same made-up stop from another visitor: PTV is not asked again.
            #expect(try await app.get("/stops/bus/900001", from: "127.0.0.3").status == 404)
            #expect(simulator.requestCount - before == asked)

            // A failure is not kept as "not found": once PTV is back, it is asked again.
            simulator.faults.set(.status(500))
            #expect(try await app.get("/stops/bus/900002").status == 502)
            simulator.faults.clear()
            let afterFailure = simulator.requestCount
            #expect(try await app.get("/stops/bus/900002").status == 404)
            #expect(simulator.requestCount > afterFailure)
        }
    }

    /// The GET routes left open to crawlers, and why: the home page is meant to be found; the rest ask PTV nothing,
    /// and an alert's stop link is a secret no crawler is given (the access log hides it too).
    static let openToCrawlers: Set<String> = ["/", "/robots.txt", "/healthz", "/metrics", "/alerts/stop/{code}"]

    /// Every GET route the app's controllers add (`router.get("…"`), read from Sources/App rather than from
    /// `RobotsController`, so a new page nobody added to robots.txt is found.
    static func getRoutes() throws -> [String] {
        let app = URL(fileURLWithPath: repositoryRoot + "/Sources/App")
        var found: [String] = []
        let files = FileManager.default.enumerator(at: app, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            found += text.matches(of: #/router\.get\("([^"]+)"/#).map { String($0.1) }
        }
        return found.sorted()
    }

    @Test func robotsTxtKeepsCrawlersOffPagesThatAskPTV() async throws {
        let routes = try Self.getRoutes()
        #expect(routes.count >= 15 && routes.contains("/stops/{mode}/{id}"), "\(routes)")
        try await TestApp.with { app in
            let robots = try await app.get("/robots.txt")
            #expect(robots.status == 200)
            #expect(robots.header("Content-Type") == "text/plain; charset=utf-8")
            let lines = robots.text.split(separator: "\n").map(String.init)
            #expect(lines.first == "User-agent: *")
            let disallowed = lines.compactMap { $0.hasPrefix("Disallow: ") ? String($0.dropFirst("Disallow: ".count)) : nil }
            // Each route but the open ones is kept off by a line of robots.txt, as a crawler matches them (by prefix).
            let open = routes.filter { route in !Self.openToCrawlers.contains(route) && !disallowed.contains { route.hasPrefix($0) } }
            #expect(open == [], "pages open to crawlers")
            // The open ones stay open, the home page first of all.
            let kept = Self.openToCrawlers.filter { route in disallowed.contains { route.hasPrefix($0) } }
            #expect(kept == [], "kept off though meant to be open")
            #expect(lines.contains("Allow: /") && !lines.contains("Disallow: /") && !disallowed.contains(""))
        }
    }
}

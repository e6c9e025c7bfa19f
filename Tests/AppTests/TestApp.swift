@testable import App
import Foundation
import HTTPServer
import Logging
import PTVSimulator
import Testing
import TestSupport

/// A fixed Melbourne time for deterministic pages: Saturday 21 November 2026, 8:30 am AEDT.
let fixedNow = Date(timeIntervalSince1970: 1_795_728_600)

/// A running Trakx (real server on port 0, real SQLite file) and, unless the test gave PTV credentials, the
/// demo simulator over loopback, started here as `trakx serve` starts it.
struct TestApp: Sendable {
    let app: TrakxApp
    /// The simulator answering as PTV (nil when the test pointed the app at another server).
    let simulator: PTVSimulator?
    let folder: String
    var port: UInt16 { app.server.port }

    /// Starts Trakx in a temporary folder, runs `body`, then stops it.
    static func with(now: Date? = fixedNow, logger: Logger? = nil, configure: (inout AppConfiguration) -> Void = { _ in },
                     middleware: [any Middleware<TrakxContext>] = [], _ body: (TestApp) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            var configuration = AppConfiguration(
                server: ServerConfiguration(port: 0), databasePath: folder + "/trakx.sqlite",
                templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
                fixedNow: now, upstreamTimeout: 30)
            // Pages wait for PTV longer than in service, and the simulator's answers are waited for 30 s (3 s, then 10 s, were seen to
            // time out a page on a fresh clone's make test): the parallel suites run dozens of apps, PostgreSQL and
            // Redis on two cores, where a page can queue for the CPU for half a minute. Tests of a hanging PTV set
            // their own timeout. The timed suites hold the waits in service
            // (`TestApp.inService`: PageWaitTests, DisruptionByIDTests, DoorTests).
            configuration.pageWait = .seconds(60)
            configuration.secondRound = .seconds(30)
            // The network is learnt only as pages ask, unless a test turns the learner on: its questions would count
            // among the pages' own.
            configuration.learnNetwork = false
            configure(&configuration)
            var quiet = Logger(label: "trakx-test")
            quiet.logLevel = .warning
            let simulator = configuration.hasCredentials ? nil : try startSimulator(for: &configuration, logger: quiet)
            let app: TrakxApp
            do {
                app = try buildApplication(configuration: configuration, logger: logger ?? quiet, middleware: middleware)
            } catch {
                await simulator?.shutdown()
                throw error
            }
            do {
                try app.start()
                try await body(TestApp(app: app, simulator: simulator, folder: folder))
            } catch {
                await app.shutdown()
                await simulator?.shutdown()
                throw error
            }
            // Every suite's apps leave no thread of their own behind once stopped.
            let threads = app.threadIDs
            await app.shutdown()
            await simulator?.shutdown()
            let left = await threadsStillRunning(threads)
            #expect(left.isEmpty, "threads of a stopped app still running: \(left.sorted())")
        }
    }

    /// The waits for PTV Trakx has in service (`AppConfiguration.pageWait` and `.secondRound`), for the timed suites
    /// that hold them.
    static func inService(_ configuration: inout AppConfiguration) {
        configuration.pageWait = AppConfiguration.defaultPageWait
        configuration.secondRound = AppConfiguration.defaultSecondRound
    }

    /// Starts the simulator (seed 7) on the app's clock and points `configuration` at it as demo data, as
    /// `trakx serve` does.
    private static func startSimulator(for configuration: inout AppConfiguration, logger: Logger) throws -> PTVSimulator {
        try DemoUpstream.start(for: &configuration, seed: 7, logger: logger)
    }

    /// A request with the right Host header (unless `host` is given), off the cooperative pool, read with a
    /// roomy timeout: these tests also run on loaded two-core CI boxes.
    func get(_ target: String, method: String = "GET", headers: [(String, String)] = [], host: String? = nil,
             timeout: Double = RawHTTP.patience, from source: String? = nil) async throws -> RawResponse {
        try await RawHTTP.request(method, target, port: port, headers: headers, host: host, timeout: timeout, source: source)
    }

    /// GETs `target` and checks the answer is `status` as a whole page in the site's layout.
    @discardableResult
    func page(_ target: String, status: Int) async throws -> RawResponse {
        let response = try await get(target)
        #expect(response.status == status, "\(target)")
        #expect(pageProblems(response.text) == [], "\(target)")
        return response
    }

    /// Follows a form's redirect as the browser that sent the form: `answer` must be a 303 to exactly `location`;
    /// returns that page.
    func follow(_ answer: RawResponse, to location: String, session: Browser) async throws -> RawResponse {
        guard answer.status == 303, let given = answer.header("Location") else {
            throw TestFailure("expected a 303 with a Location, got \(answer.status)")
        }
        guard given == location else { throw TestFailure("redirected to \(given), not \(location)") }
        return try await session.get(location)
    }

    /// A browser that has loaded a page (the search form: no PTV call), so it holds a form token and its cookie.
    func session() async throws -> Browser {
        let browser = Browser(port: port)
        _ = try await browser.get("/search")
        guard !browser.token.isEmpty else { throw TestFailure("no form cookie on /search") }
        return browser
    }

    /// POSTs a urlencoded form as a same-origin browser would (token, cookie and Origin): `session`'s, or a
    /// new browser's.
    func post(_ target: String, form: [(String, String)], session: Browser? = nil, origin: String? = nil) async throws -> RawResponse {
        let browser = if let session { session } else { try await self.session() }
        return try await browser.post(target, form: form, origin: origin)
    }

    /// A urlencoded POST with exactly these fields and headers (nothing added but Host and Content-Length).
    func rawPost(_ target: String, fields: [(String, String)], headers: [(String, String)], host: String? = nil) async throws -> RawResponse {
        try await RawHTTP.request("POST", target, port: port, headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers,
                                  body: Array(Browser.urlencoded(fields).utf8), host: host)
    }

    /// One exchange of exact bytes with this app, off the cooperative pool.
    func exchange(_ bytes: [UInt8], head: Bool = false, timeout: Double = RawHTTP.patience) async throws -> RawResponse {
        try await RawHTTP.send(bytes, port: port, head: head, timeout: timeout)
    }

    /// Starts Trakx as a shared server (`--shared`), with extra settings.
    static func shared(perMinute: Int = 1000, configure: @escaping (inout AppConfiguration) -> Void = { _ in },
                       _ body: (TestApp) async throws -> Void) async throws {
        try await with(configure: { configuration in
            configuration.sharedFavourites = true
            configuration.listsPerMinutePerAddress = perMinute
            configure(&configuration)
        }, body)
    }
}

/// A `/healthz` body without its `"network"` figure, which says how much of the network the app has learnt so far.
func withoutNetwork(_ health: String) -> String {
    health.replacingOccurrences(of: #","network":"[^"]*""#, with: "", options: .regularExpression)
}

/// Throws when nil (a `#require` usable outside test functions).
func require_<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw TestFailure("missing \(what)") }
    return value
}

/// Whether each of `parts` is in `html`, the first of each after the first of the one before it.
func inOrder(_ html: String, _ parts: String...) -> Bool {
    var previous: String.Index?
    for part in parts {
        guard let start = html.range(of: part)?.lowerBound, previous.map({ $0 < start }) ?? true else { return false }
        previous = start
    }
    return true
}

/// Checks the skeleton every page must have; returns the problems found.
func pageProblems(_ html: String) -> [String] {
    var problems: [String] = []
    if !html.contains("<html lang=\"en-AU\">") { problems.append("no lang") }
    if !html.contains("<a class=\"skip-link\" href=\"#main-content\">") { problems.append("no skip link") }
    if !html.contains("<main id=\"main-content\" tabindex=\"-1\">") { problems.append("no main target") }
    if html.components(separatedBy: "<h1").count != 2 { problems.append("not exactly one h1") }
    if !html.contains("aria-label=\"Main\"") || !html.contains("<nav ") { problems.append("no nav") }
    if !html.contains(", Trakx</title>") { problems.append("no title") }
    return problems
}

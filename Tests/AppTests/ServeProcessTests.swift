import App
import Foundation
import Storage
import Testing
import TestSupport

/// The real `trakx serve` process ends the way the tests end an app: SIGTERM while a slow page and a favourites
/// write are in flight and other requests keep coming; every answer given is whole, the write is in the file, and the
/// process exits 0 within 5 seconds.
struct ServeProcessTests {
    /// What each simulated PTV answer waits, so the stop page and the favourite's description are still being
    /// answered when SIGTERM comes.
    static let latency = 1000

    @Test(.timeLimit(.minutes(2)))
    func sigtermDrainsRequestsKeepsTheWriteAndExitsZero() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/serve.sqlite"
            let log = folder + "/serve.log"
            let child = try Self.serve(in: folder, ["--simulator-latency", String(Self.latency), "--log-level", "notice"])
            let ready = try await onThread { child.waitForLine(containing: "Trakx is running at http://127.0.0.1:", timeout: 60) }
            guard let ready, let port = UInt16(ready.split(separator: ":").last?.filter(\.isNumber) ?? "") else {
                child.kill()
                _ = try await onThread { child.waitForExit(timeout: 10) }
                Issue.record("trakx did not start: \(child.standardOutput) \(Self.read(log).suffix(2000))")
                return
            }
            let session = try await onThread { try ConcurrentFavouritesTests.session(port: port) }
            let host = "127.0.0.1:\(port)"

            // In flight: a search (PTV's search answers after `latency`), and adding a favourite (asks PTV for the
            // stop's name and departures, then writes).
            async let page = onThread {
                try RawHTTP.exchange(RawHTTP.message("GET", "/search?q=Richmond", host: host), port: port, timeout: 20)
            }
            async let added = onThread {
                let body = Browser.urlencoded([("token", session.token), ("mode", "tram"), ("stop_id", "2218")])
                return try RawHTTP.exchange(RawHTTP.message("POST", "/favourites", host: host, headers: [
                    ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", session.cookie), ("Origin", session.origin),
                ], body: Array(body.utf8)), port: port, timeout: 20)
            }
            // Both have reached PTV (so the server has taken them) before the signal.
            let inFlight = try await onThread { Self.waitForMisses(of: ["search", "stop"], port: port, timeout: 20) }
            #expect(inFlight, "the two slow requests never reached PTV")

            // Quick requests keep coming on other connections, before, during and after the signal.
            let quick = Collector<RawResponse>()
            let stopQuick = StopFlag()
            async let quickSent: Int = withThrowingTaskGroup(of: Int.self) { group in
                for target in ["/search", "/healthz", "/static/css/trakx.css", "/robots.txt"] {
                    group.addTask {
                        try await onThread {
                            var sent = 0
                            // Until the test stops them, a few seconds after the signal; a bound, should it never.
                            let giveUp = Date().addingTimeInterval(120)
                            while !stopQuick.isSet {
                                guard Date() < giveUp else { throw WaitedTooLong("the test to stop its quick requests", limit: .seconds(120)) }
                                sent += 1
                                // Refused once the server stopped listening: not an answer.
                                guard let response = try? RawHTTP.exchange(RawHTTP.message("GET", target, host: host), port: port, timeout: 10)
                                else { usleep(5_000); continue }
                                quick.append(response)
                            }
                            return sent
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            try await Task.sleep(for: .milliseconds(100))
            let signalled = Date()
            child.kill(SIGTERM)
            let exited = try await onThread { child.waitForExit(timeout: 5) }
            let took = Date().timeIntervalSince(signalled)
            stopQuick.set()
            _ = try await quickSent
            #expect(exited, "trakx still running 5 s after SIGTERM")
            if !exited {
                child.kill()
                _ = try await onThread { child.waitForExit(timeout: 10) }
            }
            #expect(child.exitStatus == 0, "exit status \(String(describing: child.exitStatus)); log: \(Self.read(log).suffix(2000))")
            #expect(took < 5)
            #expect(Self.read(log).contains("Stopped"), "shutdown did not finish: \(Self.read(log).suffix(2000))")

            let search = try await page
            #expect(search.status == 200 && Self.isWhole(search), "the search in flight: \(search.statusLine ?? "no answer")")
            #expect(search.text.contains("</html>"))
            let favourite = try await added
            #expect(favourite.status == 303 && Self.isWhole(favourite), "the favourite in flight: \(favourite.statusLine ?? "no answer")")
            // A connection closed before a single byte of answer came (the daemon stopped) was not answered.
            let answers = quick.all.filter { !$0.raw.isEmpty }
            #expect(!answers.isEmpty)
            for response in answers {
                #expect(Self.isWhole(response), "a quick request's answer was cut short: \(response.statusLine ?? "no status line")")
                #expect([200, 503].contains(response.status), "\(response.statusLine ?? "")")
            }
            // Those that came during the drain are told Trakx is restarting, not that PTV's service failed (a 503's
            // usual advice), in a page of the layout headed in words.
            let refused = answers.filter { $0.status == 503 && $0.text.contains("<html") }
            #expect(!refused.isEmpty, "no page request came during the drain")
            for response in refused {
                #expect(response.text.contains("<h1>Not available just now</h1>") && response.text.contains("Trakx is restarting.")
                        && response.text.contains("This is not a problem with your device or with PTV. Try again in a moment."),
                        "\(response.text.prefix(3000))")
                #expect(!response.text.contains("PTV&#39;s service"), "\(response.text.prefix(3000))")
            }

            // The write is in the file, opened again.
            let database = try Database(path: path)
            let saved = try await SQLiteFavouritesStore(database: database).all()
            await database.shutdown()
            #expect(saved.contains { $0.stopID == 2218 }, "the favourite answered during the drain is not in the file")
        }
    }

    /// `trakx serve` as started by default (`--log-level info`, no `--access-log`): every request is one whole line on
    /// standard error in the log's own format, written in blocks by the access log's thread beside the log's own lines
    /// (none cut into, none lost at SIGTERM), with a private list's id never written.
    @Test(.timeLimit(.minutes(2)))
    func atTheDefaultLevelEachRequestIsOneWholeLineOnStandardErrorInTheLogsFormat() async throws {
        try await withTemporaryDirectory { folder in
            let log = folder + "/serve.log"
            let child = try Self.serve(in: folder, ["--no-learn-network"])
            let ready = try await onThread { child.waitForLine(containing: "Trakx is running at http://127.0.0.1:", timeout: 60) }
            let port = try #require(ready.flatMap { UInt16($0.split(separator: ":").last?.filter(\.isNumber) ?? "") }, "trakx did not start")
            let host = "127.0.0.1:\(port)"
            let targets = (0 ..< 600).map { ["/stops/train/1071", "/healthz", "/robots.txt", "/favourites/list/0123456789abcdef0123"][$0 % 4] }
            let statuses = try await onThread {
                try targets.map { try RawHTTP.exchange(RawHTTP.message("GET", $0, host: host), port: port, timeout: 20).status }
            }
            #expect(statuses.allSatisfy { $0 > 0 })
            child.kill(SIGTERM)
            #expect(try await onThread { child.waitForExit(timeout: 10) }, "trakx still running 10 s after SIGTERM")
            #expect(child.exitStatus == 0)
            let text = Self.read(log)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(text.hasSuffix("\n"))
            let logLine = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} (trace|debug|info|notice|warning|error|critical) trakx: /#
            #expect(lines.allSatisfy { $0.contains(logLine) }, "a line cut or run together: \(lines.filter { !$0.contains(logLine) }.prefix(3))")
            let requests = lines.filter { $0.contains(#/ info trakx: \[HTTPServer\] GET \/\S* \d{3} \d+\.\dms$/#) }
            #expect(requests.count == targets.count, "\(requests.count) request lines for \(targets.count) requests")
            #expect(requests.filter { $0.contains(" GET /favourites/list/[private] ") }.count == targets.count / 4)
            #expect(!text.contains("0123456789abcdef"))
            #expect(text.contains("Stopped"))
        }
    }

    /// `trakx serve` on demo data (seed 7) on a free loopback port, its database `folder/serve.sqlite` and its standard
    /// error `folder/serve.log`, with `more` arguments; no PTV key reaches it from the test's environment.
    static func serve(in folder: String, _ more: [String]) throws -> ChildProcess {
        var environment = ProcessInfo.processInfo.environment
        for name in ["PTV_DEVID", "PTV_KEY", "PTV_BASE_URL"] { environment.removeValue(forKey: name) }
        return try ChildProcess.launch(try binary(), arguments: [
            "serve", "--host", "127.0.0.1", "--port", "0", "--database", folder + "/serve.sqlite",
            "--templates", repositoryRoot + "/Templates", "--public", repositoryRoot + "/Public", "--seed", "7",
        ] + more, environment: environment, errorLog: folder + "/serve.log")
    }

    /// The built `trakx` beside this test bundle (`.build/<triple>/debug/`), else in the repository's `.build/debug/`.
    static func binary() throws -> String {
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [bundle.appendingPathComponent("trakx").path, Bundle.main.bundleURL.appendingPathComponent("trakx").path,
                          repositoryRoot + "/.build/debug/trakx"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw TestFailure("no trakx binary in \(candidates): build it first (swift build --build-tests)")
        }
        return found
    }

    /// Whether a response arrived whole: a status line, no reset or timeout, and as many body bytes as it announced.
    static func isWhole(_ response: RawResponse) -> Bool {
        guard response.isWellFormed, !response.reset, !response.timedOut else { return false }
        guard let length = response.header("Content-Length").flatMap(Int.init) else { return response.header("Transfer-Encoding") != nil }
        return response.body.count == length
    }

    /// Polls `/metrics` until Trakx has needed PTV for each of `endpoints`; false at the timeout. Plain threads only.
    static func waitForMisses(of endpoints: [String], port: UInt16, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let metrics = try? RawHTTP.exchange(RawHTTP.message("GET", "/metrics", host: "127.0.0.1:\(port)"), port: port, timeout: 5),
               endpoints.allSatisfy({ metrics.text.contains("trakx_ptv_cache_misses_total{endpoint=\"\($0)\"}") }) {
                return true
            }
            usleep(20_000)
        }
        return false
    }

    /// A file's text, or "" when it cannot be read.
    static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}

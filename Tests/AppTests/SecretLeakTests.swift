import App
import Foundation
import HTTPServer
import Logging
import PTVSimulator
import Synchronization
import Testing
import TestSupport

/// The PTV key, the devid, signatures and signed URLs never reach a page, a header, a metric or a log line,
/// whatever the traffic and whatever PTV does.
struct SecretLeakTests {
    /// PTV's published example credentials, served by a standalone simulator.
    static let devID = "3000165"
    static let key = "9c132d31-6a30-4cac-8d8b-8a1970834799"
    /// Credentials the simulator does not know (PTV answers "devid … is invalid").
    static let unknownDevID = "3000166"
    static let unknownKey = "5d0f6a52-1b7e-4c1d-9e8f-0a2b3c4d5e6f"

    @Test(.timeLimit(.minutes(3)))
    func noSecretInAnyPageHeaderMetricOrLogLine() async throws {
        let logs = LogCapture()
        let logger = logs.logger(label: "trakx-secrets", level: .trace)
        let seen = Collector<String>()
        let started = Date()
        let clock: @Sendable () -> Date = { fixedNow.addingTimeInterval(Date().timeIntervalSince(started)) }
        let simulator = try PTVSimulator(devID: Self.devID, key: Self.key, seed: 7, now: clock, logger: Logger(label: "simulator"))
        try simulator.start(port: 0)
        do {
            try await Self.withApp(simulator: simulator, devID: Self.devID, key: Self.key, logger: logger) { app in
                try await Self.driveEverything(app, simulator: simulator, seen: seen)
            }
            // The same with credentials PTV rejects: its error bodies name the devid.
            try await Self.withApp(simulator: simulator, devID: Self.unknownDevID, key: Self.unknownKey, logger: logger) { app in
                for target in ["/", "/stops/train/1071", "/search?q=flinders", "/nearby?lat=-37.8183&lon=144.9671", "/disruptions",
                               "/lines/train/6", "/runs/train/1-2", "/favourites", "/metrics"] {
                    seen.append(try await app.get(target).rawText)
                }
            }
        } catch {
            await simulator.shutdown()
            throw error
        }
        await simulator.shutdown()

        let everything = seen.all + logs.lines
        #expect(seen.all.count > 60)
        #expect(logs.lines.count > 20, "the capturing logger saw almost nothing: \(logs.lines.count) lines")
        #expect(logs.lines.contains { $0.contains("PTV") && $0.contains("failed") }, "the upstream failures were not logged at all")
        let forbidden = [Self.key, Self.devID, Self.unknownKey, Self.unknownDevID, "signature=", "devid=", "/v3/",
                         Self.key.uppercased(), Self.key.replacingOccurrences(of: "-", with: "")]
        for secret in forbidden {
            let leaks = everything.filter { $0.contains(secret) }
            #expect(leaks.isEmpty, "\(secret) leaked \(leaks.count) times, e.g. \(leaks.first.map { Self.around(secret, in: $0) } ?? "")")
        }
        // A signature is 40 upper-case hex digits; nothing else Trakx shows looks like one.
        let signature = /[0-9A-F]{40}/
        let signed = everything.filter { $0.contains(signature) }
        #expect(signed.isEmpty, "a signature-like value leaked, e.g. \(signed.first?.prefix(300) ?? "")")
    }

    /// Starts Trakx against `simulator` with real-looking credentials and the capturing logger.
    static func withApp(simulator: PTVSimulator, devID: String, key: String, logger: Logger,
                        _ body: (TestApp) async throws -> Void) async throws {
        try await TestApp.with(logger: logger, configure: {
            $0.ptvBaseURL = simulator.baseURL
            $0.ptvDevID = devID
            $0.ptvKey = key
            $0.upstreamTimeout = 2
        }) { app in
            #expect(app.simulator == nil)
            try await body(app)
        }
    }

    /// Every page type, errors, favourites and every PTV fault, keeping each full response.
    static func driveEverything(_ app: TestApp, simulator: PTVSimulator, seen: Collector<String>) async throws {
        func get(_ target: String, method: String = "GET") async throws -> RawResponse {
            let response = try await app.get(target, method: method)
            seen.append(response.rawText)
            return response
        }
        let home = try await get("/")
        #expect(home.status == 200)
        let stop = try await get("/stops/train/1071")
        #expect(stop.status == 200)
        let disruptions = try await get("/disruptions")
        let search = try await get("/search?q=flinders")
        var targets = ["/healthz", "/metrics", "/disruptions?mode=metro_train", "/disruptions?mode=nope", "/nearby",
                       "/nearby?lat=-37.8183&lon=144.9671", "/nearby?lat=-37.8183&lon=144.9671&mode=tram", "/nearby?lat=91&lon=0",
                       "/search", "/search?q=zzzzqqq", "/search?q=" + String(repeating: "a", count: 101), "/stops/train/99999",
                       "/stops/tram/1071", "/lines/train/99999", "/runs/train/nope-nope", "/disruptions/999999999", "/nope",
                       "/static/css/trakx.css", "/static/%2e%2e/Package.swift", "/favourites", "/favourites/export"]
        for page in [stop, disruptions, search, home] {
            targets += Self.links(in: page.text, prefixes: ["/runs/", "/lines/", "/disruptions/", "/stops/"]).prefix(4)
        }
        for target in targets { _ = try await get(target) }
        _ = try await get("/", method: "DELETE")
        _ = try await get("/stops/train/1071", method: "HEAD")

        // Favourites: add, rename, a bad rename, import, remove, cross-site and token failures.
        let session = try await app.session()
        for (target, form) in [
            ("/favourites", [("mode", "train"), ("stop_id", "1071")]),
            ("/favourites", [("mode", "tram"), ("stop_id", "1181"), ("return", "/stops/tram/1181")]),
            ("/favourites/train/1071/rename", [("name", "Home")]),
            ("/favourites/train/1071/rename", [("name", String(repeating: "x", count: 61))]),
            ("/favourites/import", [("data", #"{"format":"trakx-favourites","version":1,"favourites":[{"mode":"bus","stop_id":7,"stop_name":"Seven"}]}"#)]),
            ("/favourites/import", [("data", "not json")]),
            ("/favourites/tram/1181/remove", []),
        ] {
            seen.append(try await app.post(target, form: form, session: session).rawText)
        }
        seen.append(try await app.post("/favourites", form: [("mode", "bus"), ("stop_id", "7")], session: session,
                                         origin: "https://evil.example").rawText)
        seen.append(try await app.rawPost("/favourites", fields: [("mode", "bus"), ("stop_id", "7")], headers: [("Cookie", session.cookie)]).rawText)
        _ = try await get("/favourites")
        _ = try await get("/")

        // Every fault, each on pages not cached yet; throttling last, since Trakx then backs off every endpoint it hit.
        let faults: [FaultInjector.Fault] = [.badSignature, .status(500), .status(400), .status(404), .status(403), .malformedJSON,
                                             .truncatedBody, .emptyBody, .unhealthy, .hang, .latency(milliseconds: 2500), .throttle]
        for (index, fault) in faults.enumerated() {
            simulator.faults.set(fault)
            let waits = fault == .hang || fault == .latency(milliseconds: 2500)
            let targets = ["/stops/train/\(1181 + index)", "/search?q=fault\(index)", "/nearby?lat=-37.81\(index)&lon=144.96",
                           "/lines/tram/\(index + 1)", "/disruptions?mode=metro_tram", "/"]
            for target in waits ? Array(targets.prefix(1)) : targets {
                let response = try await get(target)
                #expect(response.status != 500 && response.status != 0, "\(fault) \(target) gave \(response.status)")
            }
            simulator.faults.clear()
        }
        _ = try await get("/metrics")
        _ = try await get("/healthz")
    }

    /// Local links with one of `prefixes` in a page.
    static func links(in html: String, prefixes: [String]) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().compactMap { rest -> String? in
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            let link = String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
            return prefixes.contains { link.hasPrefix($0) } ? link : nil
        }
    }

    static func around(_ needle: String, in text: String) -> String {
        guard let range = text.range(of: needle) else { return "" }
        let start = text.index(range.lowerBound, offsetBy: -80, limitedBy: text.startIndex) ?? text.startIndex
        let end = text.index(range.upperBound, offsetBy: 80, limitedBy: text.endIndex) ?? text.endIndex
        return String(text[start ..< end])
    }
}

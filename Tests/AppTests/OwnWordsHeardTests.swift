@testable import App
import Foundation
import PTV
import PTVSimulator
import Testing
import TestSupport

/// Issue 34 items 1 to 4 over every page Trakx can make: at Orca's default punctuation level speech-dispatcher says
/// a colon, semicolon, bracket, quote mark, bullet or dash aloud ("Live colon", "left quote Richmond right quote"),
/// a hyphen inside a word ("north dash west") and a decimal point ("2 dot 1 kilometres"). Trakx's own words carry
/// none of them; PTV's own texts (stop, route and direction names, disruptions) are said as PTV wrote them.
struct OwnWordsHeardTests {
    /// Examples of what a rider types into the latitude and longitude fields: the notation is the point.
    static let typedExamples = ["-37.8183", "144.9671"]

    /// The places in `html` where Trakx's own words would be said with punctuation.
    static func problems(_ html: String) -> [String] {
        var text = HeardText.of(html)
        for example in typedExamples { text = text.replacingOccurrences(of: example, with: "") }
        return HeardText.saidPunctuation(text, exempt: PTVWords.all)
    }

    /// The checker finds what it looks for (a test that cannot fail proves nothing): each of issue 34's sentences as
    /// they were, and leaves PTV's own punctuation alone.
    @Test(arguments: [
        "Live: PTV reports the train at the platform.", "Live times; no vehicle position.",
        "Getting off at Hawksburn Station: connections and stops near it", "the best match for “Richmond”",
        "<ul><li>• via the City Loop</li></ul>", "700 metres north-west", "Step-free access, Yes.", "2.1 kilometres",
        "Attribution 4.0", "<title>Stops near -37.8184, 144.9672, Trakx</title>", "Updated 8:44:36 am.",
        "PTV reports a position (it may still be on its previous trip)", "<a aria-label=\"8:40 am, to Frankston\">x</a>",
        "Coaches replace trains, on the Geelong V/Line line.", "<title>Disruptions, V/Line, Trakx</title>",
    ])
    func theCheckerHearsIssue34sSentences(sentence: String) {
        #expect(!Self.problems("<body>\(sentence)</body>").isEmpty, "\(sentence)")
    }

    @Test func theCheckerLeavesPTVsTextsAndHiddenPicturesAlone() throws {
        let direction = try #require(PTVWords.all.text.split(separator: "\n").first { $0.contains("(") })
        #expect(Self.problems("<body><p>Trams go towards \(direction), heading north.</p></body>") == [], "\(direction)")
        #expect(Self.problems("<body><svg aria-hidden=\"true\"><text>Your stop: Richmond</text></svg></body>") == [])
        #expect(Self.problems("<body><p>Richmond’s stops, 8\u{202F}40 am, the stop's name, 1200 metres northwest.</p></body>") == [])
        // Trakx's own brackets around a PTV name are still Trakx's.
        #expect(!Self.problems("<body><h3>Home (Flinders Street Station)</h3></body>").isEmpty)
    }

    /// Every page the simulator serves, reached from the home page and a few starting points as a rider's links
    /// reach them (stops, runs, rides, arrivals, walks, lines, disruptions, nearby, search, favourites, errors), at
    /// the showcase's live states (a train at a platform, moving, stale, cancelled, a through-run, express, a tram);
    /// and each seen as written and heard as meant (`SeenText.problems`: no clock time seen without its colon, no fact
    /// seen as "label, value", no clock time heard with a colon), in the same walk, which costs half a minute of CPU.
    @Test func everySimulatorPageSaysNoPunctuationOfItsOwn() async throws {
        let (pages, failures) = try await Self.everySimulatorPage { Self.problems($0) + SeenText.problems($0) }
        #expect(pages >= 150, "only \(pages) pages")
        #expect(failures == [], "\(failures.count) places:\n\(failures.prefix(40).joined(separator: "\n"))")
    }

    /// Every page the simulator serves (as `everySimulatorPageSaysNoPunctuationOfItsOwn` describes), each given to
    /// `check`: how many pages, and each problem `check` found, after its page's path.
    static func everySimulatorPage(_ check: (String) -> [String]) async throws -> (pages: Int, failures: [String]) {
        var result: (pages: Int, failures: [String]) = (0, [])
        try await TestApp.with { app in
            let browser = try await app.session()
            for stop in ["1071", "1181"] {
                _ = try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", stop), ("return", "/favourites")])
            }
            // A favourite with the rider's own name for it.
            _ = try await browser.post("/favourites/train/1071/rename", form: [("name", "Home")])
            var targets = [
                "/", "/search", "/search?q=flinders", "/search?q=richmond", "/search?q=86", "/search?q=zzzzqqq",
                "/search?q=" + String(repeating: "a", count: 101), "/nearby", "/nearby?lat=-37.8183&lon=144.9671",
                "/nearby?lat=-37.8183&lon=144.9671&radius=250", "/nearby?lat=-37.8183&lon=144.9671&radius=5000",
                "/nearby?lat=-37.8843&lon=144.9982&mode=bus", "/nearby?lat=-37.8183&lon=144.9671&mode=tram",
                "/nearby?place=Richmond", "/nearby?place=Elsternwick", "/nearby?place=zzzzqqq", "/nearby?lat=abc&lon=144.96",
                "/nearby?lat=-37.8", "/walk/bus/10639", "/walk/bus/10639?lat=-37.8835&lon=144.9990", "/walk/bus/10640?place=Elsternwick",
                "/walk/bus/10639?lat=abc&lon=1", "/walk/bus/10639?place=zzzzqqq", "/arrived/bus/10639", "/arrived/train/1071",
                "/stops/train/1071", "/stops/train/99999999", "/stops/train/abc", "/lines/train/6", "/disruptions",
                "/favourites", "/no-such-page",
            ]
            let simulator = try require_(app.simulator, "simulator")
            let showcase = simulator.showcase(at: fixedNow)
            let examples = [showcase.movingTrain, showcase.trainAtPlatform, showcase.staleRun, showcase.previousTripBus,
                            showcase.terminatedEarly, showcase.throughRun, showcase.expressTrain, showcase.tram, showcase.cancelledRun]
            for example in examples.compactMap({ $0 }) {
                let mode = ModeWords.slug(example.routeType), stop = example.stopID, run = example.runRef
                targets += ["/runs/\(mode)/\(run)", "/runs/\(mode)/\(run)?stop=\(stop)", "/ride/\(mode)/\(run)",
                            "/ride/\(mode)/\(run)?from=\(stop)", "/ride/\(mode)/\(run)?to=\(stop)", "/ride/\(mode)/\(run)?to=\(stop)&auto=30",
                            "/arrived/\(mode)/\(stop)?run=\(run)", "/stops/\(mode)/\(stop)"]
            }
            // Then the links those pages give, a few of each kind, as a rider would follow them.
            var seen = Set<String>(), perKind: [String: Int] = [:], pages = 0
            var failures: [String] = []
            while !targets.isEmpty, pages < 400 {
                let target = targets.removeFirst()
                guard seen.insert(target).inserted else { continue }
                let response = try await browser.get(target)
                guard response.header("Content-Type")?.hasPrefix("text/html") == true else { continue }
                pages += 1
                let html = response.text
                failures += check(html).map { "\(target): …\($0)…" }
                for link in html.matches(of: #/href="(/(stops|runs|ride|arrived|walk|lines|disruptions|nearby|search)[^"#]*)"/#) {
                    let href = HeardText.decoded(String(link.1)), kind = String(link.2)
                    guard !seen.contains(href), perKind[kind, default: 0] < 40 else { continue }
                    perKind[kind, default: 0] += 1
                    targets.append(href)
                }
            }
            result = (pages, failures)
        }
        return result
    }

    /// Every recorded PTV answer as the pages that show it (boards, run and ride pages), fresh and under every fault,
    /// before, during and near the end of each trip; and each seen as written and heard as meant, in the same walk.
    @Test func everyRecordedPageSaysNoPunctuationOfItsOwn() async throws {
        let (pages, failures) = await Self.everyRecordedPage { Self.problems($0) + SeenText.problems($0) }
        #expect(pages >= 300, "only \(pages) pages")
        #expect(failures == [], "\(failures.count) places:\n\(failures.prefix(40).joined(separator: "\n"))")
    }

    /// Every recorded page (as `everyRecordedPageSaysNoPunctuationOfItsOwn` describes), each given to `check`: how
    /// many pages, and each problem `check` found, after the recording, time and fault.
    static func everyRecordedPage(_ check: (String) -> [String]) async -> (pages: Int, failures: [String]) {
        var failures: [String] = []
        var pages = 0
        for name in Recorded.names {
            if let response = try? Recorded.load(name, as: DeparturesResponse.self), !response.departures.isEmpty,
               let first = response.departures.compactMap(\.bestTime).min() {
                for stopID in Set(response.departures.map(\.stopId)).sorted() {
                    var source = RecordedSource(now: first.addingTimeInterval(150))
                    source.departures[stopID] = response
                    let stopName = response.stops[String(stopID)]?.stopName ?? "Stop \(stopID)"
                    source.stops[stopID] = StopDetailsResponse(StopDetailsBody(stop: StopDetails(stopId: stopID, stopName: stopName)))
                    for fault in [nil] + RecordedSource.Fault.all {
                        source.faults = fault.map { [.departures: $0] } ?? [:]
                        guard let html = try? await RecordedPages.stopResponse(source, stopID: stopID).map(RecordedPages.html).get() else { continue }
                        pages += 1
                        failures += check(html).map { "\(name) stop \(stopID) \(fault.map(String.init(describing:)) ?? "fresh"): …\($0)…" }
                    }
                }
            }
            guard name.contains("pattern"), let pattern = try? Recorded.load(name, as: PatternResponse.self) else { continue }
            let journey = Journey(pattern, routeType: .train)
            let times = journey.calls.compactMap(\.time).sorted()
            guard journey.calls.count >= 2, times.count >= 2 else { continue }
            for now in [times[0].addingTimeInterval(-300), times[times.count / 2], times[times.count - 1].addingTimeInterval(-60)] {
                var source = RecordedSource(patterns: ["": pattern], now: now)
                for fault in [nil] + RecordedSource.Fault.all {
                    source.faults = fault.map { [.pattern: $0] } ?? [:]
                    let middle = journey.calls.count / 2, last = journey.calls.count - 1
                    let htmls = [await RecordedPages.runResponse(source, from: journey.calls[middle].stopID).map(RecordedPages.html),
                                 await RecordedPages.rideResponse(source, from: nil, to: last).map(RecordedPages.html),
                                 await RecordedPages.rideResponse(source, from: 0, to: middle).map(RecordedPages.html),
                                 await RecordedPages.rideResponse(source, from: middle, to: nil).map(RecordedPages.html)].compactMap { try? $0.get() }
                    for html in htmls {
                        pages += 1
                        failures += check(html).map { "\(name) at \(now) \(fault.map(String.init(describing:)) ?? "fresh"): …\($0)…" }
                    }
                }
            }
        }
        return (pages, failures)
    }
}

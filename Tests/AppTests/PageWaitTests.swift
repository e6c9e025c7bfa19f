@testable import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// Issue 54: a page's whole wait for PTV is bounded. With PTV hanging on every question (the client's own timeout the
/// ordinary 15 seconds), every page type says what failed within `AppConfiguration.pageWait` (5 s), also those that meet one hanging
/// answer after another (a place searched, then the stops near it; a stop's details, then its routes' ways).
/// Timed: runs in the Makefile's waiting group.
struct PageWaitTests {
    /// One page of each type, and those that ask in sequence.
    static let pages = [
        "/stops/train/1071", "/stops/bus/10639", "/runs/train/1-FSS-1", "/ride/train/1-FSS-1?from=1071", "/nearby?lat=-37.8843&lon=144.9982&mode=bus",
        "/nearby?place=Elsternwick", "/search?q=Richmond", "/lines/train/6", "/disruptions", "/walk/bus/10639?place=Elsternwick",
        "/arrived/train/1071",
    ]

    @Test(.timeLimit(.minutes(2)))
    func withPTVHangingOnEveryQuestionNoPageWaitsMoreThanFiveSeconds() async throws {
        try await TestApp.with(configure: { $0.upstreamTimeout = 15; TestApp.inService(&$0) }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.hang, forPathPrefix: "/v3/")
            let answers = try await withThrowingTaskGroup(of: (String, RawResponse, Double).self) { group in
                for page in Self.pages {
                    group.addTask {
                        let (response, ms) = try await milliseconds { try await app.get(page) }
                        return (page, response, ms)
                    }
                }
                return try await group.reduce(into: [(String, RawResponse, Double)]()) { $0.append($1) }
            }
            for (page, response, ms) in answers {
                #expect(ms < 6_500, "\(page) took \(Int(ms)) ms")
                #expect(response.status != 500 && response.status != 0, "\(page): \(response.status)")
                #expect(response.text.contains("did not answer in time") || response.text.contains("could not be"),
                        "\(page) does not say what failed: \(response.status) \(response.text.prefix(400))")
            }
            simulator.faults.clear()
        }
    }

    /// Every page type, with a favourite for the home and favourites pages and a run and stop from the simulator's
    /// timetable (`PageFaultWalkTests.filled`).
    static let walked = pages.filter { !$0.contains("1-FSS-1") } + [
        "/runs/train/RUN?stop=STOP", "/ride/train/RUN?from=STOP", "/runs/train/RUN?stop=10639", "/walk/bus/10639", "/arrived/bus/10639",
        "/", "/favourites",
    ]

    /// PTV's questions, each hanging in turn, then two hanging that pages ask one after the other: a place's search and
    /// the stops near it; a stop's details and its departures; a run's pattern and its details (a stop not on it); the
    /// departures and the disruptions they name (the second round); a line's route and its directions.
    static let hanging: [[String]] = [
        ["/v3/departures"], ["/v3/stops"], ["/v3/search"], ["/v3/routes"], ["/v3/directions"], ["/v3/pattern"], ["/v3/runs"],
        ["/v3/disruptions"],
        ["/v3/search", "/v3/stops"], ["/v3/stops", "/v3/departures"], ["/v3/pattern", "/v3/runs"], ["/v3/departures", "/v3/disruptions"],
        ["/v3/routes", "/v3/directions"],
    ]

    /// The most a page may wait: the page's wait (5 s) and a second for rendering beside the other pages on two busy
    /// cores (a debug build; one page took 5.9 s once in five runs). A second round on top of a whole wait took 7.2 s.
    static let mostMilliseconds = 6_000.0

    /// One page's answer with some questions hanging.
    struct Waited: Sendable {
        let page: String
        let hanging: [String]
        let status: Int
        let milliseconds: Double
        let text: String
    }

    /// The fault walk of issue 54: with PTV hanging on each question in turn, and on two a page asks in sequence (the
    /// client's own timeout the ordinary 15 s, the page's wait 5 s), every page answers within 5 s, also one that meets
    /// a hang in its first round and then asks a second (the second round ends with the page's wait), and a page that
    /// waited out its wait says what failed in words. Each set of hanging questions on an app of its own, its pages side
    /// by side (four apps at once).
    @Test(.timeLimit(.minutes(3)))
    func withPTVHangingOnEachQuestionInTurnAndTwoInSequenceNoPageWaitsMoreThanFiveSeconds() async throws {
        let waited = Collector<Waited>()
        await concurrently(Self.hanging, width: 4) { hanging in
            do {
                try await TestApp.with(configure: { $0.upstreamTimeout = 15; TestApp.inService(&$0) }) { app in
                    let simulator = try #require(app.simulator)
                    _ = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
                    let pages = try Self.walked.map { try PageFaultWalkTests.filled($0, app) }
                    for prefix in hanging { simulator.faults.set(.hang, forPathPrefix: prefix) }
                    await concurrently(pages, width: pages.count) { page in
                        do {
                            let (response, ms) = try await milliseconds { try await app.get(page) }
                            waited.append(Waited(page: page, hanging: hanging, status: response.status, milliseconds: ms,
                                                 text: PageFaultWalkTests.text(response.text)))
                        } catch { Issue.record(error, "\(page) with \(hanging) hanging") }
                    }
                    simulator.faults.clear()
                }
            } catch { Issue.record(error, "\(hanging) hanging") }
        }
        #expect(waited.all.count == Self.hanging.count * Self.walked.count)
        for answer in waited.all {
            let what = "\(answer.page) with \(answer.hanging.joined(separator: " then ")) hanging"
            #expect(answer.milliseconds <= Self.mostMilliseconds, "\(what) took \(Int(answer.milliseconds)) ms")
            #expect(answer.status != 500 && answer.status != 0, "\(what): \(answer.status)")
            // A page that waited out its whole wait met a hang: it says what failed (a link refused for what it asks,
            // a 400, says why it refuses instead: a run page for a stop the run does not serve).
            if answer.milliseconds >= 4_000, answer.status != 400 {
                #expect(PageFaultWalkTests.failureWords.contains(where: answer.text.contains),
                        "\(what) waited \(Int(answer.milliseconds)) ms and does not say what failed: \(answer.status) \(answer.text.prefix(3000))")
            }
        }
        // Each page's longest wait, and what hung then (for the issue's figures: `swift test --filter PageWaitTests`).
        for page in Set(waited.all.map(\.page)).sorted() {
            guard let worst = waited.all.filter({ $0.page == page }).max(by: { $0.milliseconds < $1.milliseconds }) else { continue }
            print("PageWaitTests: \(page) waited at most \(Int(worst.milliseconds)) ms (\(worst.hanging.joined(separator: " then ")) hanging, \(worst.status))")
        }
    }

    /// A run or ride page for a stop the run does not serve refuses within the page's second round when PTV hangs on
    /// the stop's details (it waited the page's whole 5 s for the stop's name), saying the stop by its number. The
    /// run's pattern is held first, so the page's wait is its second round alone, whatever else the cores are doing.
    @Test(.timeLimit(.minutes(2)))
    func aStopTheRunDoesNotServeIsRefusedWithinTheSecondRound() async throws {
        try await TestApp.with(configure: { $0.upstreamTimeout = 15; TestApp.inService(&$0) }) { app in
            let simulator = try #require(app.simulator)
            let held = try ["/runs/train/RUN", "/ride/train/RUN"].map { try PageFaultWalkTests.filled($0, app) }
            for page in held { _ = try await app.page(page, status: 200) }
            let pages = try ["/runs/train/RUN?stop=10639", "/ride/train/RUN?from=10639", "/ride/train/RUN?to=10639"]
                .map { try PageFaultWalkTests.filled($0, app) }
            simulator.faults.set(.hang, forPathPrefix: "/v3/stops")
            for page in pages {
                let (response, ms) = try await milliseconds { try await app.get(page) }
                #expect(response.status == 400, "\(page): \(response.status)")
                #expect(response.text.contains("does not stop at stop number 10639"), "\(page): \(response.text.prefix(2000))")
                // The page's own count of its wait on PTV: the second round (2 s), where it was the page's whole 5 s.
                let timing = response.header("Server-Timing") ?? ""
                let waited = timing.components(separatedBy: "upstream;dur=").dropFirst().first.flatMap { Double($0.prefix { $0 != ";" && $0 != "," }) }
                #expect(try require_(waited, "upstream wait in \(timing)") < 2_500, "\(page): \(timing)")
                // And in all, with two seconds for a debug build on two busy cores.
                #expect(ms < 4_000, "\(page) took \(Int(ms)) ms")
            }
            simulator.faults.clear()
        }
    }

    /// A second round ends with the page's wait: a page whose first round used its whole wait on a hang does not wait
    /// a second round on top (5 s and then 2 s, where 5 s in all is promised).
    @Test func aSecondRoundEndsWithThePagesWait() {
        let source = RecordedSource(now: fixedNow)
        let fresh = Ask.forPage(source: source, allowance: nil, work: nil, wait: .seconds(5), secondRound: .seconds(2))
        #expect(fresh.secondRoundLeft == .seconds(2))
        let nearlySpent = Ask.forPage(source: source, allowance: nil, work: nil, wait: .milliseconds(500), secondRound: .seconds(2))
        #expect(nearlySpent.secondRoundLeft <= .milliseconds(500))
        let spent = Ask.forPage(source: source, allowance: nil, work: nil, wait: .zero, secondRound: .seconds(2))
        #expect(spent.secondRoundLeft == .zero)
    }
}

@testable import App
import Foundation
import PTV
import PTVSimulator
import Testing
import TestSupport

/// Every page type, with each of its PTV questions failing in each way PTV fails (404, 500, hang, truncated), on a
/// real server against the simulator: the page that stands on the question says what failed with the right status,
/// any other keeps its page and names the part that failed, in the one wording per outcome (`EvidenceWords`).
/// Each case runs on a fresh app, so nothing is answered from a cache (a 404 is kept an hour).
struct PageFaultWalkTests {
    /// One page and the PTV path prefix of one of its questions; `main` when the page stands on it.
    struct Case: Sendable, CustomStringConvertible {
        let page: String
        let prefix: String
        let main: Bool
        var description: String { "\(page) with \(prefix)" }
    }

    static let cases: [Case] = [
        Case(page: "/stops/train/1071", prefix: "/v3/departures", main: false),
        Case(page: "/stops/train/1071", prefix: "/v3/stops/1071", main: false),
        Case(page: "/stops/bus/10639", prefix: "/v3/departures", main: false),
        Case(page: "/search?q=flinders", prefix: "/v3/search", main: true),
        Case(page: "/nearby?lat=-37.8183&lon=144.9671", prefix: "/v3/stops/location", main: true),
        Case(page: "/nearby?place=Elsternwick", prefix: "/v3/search", main: true),
        Case(page: "/lines/train/6", prefix: "/v3/routes/6", main: true),
        Case(page: "/lines/train/6", prefix: "/v3/directions", main: false),
        Case(page: "/lines/train/6", prefix: "/v3/disruptions/route", main: false),
        Case(page: "/lines/train/6", prefix: "/v3/stops/route", main: false),
        Case(page: "/disruptions", prefix: "/v3/disruptions", main: true),
        Case(page: "/walk/bus/10639", prefix: "/v3/stops/10639", main: true),
        Case(page: "/walk/bus/10639?place=Elsternwick", prefix: "/v3/search", main: false),
        Case(page: "/arrived/bus/10639", prefix: "/v3/stops/10639", main: false),
        Case(page: "/arrived/bus/10639", prefix: "/v3/departures", main: false),
        Case(page: "/", prefix: "/v3/departures", main: false),
        Case(page: "/favourites", prefix: "/v3/departures", main: false),
        // RUN and STOP: the simulator's train at a platform at the test's time (read from its timetable, not asked).
        Case(page: "/runs/train/RUN?stop=STOP", prefix: "/v3/pattern", main: true),
        Case(page: "/ride/train/RUN?from=STOP", prefix: "/v3/pattern", main: true),
    ]

    /// The case's page, its run and stop filled in from the simulator's timetable.
    static func path(_ given: Case, _ app: TestApp) throws -> String {
        try filled(given.page, app)
    }

    /// `page` with RUN and STOP filled in: the simulator's train at a platform at the test's time.
    static func filled(_ page: String, _ app: TestApp) throws -> String {
        guard page.contains("RUN") else { return page }
        let train = try require_(try require_(app.simulator).showcase(at: fixedNow).trainAtPlatform, "a train at a platform")
        return page.replacingOccurrences(of: "RUN", with: train.runRef)
            .replacingOccurrences(of: "STOP", with: String(train.stopID))
    }

    /// Gives the home and favourites pages a favourite to ask departures for (added while they fail).
    static func prepare(_ given: Case, _ app: TestApp) async throws {
        if given.page == "/" || given.page == "/favourites" {
            _ = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
        }
    }

    /// Each fault with the words every page says for it, and the status of a page that stands on it.
    static let faults: [(fault: FaultInjector.Fault, words: String, status: Int)] = [
        (.status(500), "PTV's service reported an error", 502),
        (.hang, "PTV did not answer in time", 504),
        (.truncatedBody, "PTV's answer was cut off part way", 502),
    ]

    static func text(_ html: String) -> String {
        html.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Every case, four at a time: each waits out its hang for a second, so one at a time the walk took 24 s of
    /// `make test`'s five minutes; side by side the waits overlap (about 7 s). Four apps at once leave the simulator
    /// well within the second on two cores, as the suite runs only beside the other timed suites that mostly wait
    /// (Makefile TIMED_WAITING), not beside the CPU-heavy ones.
    @Test(.timeLimit(.minutes(4)))
    func eachQuestionOfEachPageFailingIsSaidAndTheRestKept() async throws {
        await concurrently(Self.cases, width: 4) { given in
            do { try await Self.walk(given) } catch { Issue.record(error, "\(given)") }
        }
    }

    /// One page with one of its questions failing each way, on a fresh app for each way.
    static func walk(_ given: Case) async throws {
        for (fault, words, status) in Self.faults {
            // A second is enough for the simulator over loopback when no CPU-heavy suite runs beside this one (timed), and
            // each case waits it out once, for the hang.
            try await TestApp.with(configure: { $0.upstreamTimeout = 1 }) { app in
                let simulator = try #require(app.simulator)
                simulator.faults.set(fault, forPathPrefix: given.prefix)
                try await Self.prepare(given, app)
                let response = try await app.get(try Self.path(given, app))
                let text = Self.text(response.text)
                #expect(response.status == (given.main ? status : (given.page.contains("place=") ? 400 : 200)), "\(given) \(fault)")
                #expect(text.contains(words), "\(given) \(fault): \(text.prefix(3000))")
                // Headed in a rider's words, not HTTP's ("Bad gateway", "Gateway timeout").
                #expect(!given.main || text.contains("<h1>Could not get an answer from PTV</h1>"), "\(given) \(fault)")
                #expect(pageProblems(response.text) == [], "\(given) \(fault)")
                // A failure is said in Trakx's own words, with no punctuation a screen reader says.
                #expect(OwnWordsHeardTests.problems(response.text) == [], "\(given) \(fault)")
                #expect(!text.contains("could not be found") || given.main, "\(given) \(fault): a failure said as absence")
            }
        }
    }

    /// What each page says when PTV does not know one of its parts (nil: the part is left out, as when PTV lists none).
    static let partNotFound: [String: String?] = [
        "/stops/train/1071 with /v3/departures": EvidenceWords.departuresNotFound,
        "/stops/train/1071 with /v3/stops/1071": nil,
        "/stops/bus/10639 with /v3/departures": EvidenceWords.departuresNotFound,
        "/lines/train/6 with /v3/directions": "listed alphabetically, as PTV did not give their order.",
        "/lines/train/6 with /v3/disruptions/route": nil,
        "/lines/train/6 with /v3/stops/route": "PTV does not list the stops on this line just now.",
        "/walk/bus/10639?place=Elsternwick with /v3/search": "No stop or suburb has a name like Elsternwick.",
        "/arrived/bus/10639 with /v3/stops/10639": "PTV did not find this stop's access facts just now.",
        "/arrived/bus/10639 with /v3/departures": "PTV did not find departures from here just now.",
        "/ with /v3/departures": EvidenceWords.departuresNotFound,
        "/favourites with /v3/departures": EvidenceWords.departuresNotFound,
    ]

    /// Words that say a question failed, which PTV's "not found" never is.
    static let failureWords = ["could not be loaded", "could not be checked", "could not be asked", "Could not get an answer"]
        + [PTVError.Kind.timedOut, .unreachable, .truncated, .badStatus, .malformedBody, .unhealthy, .throttled, .signatureRejected,
           .noAnswer].map(EvidenceWords.reason)

    @Test func aPagesOwnNotFoundIsItsOwn404AndAPartsIsSaidAsThat() async throws {
        #expect(Set(Self.partNotFound.keys) == Set(Self.cases.filter { !$0.main }.map(\.description)), "a part without its words")
        for given in Self.cases {
            try await TestApp.with { app in
                try #require(app.simulator).faults.set(.status(404), forPathPrefix: given.prefix)
                try await Self.prepare(given, app)
                let response = try await app.get(try Self.path(given, app))
                #expect(given.main ? response.status == 404 : [200, 400].contains(response.status), "\(given): \(response.status)")
                #expect(pageProblems(response.text) == [], "\(given)")
                guard !given.main else { return }
                // A part PTV does not know is said as that, in the page's own words, never as a failure.
                let text = Self.text(response.text)
                #expect(Self.failureWords.filter(text.contains) == [], "\(given): \(text.prefix(3000))")
                if let words = Self.partNotFound[given.description] ?? nil {
                    #expect(text.contains(words), "\(given): \(text.prefix(3000))")
                }
            }
        }
    }

    /// A ride alert is set only after the run's pattern says it calls at the rider's stop: with that question failing
    /// each way, no alert is kept, and the page says so first, with the status of the failure.
    @Test(.timeLimit(.minutes(2)))
    func aRideAlertAskedForWhilePTVFailsSetsNothingAndSaysSo() async throws {
        try await LoopbackPushService.with { push in
            let rider = try await push.subscribe("rider")
            let alertsOn: (inout AppConfiguration) -> Void = {
                $0.alerts.allowPlainHTTP = true
                try? $0.alerts.allowPrivateAddresses("127.0.0.0/8")
                $0.alerts.interval = 0
            }
            // The form, from a first app (which keeps the pattern it read): with PTV answering it sets the alert, so
            // what fails below is PTV, not the form.
            var form: [(String, String)] = []
            try await TestApp.with(configure: alertsOn) { app in
                let (example, stops) = try await app.trainAtPlatform(at: fixedNow)
                let from = try #require(stops.firstIndex(of: example.stopID))
                form = [("mode", "train"), ("run", example.runRef), ("from", String(example.stopID)),
                        ("to", String(stops[from + 2]))] + rider.fields
                #expect(try await app.post("/alerts/ride", form: form).status == 303)
                #expect(try await app.app.alerts.store.active(at: fixedNow).count == 1)
            }
            // Each way PTV fails, on an app of its own that has asked PTV nothing yet (the same simulated network): the
            // failure's own words and status, "No alert was set." first in what to do, then the failure's own advice.
            let failures: [(fault: FaultInjector.Fault, words: String, status: Int, advice: String)] = Self.faults.map {
                ($0.fault, $0.words, $0.status, "No alert was set. " + ErrorPage.advice(for: $0.status))
            } + [
                (.status(404), "PTV does not list the stops and times", 404, "No alert was set. Go back to the departures and choose the service again."),
                (.throttle, "PTV is limiting how often Trakx may ask", 503, "No alert was set. This is not a problem with your device. Try again in a minute."),
                (.badSignature, "PTV does not accept this Trakx", 502, "No alert was set. This is a problem with how this Trakx is set up"),
                (.messageOnly, "PTV answered without the information Trakx asked for", 502, "No alert was set. This is a problem with PTV"),
            ]
            for (fault, words, status, advice) in failures {
                try await TestApp.with(configure: alertsOn) { app in
                    try #require(app.simulator).faults.set(fault, forPathPrefix: "/v3/pattern")
                    let answer = try await app.post("/alerts/ride", form: form)
                    let text = Self.text(answer.text)
                    #expect(answer.status == status, "\(fault): \(answer.status)")
                    #expect(text.contains(words) && text.contains(advice), "\(fault): \(text.prefix(3000))")
                    #expect(try await app.app.alerts.store.active(at: fixedNow).isEmpty, "\(fault)")
                }
            }
            // With the visitor's share of PTV spent, the pattern is not asked for: refused in words, nothing kept.
            try await TestApp.shared(configure: { alertsOn(&$0); $0.ptvCallsPerMinutePerVisitor = 2 }) { app in
                _ = try await FairShareTests.scan(app, from: "127.0.0.1", limit: 3)
                let answer = try await app.post("/alerts/ride", form: form)
                #expect(answer.status == 429)
                #expect(Self.text(answer.text).contains("No alert was set. Wait a minute, then try again."), "\(answer.text.prefix(3000))")
                #expect(try await app.app.alerts.store.active(at: fixedNow).isEmpty)
            }
        }
    }

    @Test func withTheVisitorsShareSpentEachPageSaysSoAndKeepsWhatItHas() async throws {
        try await TestApp.shared(configure: { $0.ptvCallsPerMinutePerVisitor = 2 }) { app in
            _ = try await FairShareTests.scan(app, from: "127.0.0.1", limit: 3)
            for given in Self.cases where given.page != "/" && given.page != "/favourites" {
                let response = try await app.get(try Self.path(given, app))
                let text = Self.text(response.text)
                if response.status == 429 {
                    #expect(text.contains("Too many new pages from this connection in a minute. Try again at"), "\(given)")
                    #expect(response.header("Retry-After") != nil, "\(given)")
                } else {
                    // A page that stands on an answer it already had says which parts were not asked for.
                    #expect(text.contains("this connection has opened too many new pages in a minute"), "\(given): \(response.status)")
                }
                #expect(pageProblems(response.text) == [], "\(given)")
            }
        }
    }
}

@testable import App
import Foundation
import HTTPServer
import Logging
import PTV
import PTVSimulator
import Testing
import TestSupport

/// PTV as it really misbehaves (issue 30): this Trakx's own key refused, throttling, and a page that reported a
/// failure kept for the next visitor. (A 200 that is not the answer: `NoAnswerTests`.)
struct PTVMisbehaviourTests {
    /// What a rider reads when PTV refuses this Trakx's key: whose it is to mend, and that waiting will not.
    static let keyRefused = "because PTV does not accept this Trakx"
    static let advice = "Whoever runs this Trakx needs to fix it, and waiting will not help."

    @Test func aRefusedKeyIsSaidAsThisTrakxsSetUpAndToldToTheOperatorOnceAMinute() async throws {
        var quiet = Logger(label: "ptv-sim")
        quiet.logLevel = .warning
        let simulator = try PTVSimulator(devID: "3000165", key: "9c132d31-6a30-4cac-8d8b-8a1970834799", seed: 7,
                                         now: { fixedNow }, logger: quiet)
        try simulator.start()
        let logs = LogCapture()
        let clock = TestClock(fixedNow)
        do {
            try await TestApp.with(logger: logs.logger(label: "trakx", level: .info), configure: {
                $0.ptvBaseURL = simulator.baseURL
                $0.ptvDevID = "3000165"
                $0.ptvKey = "00000000-0000-0000-0000-0000000000ff"
                $0.clock = { clock.now }
                $0.upstreamTimeout = 10
            }) { app in
                let stop = try await app.page("/stops/train/1071", status: 502)
                #expect(stop.text.contains("Trakx could not check train stop 1071, \(Self.keyRefused)"), "\(stop.text)")
                #expect(stop.text.contains(Self.advice))
                #expect(!stop.text.contains("just now"))
                #expect(stop.text.contains("This is a problem with how this Trakx is set up, not with your device or with PTV&#39;s service."))
                #expect(!stop.text.contains("Try again") && !stop.text.contains("service reported an error"))
                #expect(stop.header("Retry-After") == nil, "a rider is not asked to come back for a set-up fault")
                for target in ["/stops/train/1155", "/search?q=flinders", "/lines/train/6", "/disruptions"] {
                    let other = try await app.get(target)
                    #expect(other.status != 500 && other.status != 0, "\(target) gave \(other.status)")
                #expect(OwnWordsHeardTests.problems(other.text) == [], "\(target)")
                    #expect(other.text.contains("PTV does not accept this Trakx"), "\(target)")
                }

                let health = try await app.get("/healthz")
                #expect(health.status == 503)
                #expect(withoutNetwork(health.text) == #"{"status":"degraded","mode":"ptv","reason":"PTV refused this Trakx's key"}"#)
                let metrics = try await app.get("/metrics")
                #expect(metrics.text.contains("trakx_ptv_key_refused 1\n"))

                // One line a minute for the operator, not one per page; and never the key or devid.
                let said = { logs.messages.filter { $0.contains("refused this Trakx's developer id or key") }.count }
                #expect(said() == 1, "\(logs.messages)")
                clock.advance(61)
                _ = try await app.get("/stops/train/1071")
                #expect(said() == 2)
                for line in logs.lines {
                    #expect(!line.contains("3000165") && !line.contains("0000000000ff") && !line.contains("9c132d31"), "\(line)")
                }
            }
        } catch {
            await simulator.shutdown()
            throw error
        }
        await simulator.shutdown()
    }

    @Test(arguments: [PTVError.Kind.signatureRejected, .devIDInvalid, .throttled, .noAnswer])
    func theNewFailureWordsAreSpeakableAndARefusedKeyIsNeverToldToWait(_ kind: PTVError.Kind) {
        let error = EvidenceWords.error(kind, missing: "There is no train stop with the number 1071.", couldNot: "check train stop 1071")
        let sentences = [EvidenceWords.couldNotLoad(.departures, kind), error.message, error.advice ?? "",
                         EvidenceWords.staleNotice(because: kind, fetchedAt: fixedNow, words: TimeWords(now: fixedNow))]
        for sentence in sentences {
            // A clock time ("8:30 am") is read as a time; any other colon, a semicolon or a bracket is read aloud.
            let words = sentence.replacing(#/[0-9]:[0-9]/#, with: "")
            #expect(!words.contains(where: { ":;()[]".contains($0) }), "\(sentence)")
            guard kind.isKeyRefused else { continue }
            #expect(!sentence.contains("just now") && !sentence.contains("Try again") && !sentence.contains("in a minute"), "\(sentence)")
        }
        if kind.isKeyRefused {
            #expect(EvidenceWords.couldNotLoad(.departures, kind) == "Departures could not be loaded, because PTV does not accept this Trakx's key.")
            #expect(error.message.hasSuffix("PTV does not accept this Trakx's key. \(Self.advice)"))
            #expect(error.headers.isEmpty, "no Retry-After for a set-up fault")
        }
    }

    @Test func healthSaysOKAgainOncePTVAcceptsTheKey() async throws {
        try await TestApp.with(configure: { $0.upstreamTimeout = 10 }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.badSignature)
            _ = try await app.page("/stops/train/1071", status: 502)
            let refused = try await app.get("/healthz")
            #expect(refused.status == 503)
            #expect(withoutNetwork(refused.text) == #"{"status":"degraded","mode":"demo","reason":"PTV refused this Trakx's key"}"#)
            simulator.faults.clear()
            _ = try await app.page("/stops/train/1071", status: 200)
            let healthy = try await app.get("/healthz")
            #expect(healthy.status == 200)
            #expect(withoutNetwork(healthy.text) == #"{"status":"ok","mode":"demo"}"#)
        }
    }

    @Test func whileThrottledEveryPageAnswersFromSavedCopiesAndOnlyOneProbeAsks() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now }; $0.upstreamTimeout = 10 }) { app in
            let simulator = try #require(app.simulator)
            _ = try await app.page("/stops/train/1071", status: 200)
            clock.advance(31)  // the departures are no longer fresh; the stop's details are
            simulator.faults.set(.throttleRetryAfter(seconds: 60))
            let stale = try await app.page("/stops/train/1071", status: 200)
            #expect(stale.text.contains("PTV is limiting how often Trakx may ask, so this page shows information from"))
            let asked = simulator.requestCount

            // Every visitor and every question waits, not only the departures PTV throttled.
            let unseen = try await app.page("/stops/train/1155", status: 503)
            #expect(unseen.text.contains("PTV is limiting how often Trakx may ask"))
            #expect(unseen.header("Retry-After") != nil)
            #expect(OwnWordsHeardTests.problems(stale.text) + OwnWordsHeardTests.problems(unseen.text) == [])
            for target in ["/search?q=richmond", "/lines/train/6", "/disruptions", "/stops/tram/2153"] {
                let other = try await app.get(target)
                #expect(other.status != 500 && other.status != 0, "\(target) gave \(other.status)")
                #expect(OwnWordsHeardTests.problems(other.text) == [], "\(target)")
            }
            #expect(simulator.requestCount == asked, "pages asked PTV while it asked Trakx to wait")
            let health = try await app.get("/healthz")
            #expect(health.status == 200)
            #expect(withoutNetwork(health.text) == #"{"status":"degraded","mode":"demo","reason":"PTV is limiting how often Trakx may ask"}"#)
            #expect(try await app.get("/metrics").text.contains("trakx_ptv_throttled 1\n"))

            // PTV's Retry-After (60 s) holds, then a single probe; PTV answers it and pages are fresh again.
            clock.advance(59)
            _ = try await app.get("/stops/train/1071")
            #expect(simulator.requestCount == asked)
            simulator.faults.clear()
            clock.advance(6)  // past the 60 s, and past the 5 s a page is kept for
            let back = try await app.page("/stops/train/1071", status: 200)
            #expect(!back.text.contains("so this page shows information from"))
            #expect(simulator.requestCount > asked)
            #expect(withoutNetwork(try await app.get("/healthz").text) == #"{"status":"ok","mode":"demo"}"#)
        }
    }

    @Test func aPageThatReportedAFailureIsNotKeptSoRefreshAsksAgain() async throws {
        let clock = TestClock(fixedNow)
        let board = "/stops/train/1071"
        try await TestApp.with(configure: { $0.clock = { clock.now }; $0.upstreamTimeout = 10 }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.status(500), forPathPrefix: "/v3/departures")
            let failed = try await app.page(board, status: 200)
            #expect(failed.text.contains("Departures could not be loaded just now"))
            #expect(!app.app.pages.isCurrent(board), "a page that reported a failure was kept")

            // PTV is back: "Refresh departures" at once gets a fresh try, not the kept failure.
            simulator.faults.clear()
            let refreshed = try await app.page(board, status: 200)
            #expect(!refreshed.text.contains("could not be loaded"))
            #expect(app.app.pages.isCurrent(board), "a whole page is kept for the next visitors")

            // A page from a saved copy is not kept either.
            clock.advance(31)
            simulator.faults.set(.status(500), forPathPrefix: "/v3/departures")
            let stale = try await app.page(board, status: 200)
            #expect(stale.text.contains("so this page shows information from"))
            #expect(!app.app.pages.isCurrent(board))
            simulator.faults.clear()
            let fresh = try await app.page(board, status: 200)
            #expect(!fresh.text.contains("so this page shows information from"))
        }
    }
}

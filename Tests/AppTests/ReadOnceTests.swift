import Foundation
import HTTPServer
import PTV
import Testing
import TestSupport
@testable import App

/// Issue 22 item 12, on real recordings: a time is read once, "in N minutes" is never later than the truth, an early
/// service is "2 minutes early", and a cancelled row has no empty slot.
struct ReadOnceTests {
    /// How often `needle` occurs in `text`.
    func count(_ needle: String, in text: String) -> Int {
        text.ranges(of: needle).count
    }

    /// Moments before a recording's first time: minutes, hours, a day and more than a year ahead.
    func moments(before first: Date) -> [Date] {
        let offsets: [TimeInterval] = [-300, -3 * 3600, -26 * 3600, -400 * 86400]
        return offsets.map { first.addingTimeInterval($0) }
    }

    @Test func everyRecordedBoardRowReadsItsTimeOnce() throws {
        var checked = 0
        for name in Recorded.names {
            guard let response = try? Recorded.load(name, as: DeparturesResponse.self), !response.departures.isEmpty,
                  name.contains("departures") || name.contains("parliament") else { continue }
            let first = try #require(response.departures.compactMap(\.bestTime).min())
            for now in moments(before: first) {
                for stop in Set(response.departures.map(\.stopId)) {
                    let board = DepartureBoard(response, routeType: .train, stopID: stop, words: TimeWords(now: now))
                    for row in board.next {
                        let said = "\(row.time), \(row.detail)"
                        #expect(count(row.time, in: said) == 1, "\(name): \(said)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 20)
    }

    @Test func aFarOffDepartureSaysItsDateOnceAfterItsTime() throws {
        let response = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let first = try #require(response.departures.compactMap(\.bestTime).min())
        let words = TimeWords(now: first.addingTimeInterval(-400 * 86400))
        let row = try #require(DepartureBoard(response, routeType: .train, stopID: 1099, words: words).next.first)
        #expect(row.detail.hasPrefix(words.dayAndDate(first) + ","), "\(row.detail)")
        let tomorrow = TimeWords(now: first.addingTimeInterval(-26 * 3600))
        #expect(DepartureBoard(response, routeType: .train, stopID: 1099, words: tomorrow).next.first?.detail.hasPrefix("tomorrow,") == true)
    }

    @Test func everyRecordedPatternRowReadsItsTimeOnceOnTheRunAndRidePages() throws {
        var checked = 0
        for (name, pattern, journey, first, last) in Recorded.patterns() {
            for now in moments(before: first) + [first.addingTimeInterval(last.timeIntervalSince(first) / 2), last.addingTimeInterval(900)] {
                let fetched = Fetched(value: pattern, fetchedAt: now)
                let run = RunPage(journey: journey, fromStop: journey.calls.first?.stopID, pattern: fetched, context: Recorded.context(now))
                for row in run.stops + run.earlier where !row.time.isEmpty {
                    #expect(count(row.time, in: "\(row.time), \(row.when)") == 1, "\(name): \(row.time), \(row.when)")
                    checked += 1
                }
                let ride = RidePage(journey: journey, from: 0, to: nil, auto: nil, pattern: fetched, context: Recorded.context(now))
                for stop in ride.stops where !stop.time.isEmpty {
                    #expect(count(stop.time, in: "\(stop.time), \(stop.when)") == 1, "\(name): \(stop.time), \(stop.when)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }

    @Test func aCancelledRunsRowsHaveNoEmptySlot() throws {
        // Run 949202 to Jolimont-MCG, recorded with `status: cancelled` and platforms on every stop.
        let pattern = try Recorded.load("tdn-1202-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let now = try #require(journey.calls.compactMap(\.time).min()).addingTimeInterval(-600)
        let page = RunPage(journey: journey, fromStop: nil, pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now))
        #expect(page.stops.contains { $0.when == "cancelled" && $0.platform != nil })
        let html = String(decoding: try Templates(directory: repositoryRoot + "/Templates").render(page, template: "run").body, as: UTF8.self)
        let rows = html.matches(of: #/<li id="stop-[^"]*"[^>]*>(.*?)</li>/#).map { String($0.1) }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { !$0.contains(", ,") && !$0.hasSuffix(", ") }, "\(rows.first ?? "")")
    }

    @Test(arguments: [
        // 72 seconds away is "in 1 minute", even when the clock minute has turned twice (10:00:50 → 10:02:02).
        (50.0, 122.0, "in 1 minute"),
        (50.0, 60.0 * 7, "in 6 minutes"),
        (0.0, 59.0, "now"),
        (0.0, 60.0, "in 1 minute"),
        (59.0, 60.0 * 121, "in 2 hours"),
    ])
    func untilIsNeverLaterThanTheTruth(nowSeconds: Double, atSeconds: Double, expected: String) {
        let base = Recorded.at("2026-06-01T00:00:00Z")
        let words = TimeWords(now: base.addingTimeInterval(nowSeconds))
        #expect(words.until(base.addingTimeInterval(atSeconds)) == expected)
    }

    @Test func earlyComesAfterTheMinutes() {
        let words = TimeWords(now: Recorded.at("2026-06-01T00:00:00Z"))
        let scheduled = Recorded.at("2026-06-01T00:10:00Z")
        #expect(words.delay(scheduled: scheduled, estimated: scheduled.addingTimeInterval(-120)) == "2 minutes early")
        #expect(ServiceWords.status(.live(minutesLate: -2), words: words) == "2 minutes early")
        #expect(ServiceWords.status(.live(minutesLate: -1), words: words) == "1 minute early")
    }

    @Test func aTimetableTimeBesideItsClockIsSaidWithoutIt() {
        let words = TimeWords(now: Recorded.at("2026-06-01T00:00:00Z"))
        #expect(words.due(Recorded.at("2026-06-01T00:05:00Z")) == "due in 5 minutes")
        #expect(words.due(Recorded.at("2026-05-31T23:56:00Z")) == "due 4 minutes ago")
        #expect(words.afterClock(Recorded.at("2026-06-01T05:00:00Z")) == "today")
        #expect(words.afterClock(Recorded.at("2026-06-02T05:00:00Z")) == "tomorrow")
        #expect(words.afterClock(Recorded.at("2026-06-04T05:00:00Z")) == "Thursday")
        #expect(words.afterClock(Recorded.at("2027-04-07T01:35:00Z")) == "Wednesday 7 April 2027")
    }
}

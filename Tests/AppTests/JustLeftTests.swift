import Foundation
import PTV
import PTVSimulator
import TestSupport
import Testing
@testable import App

/// Issue 31, item 3: what has just gone. A board's refresh link carries the departures it showed that were due soon;
/// the refreshed board says once that one has left when a fresh answer no longer lists it and its time has passed,
/// and says nothing of it from a saved copy or a failed question.
struct JustLeftTests {
    /// Belgrave… in fact the Stony Point line at stop 1015, recorded 2024-11-06; at 06:50 UTC (5 50 pm in Melbourne) PTV
    /// still lists run 56187 of 06:45, then 56144 of 07:13.
    private let now = Recorded.at("2024-11-06T06:50:00Z")

    private func evidence(stale: Bool = false) throws -> Evidence<DeparturesResponse> {
        let answer = try Recorded.load("metro-departures-bxr", as: DeparturesResponse.self)
        return Evidence(.departures, Fetched(value: answer, fetchedAt: now, staleBecause: stale ? .timedOut : nil))
    }

    private func rows(_ departures: Evidence<DeparturesResponse>) -> [DepartureRow] {
        DepartureBoard(departures.value!, routeType: .train, stopID: 1015, words: TimeWords(now: now)).next
    }

    private func seen(_ text: String) throws -> [JustLeft.Seen] { try JustLeft.parse(text) }

    private func minute(_ iso: String) -> Int { Int(Recorded.at(iso).timeIntervalSince1970 / 60) }

    @Test func aDepartureNoLongerListedOnceItsTimeHasPassedHasLeft() throws {
        let departures = try evidence()
        let rider = try seen("56100~\(minute("2024-11-06T06:30:00Z"))~13,56187~\(minute("2024-11-06T06:45:00Z"))~13,"
                             + "56199~\(minute("2024-11-06T07:05:00Z"))~13")
        let left = JustLeft(seen: rider, departures: departures, shown: rows(departures), type: .train, words: TimeWords(now: now))
        // Gone and past: said, with its time and line. Still listed (though past): not. Gone but not yet due: not
        // said, as Trakx does not know why PTV dropped it.
        #expect(left.sentence == "The 5\u{202F}30 pm Stony Point line train has left.")
        // The refreshed board's link carries what it shows now (due within 30 minutes), not what left.
        #expect(left.carried.map(\.runRef) == ["56144"])
        #expect(left.query == "seen=56144~\(minute("2024-11-06T07:13:00Z"))~13")
    }

    @Test func twoGoneAreOneSentenceAndAnUnknownRouteIsTheMode() throws {
        let departures = try evidence()
        let rider = try seen("1~\(minute("2024-11-06T06:30:00Z"))~13,2~\(minute("2024-11-06T06:40:00Z"))~77")
        let left = JustLeft(seen: rider, departures: departures, shown: [], type: .train, words: TimeWords(now: now))
        #expect(left.sentence == "The 5\u{202F}30 pm Stony Point line train and the 5\u{202F}40 pm train have left.")
    }

    @Test func aSavedCopySaysNothingOfWhatLeftAndCarriesItOn() throws {
        let stale = try evidence(stale: true)
        let rider = try seen("56100~\(minute("2024-11-06T06:30:00Z"))~13")
        let left = JustLeft(seen: rider, departures: stale, shown: rows(stale), type: .train, words: TimeWords(now: now))
        #expect(left.sentence == nil)
        #expect(left.carried == rider)
        let failed = Evidence<DeparturesResponse>(.departures, outcome: .failed(.badStatus))
        let afterFailure = JustLeft(seen: rider, departures: failed, shown: [], type: .train, words: TimeWords(now: now))
        #expect(afterFailure.sentence == nil)
        #expect(afterFailure.carried == rider)
        // An hour on, what was seen is forgotten rather than said late.
        let later = JustLeft(seen: rider, departures: failed, shown: [], type: .train, words: TimeWords(now: now.addingTimeInterval(3600)))
        #expect(later.carried.isEmpty)
    }

    @Test func aRefreshLinkTrakxDidNotMakeIsABadRequest() throws {
        #expect(try JustLeft.parse(nil).isEmpty)
        #expect(try JustLeft.parse("").isEmpty)
        for bad in ["56100", "56100~x~13", "56100~29400000", "a b~29400000~13", "<s>~29400000~13", "56100~-5~13",
                    Array(repeating: "1~29400000~13", count: 7).joined(separator: ",")] {
            #expect(throws: (any Error).self, "\(bad)") { try JustLeft.parse(bad) }
        }
    }
}

/// The same end to end: a real server and the simulator.
struct JustLeftServerTests {
    private func refreshLink(_ html: String) throws -> String {
        guard let start = html.range(of: "data-refresh-url=\"")?.upperBound,
              let end = html[start...].firstIndex(of: "\"") else { throw TestFailure("no refresh link") }
        return String(html[start ..< end])
    }

    @Test func aRefreshSaysOnceWhatLeftAndNeverFromAFailedAnswer() async throws {
        let minute = Int(fixedNow.timeIntervalSince1970 / 60)
        try await TestApp.with { app in
            let board = try await app.page("/stops/train/1071", status: 200)
            let link = try refreshLink(board.text.asHeard)
            let entries = try JustLeft.parse(String(try #require(link.split(separator: "=").last)))
            let first = try #require(entries.first)
            // A departure the rider saw ten minutes ago, which PTV no longer lists, and one it still lists.
            let seen = "9999991~\(minute - 10)~\(first.routeID),\(first.runRef)~\(Int(first.at.timeIntervalSince1970 / 60))~\(first.routeID)"
            let refreshed = try await app.page("/stops/train/1071?seen=\(seen)", status: 200)
            let sentence = try #require(refreshed.text.asHeard.range(of: #"<p class="left" id="left">[^<]*</p>"#, options: .regularExpression))
            let said = String(refreshed.text.asHeard[sentence])
            // Seen with the time as written (issue 55).
            let shown = SeenText.of(String(try #require(refreshed.text.firstMatch(of: #/<p class="left" id="left">.*?</p>/#)?.0)))
            #expect(shown.firstMatch(of: #/^The \d{1,2}:\d{2} (am|pm) .+ line train has left\./#) != nil, "\(shown)")
            #expect(said.contains(" line train has left."), "\(said)")
            #expect(!said.contains(" and "), "only the departure PTV no longer lists: \(said)")
            // The refreshed board's own link no longer carries it: the next refresh does not say it again.
            let next = try refreshLink(refreshed.text)
            #expect(!next.contains("9999991"))
            let again = try await app.page(next, status: 200)
            #expect(!again.text.contains("has left"))
            // Malformed: a clear error page, not a board with a guess.
            let bad = try await app.get("/stops/train/1071?seen=junk")
            #expect(bad.status == 400)
            #expect(bad.text.contains("This refresh link is not one Trakx made."))
        }
        try await TestApp.with { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.status(500), forPathPrefix: "/v3/departures")
            let seen = "9999991~\(minute - 10)~6"
            let failed = try await app.get("/stops/train/1071?seen=\(seen)")
            #expect(!failed.text.contains("has left"))
            #expect(try refreshLink(failed.text).contains(seen), "carried on to the next fresh answer")
        }
    }
}

@testable import App
import Foundation
import PTV
import PTVSimulator
import Testing
import TestSupport

/// A departure stays on the board until the evidence says it has left (issue 54 part 3). PTV lists departures by their
/// timetabled time, so a delayed train drops out of its list soon after it while still at the platform; the board keeps
/// it from its run's pattern, in the words its ride page says, and lets it go once the pattern says it has left.
struct UnlistedDepartureTests {
    /// Each row of a board: its accessible name and its ride link.
    static func rows(_ board: String) -> [(label: String, href: String)] {
        board.components(separatedBy: "<p class=\"departure").dropFirst().compactMap { row in
            guard let href = row.range(of: "href=\""), let label = row.range(of: "aria-label=\"") else { return nil }
            return (String(row[label.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&#39;", with: "'"),
                    String(row[href.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&"))
        }
    }

    @Test func aDelayedTrainPTVNoLongerListsStaysUntilItsPatternSaysItLeft() async throws {
        // 8:53 am on demo data: late trains at Flinders Street whose timetabled times pass in the next minute.
        let clock = TestClock(fixedNow.addingTimeInterval(23 * 60))
        try await TestApp.with(configure: { $0.clock = { clock.now } }) { app in
            let earlier = Self.rows(try await app.page("/stops/train/1071", status: 200).text)
            clock.advance(60)
            // Their patterns at hand (as a board's rows and rides ask them), so a loaded machine does not leave a
            // lookup past the board's two seconds.
            for row in earlier.prefix(8) { _ = try await app.page(row.href, status: 200) }
            let board = try await app.page("/stops/train/1071", status: 200).text
            // What PTV's list alone gives at the same moment: a board that never saw the earlier one.
            try await TestApp.with(configure: { $0.clock = { clock.now } }) { fresh in
                let listed = Set(Self.rows(try await fresh.page("/stops/train/1071", status: 200).text).map(\.href))
                let kept = Self.rows(board).filter { !listed.contains($0.href) }
                #expect(!kept.isEmpty, "no departure PTV left out was kept: the premise of this test has gone")
                for row in kept {
                    #expect(!row.label.contains("departed"), "\(row.label)")
                    #expect(!row.label.contains(BoardChanges.uncheckedNote), "its pattern was at hand: \(row.label)")
                    // Its ride page agrees: the train has not left this stop.
                    let ride = try await app.page(row.href, status: 200).text
                    #expect(!ride.contains("already left") && !ride.contains("has left"), "\(row.label) / ride: \(ride.prefix(600))")
                    #expect(ride.contains("Your train is at Flinders Street Station") || ride.contains("Your train is due at Flinders Street Station"),
                            "\(row.label)")
                }
                // Once the pattern says it has left, it goes.
                clock.advance(15 * 60)
                let later = Set(Self.rows(try await app.page("/stops/train/1071", status: 200).text).map(\.href))
                #expect(kept.allSatisfy { !later.contains($0.href) }, "a departure stayed after it left")
            }
        }
    }

    @Test func onePTVLeftOutWhosePatternCannotBeCheckedStaysSaidAsNotChecked() async throws {
        let clock = TestClock(fixedNow.addingTimeInterval(23 * 60))
        try await TestApp.with(configure: { $0.clock = { clock.now } }) { app in
            let simulator = try #require(app.simulator)
            _ = try await app.page("/stops/train/1071", status: 200)
            clock.advance(60)
            simulator.faults.set(.status(500), forPathPrefix: "/v3/pattern/")
            let rows = Self.rows(try await app.page("/stops/train/1071", status: 200).text)
            simulator.faults.clear()
            #expect(rows.contains { $0.label.contains(BoardChanges.uncheckedNote) }, "\(rows.map(\.label))")
        }
    }
}

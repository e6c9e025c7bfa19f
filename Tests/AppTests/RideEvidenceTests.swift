@testable import App
import Foundation
import PTV
import Testing

/// Issue 22, item 11: a ride page agrees with itself and with the run, from real recorded patterns.
struct RideEvidenceTests {
    /// Lilydale to Parliament, 12 June 2025 (UTC+10): PTV says the train is at Richmond (call 17) at 7:13 pm.
    func lilydale(at time: String) throws -> RecordedSource {
        RecordedSource(patterns: ["": try Recorded.load("tdn-3230-pattern", as: PatternResponse.self)], now: Recorded.at(time))
    }

    @Test func aRiderWhoseTrainLeftTheirStopLongAgoIsToldSoAndPointedToTheNextOne() async throws {
        // Boarding at Heatherdale (call 5), half an hour after the train left it, with no stop chosen.
        let text = try await RecordedPages.ride(try lilydale(at: "2025-06-12T09:13:00Z"), from: 5, to: nil).get()
        #expect(text.contains("This train has already left Heatherdale at 6\u{202F}41 pm."), "\(text)")
        #expect(text.contains("Next departures from Heatherdale"))
        #expect(!text.contains("Where are you getting off?"))
    }

    @Test func aTripNotYetStartedIsSaidAsThat() async throws {
        let source = RecordedSource(patterns: ["": try Recorded.load("metro-pattern-pkm", as: PatternResponse.self)],
                                    now: Recorded.at("2024-06-27T07:30:00Z"))
        let text = try await RecordedPages.ride(source, from: nil, to: nil).get()
        #expect(text.contains("This train has not started its trip yet. It is due to leave East Pakenham at 5\u{202F}45 pm, in 15 minutes."), "\(text)")
        // The evening before, the time alone would name the wrong day.
        let early = RecordedSource(patterns: source.patterns, now: Recorded.at("2024-06-26T09:00:00Z"))
        let before = try await RecordedPages.ride(early, from: nil, to: nil).get()
        #expect(before.contains("It is due to leave East Pakenham tomorrow at 5\u{202F}45 pm."), "\(before)")
    }

    /// A train PTV last placed on Friday evening, its trip on Sunday morning: at 6 03 am the position was lost "on
    /// Friday 28 November at 8 22 pm"; the time alone would say it was lost last night.
    @Test func aPositionLostOnAnotherDaySaysTheDay() async throws {
        let source = RecordedSource(patterns: ["": try Recorded.load("tdn-C100-Z601-pattern", as: PatternResponse.self)],
                                    now: Recorded.at("2025-11-29T19:03:00Z"))
        let text = try await RecordedPages.ride(source, from: 2, to: 8).get()
        #expect(text.contains("Live position lost on Friday 28 November at 8\u{202F}22 pm."), "\(text)")
        #expect(text.contains("Your train is due at Cardinia Road at 9\u{202F}09 am from platform 1."), "\(text)")
    }

    @Test func anEstimateAlreadyPastWithoutEvidenceOfLeavingIsOverdue() async throws {
        // PTV still has the train at Richmond; Flinders Street's live estimate (7:29 pm) has passed.
        let text = try await RecordedPages.run(try lilydale(at: "2025-06-12T09:31:00Z"), from: nil).get()
        #expect(text.contains("Flinders Street, 7\u{202F}29 pm, overdue, the live estimate was 2 minutes ago"), "\(text)")
        #expect(!text.contains("Flinders Street: 7\u{202F}29 pm, departed"))
    }

    @Test func aLostPositionSaysHowFarTheLiveTimesGo() async throws {
        // The Sunbury train through the Metro Tunnel as a Pakenham train (30 November 2025): PTV last placed it between
        // Footscray and Arden at 1 14 pm; 21 minutes on, the stops to Berwick still have live estimates, East Pakenham
        // has none. "Times are from the timetable." was said over a list of live times.
        let source = RecordedSource(patterns: ["": try Recorded.load("tdn-C109-live", as: PatternResponse.self)],
                                    now: Recorded.at("2025-11-30T02:35:00Z"))
        let journey = try Recorded.journey("tdn-C109-live")
        let text = try await RecordedPages.ride(source, from: nil, to: journey.calls.count - 1).get()
        #expect(text.contains("Live position lost at 1\u{202F}14 pm"), "\(text)")
        #expect(text.contains("Times are live estimates as far as Berwick, then the timetable."), "\(text)")
        #expect(!text.contains("Times are from the timetable"), "\(text)")
    }

    @Test func liveTimesAreClaimedOnlyWhenTheRidersStopIsLive() async throws {
        // East Pakenham to Flinders Street, 27 June 2024: live estimates up to Huntingdale (15), timetable after.
        var source = RecordedSource(patterns: ["": try Recorded.load("metro-pattern-pkm", as: PatternResponse.self)],
                                    now: Recorded.at("2024-06-27T08:00:30Z"))
        // On board for Richmond (timetable): live times are not claimed for it, nor is the whole list "Timetable
        // only." while the next eleven stops have live estimates.
        let toRichmond = try await RecordedPages.ride(source, from: nil, to: 22).get()
        #expect(!toRichmond.contains("Live times.") && !toRichmond.contains("Live times,"), "\(toRichmond)")
        #expect(!toRichmond.contains("Timetable only"), "\(toRichmond)")
        #expect(toRichmond.contains("Live times as far as Huntingdale, then the timetable."), "\(toRichmond)")
        // Waiting at Berwick (live) for Richmond: the train is due there by live estimate, and the live times end at
        // Huntingdale, never "Timetable only." after "by live estimate".
        let fromBerwick = try await RecordedPages.ride(source, from: 5, to: 22).get()
        #expect(fromBerwick.contains("by live estimate. Live times as far as Huntingdale, then the timetable."), "\(fromBerwick)")
        let toClayton = try await RecordedPages.ride(source, from: nil, to: 14).get()
        #expect(toClayton.contains("Live times"), "\(toClayton)")
        source.faults[.pattern] = .stale(age: 300)
        let stale = try await RecordedPages.ride(source, from: nil, to: 14).get()
        #expect(stale.contains("Times are the last live estimates from then"), "\(stale)")
    }
}

import Foundation
import Testing
@testable import App

/// Parses an ISO 8601 UTC timestamp such as "2026-04-04T15:30:00Z".
private func utc(_ text: String) -> Date {
    try! Date(text, strategy: .iso8601)
}

private let melbourne = TimeZone(identifier: "Australia/Melbourne")!

// MARK: - Daylight saving in Melbourne

/// DST ends Sunday 5 April 2026 at 3:00 am AEDT (UTC+11) → 2:00 am AEST (UTC+10), and starts
/// Sunday 4 October 2026 at 2:00 am AEST → 3:00 am AEDT.
struct DaylightSavingTests {
    let words = TimeWords(now: utc("2026-04-04T01:00:00Z"))

    @Test(arguments: [
        ("2026-04-04T15:00:00Z", "2\u{202F}00 am"),  // AEDT
        ("2026-04-04T15:30:00Z", "2\u{202F}30 am"),  // AEDT, first 2:30
        ("2026-04-04T15:59:00Z", "2\u{202F}59 am"),  // AEDT
        ("2026-04-04T16:00:00Z", "2\u{202F}00 am"),  // AEST, clocks went back
        ("2026-04-04T16:30:00Z", "2\u{202F}30 am"),  // AEST, second 2:30
        ("2026-04-04T17:00:00Z", "3\u{202F}00 am"),  // AEST
        ("2026-10-03T15:00:00Z", "1\u{202F}00 am"),  // AEST
        ("2026-10-03T15:59:00Z", "1\u{202F}59 am"),  // AEST
        ("2026-10-03T16:00:00Z", "3\u{202F}00 am"),  // AEDT, 2 am skipped
        ("2026-10-03T16:30:00Z", "3\u{202F}30 am"),  // AEDT
    ])
    func clockAcrossChanges(instant: String, expected: String) {
        #expect(words.clock(utc(instant)) == expected)
    }

    @Test func untilCountsRealMinutesWhenClocksGoBack() {
        // 2:50 am AEDT → 2:10 am AEST is 20 real minutes, though the wall clock goes backwards.
        let words = TimeWords(now: utc("2026-04-04T15:50:00Z"))
        #expect(words.clock(words.now) == "2\u{202F}50 am")
        #expect(words.clock(utc("2026-04-04T16:10:00Z")) == "2\u{202F}10 am")
        #expect(words.until(utc("2026-04-04T16:10:00Z")) == "in 20 minutes")
        // First 2:30 am to second 2:30 am is an hour.
        let early = TimeWords(now: utc("2026-04-04T15:30:00Z"))
        #expect(early.until(utc("2026-04-04T16:30:00Z")) == "in 1 hour")
    }

    @Test func untilCountsRealMinutesWhenClocksGoForward() {
        // 1:50 am AEST → 3:10 am AEDT is 20 real minutes, though the wall clock says 80.
        let words = TimeWords(now: utc("2026-10-03T15:50:00Z"))
        #expect(words.clock(words.now) == "1\u{202F}50 am")
        #expect(words.until(utc("2026-10-03T16:10:00Z")) == "in 20 minutes")
        #expect(words.until(utc("2026-10-03T15:40:00Z")) == "departed")
    }

    @Test func delayAcrossChangeUsesRealTime() {
        let words = TimeWords(now: utc("2026-04-04T15:50:00Z"))
        // Scheduled 2:55 am AEDT, estimated 2:02 am AEST: seven real minutes late.
        let scheduled = utc("2026-04-04T15:55:00Z")
        let estimated = utc("2026-04-04T16:02:00Z")
        #expect(words.delay(scheduled: scheduled, estimated: estimated) == "delayed 7 minutes")
        #expect(words.minutesLate(scheduled: scheduled, estimated: estimated) == 7)
    }

    @Test func dateOnBothSidesOfAutumnChange() {
        #expect(words.date(utc("2026-04-04T12:59:00Z")) == "Saturday 4 April, 11\u{202F}59 pm")  // AEDT
        #expect(words.date(utc("2026-04-04T13:00:00Z")) == "Sunday 5 April, 12\u{202F}00 am")    // AEDT
        #expect(words.date(utc("2026-04-04T15:30:00Z")) == "Sunday 5 April, 2\u{202F}30 am")     // AEDT
        #expect(words.date(utc("2026-04-04T16:30:00Z")) == "Sunday 5 April, 2\u{202F}30 am")     // AEST
        #expect(words.date(utc("2026-04-05T13:59:00Z")) == "Sunday 5 April, 11\u{202F}59 pm")    // AEST
        #expect(words.date(utc("2026-04-05T14:00:00Z")) == "Monday 6 April, 12\u{202F}00 am")    // AEST
    }

    @Test func dateOnBothSidesOfSpringChange() {
        #expect(words.date(utc("2026-10-03T13:59:00Z")) == "Saturday 3 October, 11\u{202F}59 pm")  // AEST
        #expect(words.date(utc("2026-10-03T14:00:00Z")) == "Sunday 4 October, 12\u{202F}00 am")    // AEST
        #expect(words.date(utc("2026-10-03T15:59:00Z")) == "Sunday 4 October, 1\u{202F}59 am")     // AEST
        #expect(words.date(utc("2026-10-03T16:00:00Z")) == "Sunday 4 October, 3\u{202F}00 am")     // AEDT
        #expect(words.date(utc("2026-10-04T12:59:00Z")) == "Sunday 4 October, 11\u{202F}59 pm")    // AEDT
        #expect(words.date(utc("2026-10-04T13:00:00Z")) == "Monday 5 October, 12\u{202F}00 am")    // AEDT
    }

    @Test func yearRuleAcrossChange() {
        // DST start in 2027 is Sunday 3 October.
        #expect(words.date(utc("2027-10-02T16:00:00Z")) == "Sunday 3 October 2027, 3\u{202F}00 am")
        #expect(words.dayAndDate(utc("2026-10-03T16:00:00Z")) == "Sunday 4 October")
    }

    @Test func relativeDayAcrossTwentyFiveHourDay() {
        // Midday Saturday 4 April AEDT; Sunday 5 April has 25 hours.
        #expect(words.relativeDay(utc("2026-04-04T13:00:00Z")) == "tomorrow")  // 12\u{202F}00 am Sun AEDT
        #expect(words.relativeDay(utc("2026-04-05T13:59:00Z")) == "tomorrow")  // 11\u{202F}59 pm Sun AEST
        #expect(words.relativeDay(utc("2026-04-05T14:00:00Z")) == "Monday 6 April")
        #expect(words.isSameDay(utc("2026-04-04T13:00:00Z"), utc("2026-04-05T13:59:00Z")))
        #expect(!words.isSameDay(utc("2026-04-04T12:59:00Z"), utc("2026-04-04T13:00:00Z")))
    }

    @Test func yesterdayAcrossTwentyFiveHourDay() {
        // Midday Monday 6 April AEST; yesterday (Sunday 5 April) began at 12:00 am AEDT.
        let words = TimeWords(now: utc("2026-04-06T02:00:00Z"))
        #expect(words.relativeDay(utc("2026-04-04T13:00:00Z")) == "yesterday")
        #expect(words.relativeDay(utc("2026-04-05T13:59:00Z")) == "yesterday")
        #expect(words.relativeDay(utc("2026-04-05T14:00:00Z")) == "today")
        #expect(words.relativeDay(utc("2026-04-04T12:59:00Z")) == "Saturday 4 April")
    }

    @Test func relativeDayAcrossTwentyThreeHourDay() {
        // Midday Saturday 3 October AEST; Sunday 4 October has 23 hours.
        let words = TimeWords(now: utc("2026-10-03T02:00:00Z"))
        #expect(words.relativeDay(utc("2026-10-03T14:00:00Z")) == "tomorrow")  // 12\u{202F}00 am Sun AEST
        #expect(words.relativeDay(utc("2026-10-04T12:59:00Z")) == "tomorrow")  // 11\u{202F}59 pm Sun AEDT
        #expect(words.relativeDay(utc("2026-10-04T13:00:00Z")) == "Monday 5 October")
        #expect(words.relativeDay(utc("2026-10-02T13:59:00Z")) == "yesterday")
    }
}

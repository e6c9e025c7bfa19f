@testable import App
import Foundation
import PTV
import Testing

/// Works PTV dates from when it published them: the start their title names decides when they are on.
struct TitleStartTests {
    @Test(arguments: [
        // Real titles (disruptions-2023-12.json, BoardingTests) and their from_date.
        ("Belgrave and Lilydale lines: Buses replace trains on select sections from late January 2024", "2023-11-29T16:00:00Z",
         "2024-01-20T13:00:00Z", "late January 2024", false),
        ("Frankston line: Buses replace trains between Caulfield and Frankston from 8.30pm Friday 12 January", "2023-12-01T00:00:00Z",
         "2024-01-12T09:30:00Z", nil, true),
        ("Werribee line: Buses replace trains between Laverton and Werribee from first service Thursday 14 August to 8.30pm Friday 15 August",
         "2025-07-20T00:00:00Z", "2025-08-13T14:00:00Z", nil, false),
        ("Sunbury line: Coaches replace trains from mid March", "2026-01-05T00:00:00Z", "2026-03-10T13:00:00Z", "mid March", false),
        ("Craigieburn line: Buses replace trains from mid-February 2027", "2026-12-01T00:00:00Z", "2027-02-10T13:00:00Z", "mid February 2027", false),
    ])
    func aLaterDayInTheTitleIsTheStart(title: String, published: String, start: String, phrase: String?, clock: Bool) throws {
        let named = try #require(TitleStart(title, after: Recorded.at(published)))
        #expect(named.date == Recorded.at(start))
        #expect(named.phrase == phrase)
        #expect(named.hasClock == clock)
    }

    @Test(arguments: [
        // The same day as the dates: the dates keep their clock time.
        ("Route 11: Buses replace trams after 8pm on select nights from Sunday 3 December to Tuesday 5 December", "2023-12-03T10:00:00Z"),
        ("Multiple tram routes affected on New Year's Eve: Service changes from 4pm Sunday 31 December 2023 to 3am Monday 1 January 2024",
         "2023-12-31T05:00:00Z"),
        // A weekday that does not fall on the date is a misreading, not a start.
        ("Route 11: Buses replace trams from Monday 3 December", "2023-11-20T00:00:00Z"),
        // Not a day: the dates decide.
        ("Sandringham line: Buses replace trains from 8.30pm tonight", "2023-11-20T00:00:00Z"),
        ("CBD trams: Service changes due to rally from 11:30am to 5pm on Sunday 10 December 2023", "2023-12-10T00:30:00Z"),
        ("Merlynston Station: Car Park opening from Friday 17 November 2023", "2023-11-17T20:17:00Z"),
        ("Sandringham line: Buses replace trains this weekend", "2023-11-20T00:00:00Z"),
        // No such day.
        ("Upfield line: Buses replace trains from 31 February", "2023-12-05T00:00:00Z"),
        ("Upfield line: Buses replace trains from 0 March", "2023-12-05T00:00:00Z"),
        ("Upfield line: Buses replace trains from 13.30pm Friday 1 March", "2023-12-05T00:00:00Z"),
        // Earlier than the dates: the dates decide.
        ("Upfield line: Buses replace trains from Friday 1 December", "2023-12-05T00:00:00Z"),
    ])
    func noLaterDayNoStart(title: String, published: String) {
        #expect(TitleStart(title, after: Recorded.at(published)) == nil)
    }

    /// The real December 2023 list: the Belgrave and Lilydale works published in November for late January were said
    /// to be on now, and every Belgrave and Lilydale row would have said buses replace its train.
    @Test func worksPublishedEarlyAreSaidAsPlannedAndOnNoRowUntilTheyStart() throws {
        let now = Recorded.at("2023-12-10T02:00:00Z")
        let response = try PageFixtures.decode(DisruptionsResponse.self, "disruptions-2023-12")
        let page = DisruptionsPage(mode: nil, disruptions: Fetched(value: response, fetchedAt: now),
                                   context: Recorded.context(now, path: "/disruptions"))
        #expect(page.head.summary == "8 disruptions, 4 on now and 4 planned.")
        let works = try #require(page.groups.flatMap(\.items).first { $0.href == Paths.disruption(301008) })
        #expect(works.when == "Starts late January 2024, until further notice")
        #expect(works.first == "Buses replace trains on select sections, on the Belgrave and Lilydale lines, from late January 2024, until further notice.")
        let disruption = try #require(response.disruptions.first { $0.disruptionId == 301008 })
        #expect(ChangeWords.replacement(disruption, at: now) == nil)
        #expect(DisruptionNotes.when(disruption, at: now, words: TimeWords(now: now)) == "starts late January 2024")
        #expect(ChangeWords.replacement(disruption, at: Recorded.at("2024-01-25T02:00:00Z")) == "buses replace trains on select sections")
    }

    /// A named day with no clock time is said as a day, never with a made-up time.
    @Test func aNamedDayIsSaidWithoutAClock() throws {
        let now = Recorded.at("2023-12-01T01:00:00Z")
        let words = TimeWords(now: now)
        let start = try #require(TitleStart("Upfield line: Buses replace trains from Sunday 3 December", after: Recorded.at("2023-11-20T00:00:00Z")))
        let timing = DisruptionTiming.planned(from: start.date, until: nil, title: start)
        #expect(timing.words(words) == "Starts Sunday 3 December, until further notice")
        #expect(DisruptionSentence.start(start.date, title: start, words: words, on: true) == "on Sunday 3 December")
        #expect(DisruptionSentence.start(start.date, title: start, words: TimeWords(now: Recorded.at("2023-12-02T01:00:00Z")), on: false) == "tomorrow")
    }
}

import Foundation
import PTV
import Testing
@testable import App

/// Issue 31 item 5: a disruption's first sentence says what, where and until when, with relative dates.
struct DisruptionSentenceTests {
    /// Saturday 21 November 2026, 8:30 am in Melbourne.
    let words = TimeWords(now: Recorded.at("2026-11-20T21:30:00Z"))

    private func disruption(title: String, type: String, from: String?, to: String?, routes: String = "[]", stops: String = "[]") throws -> Disruption {
        let dates = [from.map { #""from_date": "\#($0)""# }, to.map { #""to_date": "\#($0)""# }].compactMap { $0 }.joined(separator: ", ")
        let json = #"{"disruption_id": 1, "title": "\#(title)", "disruption_type": "\#(type)", "description": "PTV's own words.", "routes": \#(routes), "stops": \#(stops)\#(dates.isEmpty ? "" : ", " + dates)}"#
        return try JSONDecoder().decode(Disruption.self, from: Data(json.utf8))
    }

    private func first(_ disruption: Disruption) -> String {
        DisruptionSentence.first(disruption, timing: DisruptionTiming(disruption, now: words.now), words: words)
    }

    @Test func replacementBusesUntilTheLastServiceOfADay() throws {
        // Ends 3 am Monday 30 November: the last service on Sunday 29 November.
        let works = try disruption(title: "Frankston line: Buses replace trains between Caulfield and Frankston this weekend",
                                   type: "Planned Works", from: "2026-11-27T09:30:00Z", to: "2026-11-29T16:00:00Z",
                                   routes: #"[{"route_type": 0, "route_id": 6, "route_name": "Frankston", "route_number": ""}]"#)
        #expect(first(works) == "Buses replace trains between Caulfield and Frankston, on the Frankston line, from 8\u{202F}30 pm on Friday 27 November, until the last service on Sunday 29 November.")
    }

    /// A replacement whose title names no "between" (a real December 2023 answer): the row's "on part of this line" is
    /// not said where the sentence names the lines, two of them here.
    @Test func replacementBusesWithoutBetweenAreNotOnThisLine() throws {
        let works = try disruption(title: "Belgrave and Lilydale lines: Buses replace trains", type: "Planned Works",
                                   from: "2026-11-20T20:00:00Z", to: nil,
                                   routes: #"[{"route_type": 0, "route_id": 2, "route_name": "Belgrave", "route_number": ""}, {"route_type": 0, "route_id": 9, "route_name": "Lilydale", "route_number": ""}]"#)
        #expect(first(works) == "Buses replace trains, on the Belgrave and Lilydale lines, until further notice.")
    }

    @Test func onNowUntilLaterTodayOrFurtherNotice() throws {
        let today = try disruption(title: "Route 86: Major delays", type: "Major Delays", from: "2026-11-20T20:00:00Z", to: "2026-11-21T04:00:00Z",
                                   stops: #"[{"stop_id": 2636, "stop_name": "Northcote Town Hall"}]"#)
        #expect(first(today) == "Major delays, at Northcote Town Hall, until 3\u{202F}00 pm today.")
        let open = try disruption(title: "Lift out of service", type: "Service Information", from: "2026-11-20T20:00:00Z", to: nil)
        #expect(first(open) == "Service information, until further notice.")
        let tomorrow = try disruption(title: "Works", type: "", from: nil, to: "2026-11-22T08:00:00Z")
        #expect(first(tomorrow) == "A disruption, until 7\u{202F}00 pm tomorrow.")
    }

    /// Works from a time to a time on one day say the day once, after both times; works that end the next morning, before
    /// the first service, end with the last service of their own day; works over two days name both.
    @Test func worksWithinOneDaySayTheDayOnce() throws {
        let day = try disruption(title: "Upfield line: Buses replace trains between North Melbourne and Upfield", type: "Planned Works",
                                 from: "2026-11-23T22:00:00Z", to: "2026-11-24T06:00:00Z")
        #expect(first(day) == "Buses replace trains between North Melbourne and Upfield, from 9\u{202F}00 am until 5\u{202F}00 pm on Tuesday 24 November.")
        let tonight = try disruption(title: "Route 86: Buses replace trams", type: "Planned Works", from: "2026-11-21T07:00:00Z", to: "2026-11-21T15:30:00Z")
        #expect(first(tonight) == "Buses replace trams, from 6\u{202F}00 pm until the last service today.")
        let twoDays = try disruption(title: "Route 96: Buses replace trams", type: "Planned Works", from: "2026-11-24T02:00:00Z", to: "2026-11-25T18:00:00Z")
        #expect(first(twoDays) == "Buses replace trams, from 1\u{202F}00 pm on Tuesday 24 November, until 5\u{202F}00 am on Thursday 26 November.")
    }

    @Test func theSentenceCarriesNoPunctuationAScreenReaderSays() throws {
        let works = try disruption(title: "Upfield line: Buses replace trains between North Melbourne and Upfield from 8:30 pm Saturday",
                                   type: "Planned Closure", from: "2026-11-28T09:30:00Z", to: "2026-11-28T17:00:00Z")
        let sentence = first(works)
        // Starting and ending on one service day, the day is said once.
        #expect(sentence == "Buses replace trains between North Melbourne and Upfield, from 8\u{202F}30 pm until the last service on Saturday 28 November.")
        #expect(!sentence.contains(where: { ":;()\"".contains($0) }))
    }
}

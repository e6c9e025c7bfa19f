@testable import App
import Foundation
import HTTPServer
import PTV
import PTVSimulator
import Testing
import TestSupport

/// A disruption PTV names on departures but leaves out of its expansion and its lists (the simulator's route 900
/// road works, `listed: false`) is asked for by its id in one bounded second round (`AppConfiguration.secondRound`): the first load
/// says it in full, as the second does; when PTV does not answer that question in time, the page says the disruption
/// exists and that Trakx has asked for it (never "could not be loaded", since nothing failed), and the next load says it.
struct DisruptionByIDTests {
    @Test func aDisruptionNamedButNotListedIsAskedForByItsIDAndSaidOnTheFirstLoad() async throws {
        try await TestApp.with { app in
            let first = try await app.page("/stops/bus/15206", status: 200).text.asHeard
            #expect(first.contains("Route 900, Stops closed near Chadstone for road works"), "\(first)")
            #expect(!first.contains("Trakx has asked PTV for"))
            #expect(!first.contains("could not be loaded"))
            let second = try await app.page("/stops/bus/15206", status: 200).text.asHeard
            #expect(second.contains("Route 900, Stops closed near Chadstone for road works"))
            let metrics = try await app.get("/metrics").text
            #expect(metrics.contains("trakx_ptv_upstream_requests_total{endpoint=\"disruption\",outcome=\"ok\"} 1"), "\(metrics)")
        }
    }

    /// With PTV not answering the disruption's own question, the first load waits no longer than the second round, says
    /// the disruption exists and was asked for, and is not kept; once PTV answers, the next load says it in full.
    @Test func aDisruptionPTVIsSlowToDescribeIsSaidAsAskedWithinTheSecondRound() async throws {
        try await TestApp.with(configure: TestApp.inService) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.hang, forPathPrefix: "/v3/disruptions/")
            let started = ContinuousClock.now
            let first = try await app.page("/stops/bus/15206", status: 200).text.asHeard
            let waited = started.duration(to: .now)
            #expect(waited < .seconds(4), "the page waited \(waited) for a disruption's text")
            #expect(first.contains("PTV names a disruption on the route 900 bus"), "\(first)")
            #expect(first.contains("Trakx has asked PTV for its details, which show when this page is loaded again."))
            #expect(!app.app.pages.isCurrent("/stops/bus/15206"), "a page saying a text was asked for is not kept")
        }
    }
    /// The services a disruption is on, as a board's list says them after its title: a tram or bus route mid-sentence
    /// ("on the route 86 tram", as the disruptions page says "on route 86 trams"), lines with the word said once.
    @Test func servicesAfterATitleReadMidSentence() {
        #expect(DisruptionNotes.lines(["Route 86 tram"]) == "route 86 tram")
        #expect(DisruptionNotes.lines(["Route 86 tram", "Route 96 tram"]) == "route 86 tram and route 96 tram")
        #expect(DisruptionNotes.lines(["Frankston line", "Sunbury line"]) == "Frankston and Sunbury lines")
        #expect(DisruptionNotes.lines(["Frankston line", "Route 19 tram"]) == "Frankston line and route 19 tram")
    }

    /// PTV's titles start with what they affect: the list does not say it again after them ("Sandringham line, Buses
    /// replace trains between Elsternwick and Sandringham, on the Sandringham line." was a second and a half longer).
    @Test(arguments: [
        ("Sandringham line: Buses replace trains between Elsternwick and Sandringham", ["Sandringham line"], true),
        ("Belgrave and Lilydale lines: Buses replace trains on select sections from late January 2024", ["Belgrave line", "Lilydale line"], true),
        ("Belgrave and Lilydale lines: Buses replace trains on select sections", ["Alamein line"], false),
        ("Glen Waverley line: Minor delays", ["Glen Waverley line"], true),
        ("Routes 232, 235 and 237: Temporary bus stop closures from 8pm", ["Route 235 bus"], true),
        ("Route 11: Buses replace trams after 8pm on select nights", ["Route 11 tram"], true),
        ("Route 11: Buses replace trams after 8pm on select nights", ["Route 1 tram"], false),
        ("Route 1, 5 and 16: Tram replacement buses between Domain Interchange and Toorak Road", ["Route 16 tram", "Route 5 tram"], true),
        ("Flagstaff Station: Lift between the concourse and platforms out of service", ["Frankston line"], false),
        ("Buses replace trains between Camberwell and Alamein", ["Alamein line"], false),
        ("Geelong line: Coaches replace trains", ["V Line Geelong line"], true),
    ])
    func aTitleThatNamesItsLinesIsNotFollowedByThemAgain(title: String, lines: [String], named: Bool) throws {
        #expect(DisruptionNotes.titleNames(lines, title) == named)
        let disruption = try JSONDecoder().decode(Disruption.self, from: Data(#"{"disruption_id": 5, "title": "\#(title)", "routes": [], "stops": []}"#.utf8))
        let notes = DisruptionNotes.read(named: lines.map { (ids: [5], line: $0) }, known: ["5": disruption], stopID: 1, stopOwn: [])
        #expect((notes.onLines.first?.detail == nil) == named, "\(notes.onLines)")
    }

    /// A title that ends its own sentence ("until further notice.") is followed by where it applies without a full
    /// stop in the middle: "... until further notice, on the route 862 bus." (a real Monash University board).
    @Test func aTitleWithAFullStopIsFollowedByWhereItApplies() throws {
        let json = #"{"disruption_id": 5, "title": "The myki machine at Chadstone is unavailable until further notice. ", "routes": [], "stops": []}"#
        let disruption = try JSONDecoder().decode(Disruption.self, from: Data(json.utf8))
        let onLine = DisruptionNotes.read(named: [(ids: [5], line: "Route 862 bus")], known: ["5": disruption], stopID: 33430, stopOwn: [])
        #expect(onLine.onLines.map { "\($0.name), \($0.detail ?? "")." }
            == ["The myki machine at Chadstone is unavailable until further notice, on the route 862 bus."])
        let atStop = DisruptionNotes.read(named: [], known: ["5": disruption], stopID: 33430, stopOwn: [5])
        #expect(atStop.atStop.map(\.name) == ["The myki machine at Chadstone is unavailable until further notice"])
    }

    /// Texts from an older copy are dated in one sentence after the list, which says how many of those listed it
    /// covers; a text PTV's own answer carried is never dated.
    @Test func olderTextsAreDatedForThoseTheyCover() throws {
        func disruption(_ id: Int) throws -> Disruption {
            try JSONDecoder().decode(Disruption.self, from: Data(#"{"disruption_id": \#(id), "title": "Works \#(id)", "routes": [], "stops": []}"#.utf8))
        }
        let known = ["1": try disruption(1), "2": try disruption(2), "3": try disruption(3)]
        let at = try #require(ISO8601DateFormatter().date(from: "2026-11-20T21:12:00Z"))  // 8 12 am in Melbourne
        let named = [(ids: [1, 2, 3], line: "Frankston line")]
        func dated(_ ids: Set<Int>) -> String? {
            DisruptionNotes.read(named: named, known: known, stopID: nil, stopOwn: [], dated: .init(ids: ids, at: at)).dated
        }
        let clock = TimeWords(now: at).clock(at)
        let after = " from \(clock). Trakx has asked PTV for newer ones, which show when this page is loaded again."
        #expect(dated([1, 2, 3]) == "These disruption details are" + after)
        #expect(dated([2]) == "The details of one of these disruptions are" + after)
        #expect(dated([1, 3]) == "The details of 2 of these disruptions are" + after)
        #expect(dated([9]) == nil, "a dated text not on the page is not said")
        #expect(DisruptionNotes.read(named: [(ids: [1], line: "Frankston line")], known: known, stopID: nil, stopOwn: [],
                                     dated: .init(ids: [1], at: at)).dated == "This disruption's details are" + after)
        #expect(DisruptionNotes.read(named: named, known: known, stopID: nil, stopOwn: []).dated == nil)
        #expect(clock.hasPrefix("8") && clock.hasSuffix("12 am"))
    }
}

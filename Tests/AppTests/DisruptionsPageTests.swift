@testable import App
import Foundation
import HTTPServer
import PTV
import Testing
import TestSupport

/// The disruptions list and one disruption, built from a `/v3/disruptions` answer (two recorded metro
/// disruptions, real-shaped tram and bus ones) at a fixed clock.
struct DisruptionsPageTests {
    func page(mode: RouteType? = nil) throws -> DisruptionsPage {
        DisruptionsPage(mode: mode, disruptions: try PageFixtures.fetched(DisruptionsResponse.self, "disruptions-mixed"),
                        context: PageFixtures.context(path: "/disruptions"))
    }

    func item(_ id: Int64) throws -> DisruptionSummary {
        try #require(try page().groups.flatMap(\.items).first { $0.href == Paths.disruption(id) })
    }

    @Test func statusComesFromTheDatesNotFromPTVsCurrentLabel() throws {
        // PTV labels these works "Current"; they start next Saturday.
        let works = try item(401001)
        #expect(works.timing == .planned(from: try #require(ISO8601DateFormatter().date(from: "2026-11-27T16:00:00Z")),
                                         until: ISO8601DateFormatter().date(from: "2026-11-29T12:59:00Z")))
        #expect(works.when == "Starts Saturday 28 November, 3\u{202F}00 am, until Sunday 29 November, 11\u{202F}59 pm")
        // Recorded: started in 2024 with no end, so it is on now; the other ended in 2024.
        #expect(try item(306628).when == "Now, until further notice")
        #expect(try item(261006).timing.rank == DisruptionTiming.ended(.now).rank)
        #expect(try item(401003).when == "Now, until Saturday 21 November, 12\u{202F}00 pm")
    }

    @Test func onNowFirstThenPlannedEachInSeverityOrder() throws {
        let trams = try #require(try page().groups.first { $0.id == "metro_tram" })
        // Major delays (on now), minor delays (on now), then the planned works labelled "Current".
        #expect(trams.items.map(\.href) == [401003, 401002, 401001].map(Paths.disruption))
        #expect(trams.heading == "Trams, 3")
        let trains = try #require(try page().groups.first { $0.id == "metro_train" })
        #expect(trains.items.map(\.href) == [306628, 261006].map(Paths.disruption))
        #expect(try page().head.summary == "6 disruptions, 3 on now, 2 planned and 1 ended.")
    }

    /// A real `/v3/disruptions` answer (December 2023, metro trains, trams and buses), on the Sunday of its tram rally:
    /// works that take only some nights say so in the first sentence, and PTV's own sentences read as meant.
    @Test func aRealListSaysWorksLimitedToSomeNightsAndPTVsSentencesAsMeant() throws {
        let now = Recorded.at("2023-12-10T02:00:00Z")
        let response = try PageFixtures.decode(DisruptionsResponse.self, "disruptions-2023-12")
        let page = DisruptionsPage(mode: nil, disruptions: Fetched(value: response, fetchedAt: now),
                                   context: Recorded.context(now, path: "/disruptions"))
        let items = page.groups.flatMap(\.items)
        #expect(page.head.summary == "8 disruptions, 4 on now and 4 planned.")
        // "Buses replace trams, on route 11 trams, ..." was said at 1 pm, when the trams ran until 8 pm.
        let route11 = try #require(items.first { $0.href == Paths.disruption(299571) })
        #expect(route11.first.hasPrefix("Buses replace trams after 8pm on select nights, on route 11 trams"), "\(route11.first)")
        let belgrave = try #require(items.first { $0.href == Paths.disruption(302274) })
        #expect(belgrave.description?.contains("at Belgrave Station. From Saturday 9 December") == true)
        #expect(belgrave.description?.hasSuffix("ground level of the car park.") == true)
    }

    /// PTV links most live incidents to its page of every update, not to a page of their own.
    @Test func aLinkToPTVsGeneralUpdatesIsNotCalledThisDisruptionsPage() throws {
        let response = try PageFixtures.decode(DisruptionsResponse.self, "disruptions-2023-12")
        let route11 = try #require(response.disruptions.first { $0.disruptionId == 299571 })
        let page = DisruptionPage(route11, fetched: Fetched(value: 0, fetchedAt: PageFixtures.now), context: PageFixtures.context())
        #expect(page.ptvLink?.name == "Read this disruption on the PTV website")
        #expect(page.ptvLink?.href.hasPrefix("http://ptv.vic.gov.au/live-travel-updates/article/route-11-") == true)
        #expect(DisruptionPage.ptvLink("http://ptv.vic.gov.au/live-travel-updates/")?.name == "Live travel updates on the PTV website")
        #expect(DisruptionPage.ptvLink("https://www.ptv.vic.gov.au/live-travel-updates")?.name == "Live travel updates on the PTV website")
        #expect(DisruptionPage.ptvLink("https://www.ptv.vic.gov.au/")?.name == "Live travel updates on the PTV website")
        #expect(DisruptionPage.ptvLink("javascript:alert(1)") == nil)
    }

    @Test func titleRepeatedAsDescriptionIsReadOnce() throws {
        #expect(try item(401001).description == nil)
        #expect(try item(401002).description == "Route 86 trams are running with minor delays due to an earlier traffic incident.")
    }

    @Test func affectsNamesTheModeOnce() throws {
        #expect(try item(401001).affects == "routes 1, 5 and 16 trams")
        #expect(try item(306628).affects == nil)
    }

    @Test func busRouteCutMidBracketReadsAsItsNumber() throws {
        #expect(try item(402001).affects == "route 737 buses")
        let disruption = try #require(try PageFixtures.decode(DisruptionsResponse.self, "disruptions-mixed").disruptions.first { $0.disruptionId == 402001 })
        let detail = DisruptionPage(disruption, fetched: Fetched(value: 0, fetchedAt: PageFixtures.now), context: PageFixtures.context())
        #expect(detail.lines == [Link("Route 737 bus", href: "/lines/bus/13025")])
        #expect(!detail.lines.contains { $0.name.contains("(") })
    }

    @Test func modeFilterUsesTheStopPagesWordsAndOffersEveryMode() throws {
        let trams = try page(mode: .tram)
        #expect(trams.groups.map(\.id) == ["metro_tram"])
        #expect(trams.head.heading == "Disruptions, Trams")
        #expect(trams.allURL == "/disruptions")
        #expect(trams.filters.map(\.link.href) == ["train", "tram", "bus", "vline", "night-bus"].map { "/disruptions?mode=\($0)" })
        #expect(trams.filters.filter(\.current).map(\.link.name) == ["Trams"])
        #expect(try page().allURL == nil)
        #expect(try Params.mode("night-bus") == .nightBus)
        #expect(throws: HTTPError.self) { try Params.mode("metro_tram") }
    }

    @Test func detailPageLinksEveryLineOnce() throws {
        let disruption = try #require(try PageFixtures.decode(DisruptionsResponse.self, "disruptions-mixed").disruptions.first { $0.disruptionId == 401001 })
        let page = DisruptionPage(disruption, fetched: Fetched(value: 0, fetchedAt: PageFixtures.now), context: PageFixtures.context())
        #expect(page.lines.map(\.name) == ["Route 1 tram", "Route 5 tram", "Route 16 tram"])
        #expect(page.item.description == nil)
        #expect(page.head.chrome.title.text == "Route 1, 5 and 16, Tram replacement buses between Domain Interchange and Toorak Road from Saturday 28 November")
    }

    /// PTV titles a disruption "Place: what"; Orca at its default punctuation said "Flagstaff Station colon Lift …" in
    /// the gate. The lists, the board's notes and the disruption's own page say it with a comma, every word kept.
    @Test func ptvsTitlesAreSaidWithoutTheColonAScreenReaderReadsOut() throws {
        #expect(try item(261006).title == "Flinders Street Station, Temporary pedestrian access changes from Saturday 30 April 2022 to 2024")
        #expect(try item(401002).title == "Route 86, Minor delays")
        let html = String(decoding: try Templates(directory: repositoryRoot + "/Templates").render(page(), template: "disruptions").body,
                          as: UTF8.self)
        #expect(html.contains("Watsonia Station, Temporary car park closures"))
        #expect(HeardText.saidPunctuation(HeardText.of(html), exempt: PTVWords(text: "")) == [])
    }
}

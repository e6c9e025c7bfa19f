@testable import App
import Foundation
import PTV
import Testing

/// Search from a real-shaped answer with PTV's bus oddities: a name cut mid-bracket with `route_number` "",
/// and a code name ("D15-… (Ret)").
struct SearchPageTests {
    func page() throws -> SearchPage {
        SearchPage(query: "glen", result: try PageFixtures.fetched(SearchResponse.self, "search-bus-oddities"),
                   context: PageFixtures.context(path: "/search?q=glen"))
    }

    @Test func busRoutesReadAsTheirNumbersWithTidyNames() throws {
        let lines = try page().lines
        #expect(lines.map(\.name) == ["Route 737 bus", "Route D15 bus", "Glen Waverley line"])
        #expect(lines[0].detail == "Monash University to Croydon via Glen Waverley")
        #expect(lines[1].detail == "D15, Dromana Secondary College to Rosebud, return")
        // A train line's link already says its name.
        #expect(lines[2].detail == nil)
        #expect(!lines.contains { ($0.detail ?? "").contains("(Route") })
        #expect(lines.map(\.href) == ["/lines/bus/13025", "/lines/bus/15001", "/lines/train/7"])
    }

    @Test func countsUseOnePluralHelper() throws {
        let search = try page()
        #expect(search.head.summary == "1 stop and 3 lines match glen.")
        #expect(search.stops == [Link("Glen Waverley Station at Coleman Parade", href: "/stops/bus/13001", detail: "Bus, Glen Waverley")])
        #expect(search.head.chrome.title.text == "Search results for glen")
        #expect(!SearchPage(context: PageFixtures.context()).searched)
    }
}

import App
import Foundation
import Testing
import TestSupport

/// What every row shares said once, and what Orca 43 tripped on said once and in order (issue 55 items 2 and 3), on
/// the rendered pages.
struct SaidOnceTests {
    /// Each departure link's `aria-label` on a board.
    private func labels(_ html: String) -> [String] {
        html.matches(of: #/<p class="departure[^"]*"><a href="[^"]+" aria-label="([^"]+)"/#).map { String($0.1) }
    }

    @Test func aBoardInTimeOrderSaysALineNamedAfterWhereItGoesOnceAndWhenWhereAndWhichPlatformAsOnePhrase() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/stops/train/1071").text
            let rows = labels(html)
            #expect(rows.count > 6)
            // "Frankston line to Frankston" said the place twice: "to Frankston", then when and from which platform.
            #expect(rows.allSatisfy { !$0.contains(#/\b([A-Z][a-z]+(?: [A-Z][a-z]+)?) line to \1\b/#) }, "\(rows)")
            #expect(rows.contains { $0.contains(#/^\d{1,2}\x{202F}\d{2} (am|pm) to [A-Z][A-Za-z ]+ (now|in \d+ minutes?) from platform \d+/#) }, "\(rows)")
            // The summary still names the line.
            #expect(html.asHeard.contains(#/Next, [A-Z][a-z]+( [A-Z][a-z]+)? line, /#))
        }
    }

    @Test func aLinesRowsLeaveItsNameToItsHeadingAndNameItAsTheirDescription() async throws {
        try await TestApp.with { app in
            // A tram stop served by one or two routes is grouped by line.
            let tram = try await app.get("/stops/tram/2218").text
            let groups = tram.matches(of: #/<h2 id="(group-\d+)">([^<]+)</h2>/#).map { (String($0.1), String($0.2)) }
            try #require(!groups.isEmpty, "a grouped board")
            for (id, caption) in groups {
                let rows = tram.matches(of: try Regex("aria-label=\"([^\"]+)\" aria-describedby=\"\(id)\"")).map { String($0.output[1].substring ?? "") }
                #expect(!rows.isEmpty, "\(caption)")
                #expect(rows.allSatisfy { !$0.contains(caption) }, "\(rows)")
            }
        }
    }

    @Test func alertSectionsHaveNoEmptyStatusAndNameWhatTheyAreWithout() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/stops/train/1071").text
            try #require(html.contains("data-alerts-status"), "the board offers alerts")
            // An empty role=status is read "statusbar." by Orca: the script's outcome goes in a plain polite region.
            #expect(!html.contains(#/role="status"[^>]*>\s*</#))
            #expect(html.contains("<div data-alerts-status aria-live=\"polite\"></div>"))
            // Said after the script's failure sentence ("No alert was set."), "them" had nothing to refer to.
            #expect(!html.contains("Without them"))
            #expect(html.contains("Without alerts on this phone, the departures on this page still say"))
        }
    }

    @Test func theLowFloorButtonsHintSaysWhatItDoesAndThatTheChoiceIsKept() async throws {
        try await TestApp.with { app in
            let tram = try await app.get("/stops/tram/2218").text
            let hint = try #require(tram.firstMatch(of: #/<span id="low-floor-hint" class="meta">([^<]+)</span>/#)).1
            #expect(!hint.hasPrefix("Say"))
            #expect(hint.contains("remembers the choice"))
        }
    }

    @Test(arguments: ["/walk/train/1071", "/nearby"])
    func aFieldsHintComesAfterItAndIsHeardInWords(path: String) async throws {
        try await TestApp.with { app in
            let html = try await app.get(path).text
            for id in ["lat", "lon"] {
                let input = try #require(html.range(of: "<input type=\"text\" inputmode=\"decimal\" id=\"\(id)\""), "\(path) \(id)")
                let hint = try #require(html.range(of: "<p class=\"hint\" id=\"\(id)-hint\">"), "\(path) \(id)-hint")
                #expect(input.lowerBound < hint.lowerBound, "\(path): the \(id) hint comes before its field")
            }
            // Heard: no minus sign or decimal point ("For example minus 37 .8183"); seen: the number as typed.
            let heard = String(try #require(html.asHeard.firstMatch(of: #/<p class="hint" id="lat-hint">(.*?)</p>/#)).1)
            #expect(HeardText.withoutTags(heard) == "For example minus 37 point 8 1 8 3, south of the equator.")
            #expect(html.contains("<span aria-hidden=\"true\">-37.8183</span>"))
        }
    }

    @Test func theDisruptionsFilterIsNamedOnceAndItsLinksAreAList() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/disruptions").text
            let nav = String(try #require(html.firstMatch(of: #/<nav aria-labelledby="filters-label">.*?</nav>/#.dotMatchesNewlines())).0)
            // Its name is the words the eye reads, given to the ear once (as the landmark's name), not a heading too.
            #expect(nav.contains("<span id=\"filters-label\" aria-hidden=\"true\">Show only</span>"))
            #expect(!nav.contains("<h2"))
            #expect(nav.contains("<ul class=\"nav-list\"><li><a href=\"/disruptions?mode=train\">"))
            #expect(!nav.contains("</a>, "))
        }
    }

    @Test func aPointIsTitledAfterAStopOnlyWhenTheStopIsAtIt() async throws {
        try await TestApp.with { app in
            let all = try await app.get("/nearby?lat=-37.8183&lon=144.9671").text
            #expect(all.contains("<title>Stops near Flinders Street Station, Trakx</title>"))
            // The nearest bus stop is hundreds of metres away: the page is titled by its heading, not after it.
            let buses = try await app.get("/nearby?lat=-37.8183&lon=144.9671&mode=bus").text
            let title = String(try #require(buses.firstMatch(of: #/<title>([^<]+)</title>/#)).1)
            #expect(!title.hasPrefix("Stops near "), "\(title)")
            #expect(title.contains(#/^\d+ bus stops? within /#), "\(title)")
        }
    }
}

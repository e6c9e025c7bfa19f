@testable import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// Door to door, on a real server and the simulator: paired stops told apart by which way their services leave
/// (nearby, search, favourites, stop page), and the walking page without JavaScript.
@Suite(.serialized)
struct DoorTests {
    static let west = "towards Clifton Hill and Elwood, heading west"
    static let east = "towards Elsternwick and Monash University, heading east"

    /// The page at `path` once it says `words`: a route PTV has not yet described is learnt while the page waits at
    /// most `StopWays.deadline`, and on a loaded machine the next view is the one that says it.
    func eventually(_ app: TestApp, _ path: String, says words: String, browser: Browser? = nil) async throws -> String {
        var html = ""
        for _ in 0 ..< 20 {
            if let browser { html = try await browser.get(path).text } else { html = try await app.page(path, status: 200).text }
            if html.contains(words) { break }
            await app.app.backgroundWorkSettled()
        }
        return html
    }

    /// The text of the list item linking to `href`.
    func row(_ html: String, _ href: String) -> String? {
        html.components(separatedBy: "<li").first { $0.contains("href=\"\(href)\"") }
    }

    /// On a fresh instance, the first load tells two stops sharing a name apart (their routes asked in a bounded second
    /// round), as the second load does.
    @Test func nearbyTellsTheTwoSidesOfTheRoadApart() async throws {
        try await TestApp.with { app in
            let html = try await app.page("/nearby?lat=-37.8843&lon=144.9982&mode=bus", status: 200).text
            let south = try require_(row(html, "/stops/bus/10639"), "row for 10639")
            let north = try require_(row(html, "/stops/bus/10640"), "row for 10640")
            #expect(south.contains("Hotham Street at Glen Huntly Road") && north.contains("Hotham Street at Glen Huntly Road"))
            #expect(south.contains(Self.west), "\(south)")
            #expect(north.contains(Self.east), "\(north)")
            // Each row links to walking there from the point the list was measured from.
            #expect(south.contains("href=\"/walk/bus/10639?lat=-37.8843&amp;lon=144.9982\""))
        }
    }

    @Test func searchStopPageAndFavouritesSayWhichWay() async throws {
        try await TestApp.with { app in
            let search = try await eventually(app, "/search?q=Hotham", says: Self.east)
            #expect(try require_(row(search, "/stops/bus/10639")).contains(Self.west))
            #expect(try require_(row(search, "/stops/bus/10640")).contains(Self.east))
            let stop = try await eventually(app, "/stops/bus/10640", says: "heading east.</p>")
            #expect(stop.contains("<p class=\"fact\" id=\"way\">Buses from here go towards"))
            #expect(stop.contains("heading east.</p>"))
            #expect(stop.contains("<a href=\"/walk/bus/10640\">Walk to this stop</a>"))
            let session = try await app.session()
            let added = try await app.post("/favourites", form: [("mode", "bus"), ("stop_id", "10639"), ("return", "/favourites")],
                                           session: session)
            #expect(added.status == 303)
            let favourites = try await eventually(app, "/favourites", says: "Buses from here go", browser: session)
            #expect(favourites.contains("Buses from here go \(Self.west)."))
        }
    }

    @Test func aListAsksPTVAboutOnlyAFewNewRoutes() async throws {
        try await TestApp.with { app in
            // Near Flinders Street no two listed stops share a name: nothing is asked.
            _ = try await app.page("/nearby?lat=-37.8183&lon=144.9671", status: 200)
            #expect(count(try await app.get("/metrics").text, "directions") == 0)
            // Stops in Melbourne City: six tram and bus routes.
            let query = "/search?q=Melbourne"
            _ = try await app.page(query, status: 200)
            await app.app.backgroundWorkSettled()
            let first = try await app.get("/metrics").text
            #expect(count(first, "directions") == StopWays.listBudget)
            #expect(count(first, "stops_on_route") == 2 * StopWays.listBudget)
            // Later views learn the rest, a few at a time, then ask nothing new.
            var routes = StopWays.listBudget
            for _ in 0 ..< 6 {
                _ = try await app.page(query, status: 200)
                await app.app.backgroundWorkSettled()
                let now = count(try await app.get("/metrics").text, "directions")
                #expect(now - routes <= StopWays.listBudget)
                routes = now
            }
            _ = try await app.page(query, status: 200)
            #expect(count(try await app.get("/metrics").text, "directions") == routes)
            #expect(routes > StopWays.listBudget)
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func aStopPageDoesNotWaitForAHangingRouteQuestion() async throws {
        try await TestApp.with(configure: { $0.upstreamTimeout = 15 }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.hang, forPathPrefix: "/v3/directions")
            let (page, ms) = try await milliseconds { try await app.get("/stops/bus/10639") }
            #expect(page.status == 200)
            #expect(ms < 3_500, "took \(ms) ms")
            #expect(!page.text.contains("id=\"way\""))
            simulator.faults.clear()
        }
    }

    /// PTV not answering which way routes go: the nearby page waits no longer than its second round, and the two stops
    /// sharing a name say that it could not be checked, never nothing.
    @Test(.timeLimit(.minutes(2)))
    func pairedStopsWhoseWaysPTVDoesNotTellSaySo() async throws {
        try await TestApp.with(configure: { $0.upstreamTimeout = 15; TestApp.inService(&$0) }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.hang, forPathPrefix: "/v3/directions")
            let (page, ms) = try await milliseconds { try await app.get("/nearby?lat=-37.8843&lon=144.9982&mode=bus") }
            #expect(page.status == 200)
            #expect(ms < 4_000, "took \(ms) ms")
            for stop in ["/stops/bus/10639", "/stops/bus/10640"] {
                let row = try require_(row(page.text, stop), "row for \(stop)")
                #expect(row.contains(NearbyRow.wayUnchecked), "\(row)")
            }
            simulator.faults.clear()
        }
    }

    /// Upstream requests sent for `endpoint`, from `/metrics`.
    func count(_ metrics: String, _ endpoint: String) -> Int {
        let prefix = "trakx_ptv_upstream_requests_total{endpoint=\"\(endpoint)\",outcome=\"ok\"} "
        return metrics.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }

    @Test func theWalkPageSaysWhereTheStopIsAndHowFarFromAStart() async throws {
        try await TestApp.with { app in
            // Which way the stop's services leave is learnt on a first visit and said from the next.
            for path in ["/walk/bus/10639", "/walk/bus/10640"] { _ = try await app.get(path) }
            await app.app.backgroundWorkSettled()
            let plain = try await app.page("/walk/bus/10639", status: 200).text
            #expect(plain.contains("<h1>Walk to Hotham Street at Glen Huntly Road</h1>"))
            #expect(plain.contains("This bus stop is on Glen Huntly Road at Hotham Street, on the south side of the road."))
            // Heard as sentences, seen as a label and its value (issue 55).
            #expect(plain.asHeard.contains("<p class=\"fact\">Cross street, Hotham Street.</p>"))
            #expect(plain.asHeard.contains("<p class=\"fact\">Services, Buses 246 and 630.</p>"))
            #expect(SeenText.of(plain).contains("Cross street: Hotham Street"))
            #expect(SeenText.of(plain).contains("Services: Buses 246 and 630"))
            #expect(plain.contains("data-stop-lat=\"-37.8844\" data-stop-lon=\"144.998\""))
            #expect(plain.contains("/static/js/walk.js"))
            #expect(plain.contains("not a walking route"))
            let other = try await app.page("/walk/bus/10640", status: 200).text
            #expect(other.contains("on the north side of the road."))
            // 250 m east of the stop, and from a place name.
            let fromPoint = try await app.page("/walk/bus/10639?lat=-37.8844&lon=145.00084", status: 200).text
            #expect(fromPoint.contains("The stop is 250 metres west of the point you gave, in a straight line."), "\(fromPoint)")
            #expect(fromPoint.contains("<h1>Walk 250 metres west to Hotham Street at Glen Huntly Road</h1>"))
            let fromPlace = try await app.page("/walk/bus/10639?place=Elsternwick%20Station", status: 200).text
            #expect(fromPlace.contains("of Elsternwick Station, in a straight line."))
            let station = try await app.page("/walk/train/1071", status: 200).text
            #expect(station.asHeard.contains("<p class=\"fact\">Landmark, Federation Square.</p>"))
            #expect(SeenText.of(station).contains("Landmark: Federation Square"))
            #expect(!station.contains("side of the road"))
        }
    }

    @Test func theWalkPageRefusesWhatItCannotUse() async throws {
        try await TestApp.with { app in
            let bad = try await app.page("/walk/bus/10639?lat=abc&lon=145", status: 400).text
            #expect(bad.contains("<title>Error, Walk to"))
            #expect(bad.contains("href=\"#lat\""))
            let unknown = try await app.page("/walk/bus/10639?place=zzqqxx", status: 400).text
            #expect(unknown.contains("href=\"#place\""))
            _ = try await app.page("/walk/bus/99999999", status: 404)
            #expect(try await app.get("/walk/boat/1").status == 400)
        }
    }
}

@testable import App
import Foundation
import HTTPServer
import PTV
import Testing
import TestSupport

/// The line page from real-shaped answers for route 86: stops with and without `direction_id`, and its
/// disruptions fetched, empty, or failed.
struct LinePageTests {
    func page(stops: String, disruptions: DisruptionsResponse?, now: Date = PageFixtures.now) throws -> LinePage {
        let route = try #require(try PageFixtures.decode(RouteResponse.self, "route-86").route)
        let directions = try PageFixtures.decode(DirectionsResponse.self, "directions-86").directions
        let disruptionsAsked = disruptions.map { Evidence(.disruptions, Fetched(value: $0, fetchedAt: PageFixtures.now)) }
            ?? Evidence(.disruptions, outcome: .failed(.timedOut))
        return LinePage(route: route, directions: directions, chosen: directions[1],
                        stops: Evidence(.stopsOnRoute, try PageFixtures.fetched(StopsOnRouteResponse.self, stops)),
                        disruptions: disruptionsAsked, context: Recorded.context(now, path: "/lines/tram/1881"))
    }

    var none: DisruptionsResponse { get throws { try PageFixtures.decode(DisruptionsResponse.self, "disruptions-none") } }

    /// PTV lists a line's planned and ended disruptions beside those on now: each not on now says when (at 8 30 am on
    /// Saturday 21 November 2026), and one on now says no time.
    @Test func aDisruptionNotOnNowSaysWhen() throws {
        let mixed = try PageFixtures.decode(DisruptionsResponse.self, "disruptions-mixed")
        let line = try page(stops: "stops-on-route-86-direction-21", disruptions: mixed)
        let said = Dictionary(uniqueKeysWithValues: line.disruptions.map { ($0.href, $0.detail) })
        let at = TimeWords.clockSpace
        #expect(said["/disruptions/401001"] == "starts 3\(at)00 am on Saturday 28 November")
        #expect(said["/disruptions/402001"] == "starts 9\(at)00 pm today")
        #expect(said["/disruptions/261006"] == "ended 3\(at)00 am on Tuesday 31 December 2024")
        #expect(said["/disruptions/401002"] == .some(nil))
        #expect(said["/disruptions/306628"] == .some(nil))
        #expect(line.disruptions.allSatisfy { !$0.name.hasSuffix(".") || $0.detail == nil })
    }

    /// Works on now that replace the line's services are said before its stops, in PTV's other wording too ("Tram
    /// replacement buses between ..."); planned ones only in the list, with when they start.
    @Test func worksOnNowAreSaidBeforeTheStops() throws {
        let mixed = try PageFixtures.decode(DisruptionsResponse.self, "disruptions-mixed")
        #expect(try page(stops: "stops-on-route-86-direction-21", disruptions: mixed).works == nil, "the works start on the 28th")
        let during = try page(stops: "stops-on-route-86-direction-21", disruptions: mixed, now: Recorded.at("2026-11-28T03:00:00Z"))
        #expect(during.works == "Buses replace trams between Domain Interchange and Toorak Road.")
        let html = String(decoding: try Templates(directory: repositoryRoot + "/Templates").render(during, template: "line").body, as: UTF8.self)
        let said = try #require(html.range(of: "Buses replace trams between Domain Interchange and Toorak Road."))
        let firstStop = try #require(html.range(of: "class=\"pattern\""))
        #expect(said.lowerBound < firstStop.lowerBound)
    }

    /// A station named for its suburb is not followed by the suburb again ("Armadale Station, Armadale" on every
    /// stop of a train line); a stop elsewhere keeps it (PTV's suburbs end in a space).
    @Test func aStationNamedForItsSuburbSaysItOnce() throws {
        let json = #"{"stops": [{"stop_id": 1008, "stop_name": "Armadale Station ", "stop_suburb": "Armadale ", "route_type": 0, "stop_sequence": 1},"#
            + #"{"stop_id": 1071, "stop_name": "Flinders Street Station", "stop_suburb": "Melbourne City ", "route_type": 0, "stop_sequence": 2},"#
            + #"{"stop_id": 2636, "stop_name": "Northcote Town Hall/High St #33 ", "stop_suburb": "Northcote ", "route_type": 1, "stop_sequence": 3}],"#
            + #""status": {"version": "3.0", "health": 1}}"#
        let stops = try JSONDecoder().decode(StopsOnRouteResponse.self, from: Data(json.utf8))
        let route = try #require(try PageFixtures.decode(RouteResponse.self, "route-86").route)
        let line = LinePage(route: route, directions: [], chosen: nil, stops: Evidence(.stopsOnRoute, Fetched(value: stops, fetchedAt: PageFixtures.now)),
                            disruptions: Evidence(.disruptions, outcome: .notAsked), context: PageFixtures.context(path: "/lines/train/11"))
        #expect(line.stops.map(\.name) == ["Armadale Station", "Flinders Street Station", "Northcote Town Hall at High Street, stop 33"])
        #expect(line.stops.map(\.detail) == [nil, "Melbourne City", "Northcote"])
    }

    @Test func withADirectionStopsAreInTravelOrder() throws {
        let line = try page(stops: "stops-on-route-86-direction-21", disruptions: try none)
        #expect(line.ordered)
        #expect(line.stops.map(\.name) == [
            "Bundoora RMIT at Plenty Road, stop 71", "Northcote Town Hall at High Street, stop 33",
            "Clifton Hill Interchange at Queens Parade, stop 29", "Bourke Street Mall at Swanston Street, stop 5",
            "Docklands Drive at Waterfront City, stop 124",
        ])
        #expect(line.head.summary == "5 stops, in order towards Waterfront City Docklands.")
        #expect(line.head.heading == "Route 86 tram towards Waterfront City Docklands")
        #expect(line.directions == [Link("Stops towards Bundoora RMIT", href: "/lines/tram/1881?direction=20")])
    }

    @Test func withoutAnOrderTheyAreNotSaidToBeInOrder() throws {
        let line = try page(stops: "stops-on-route-86-no-direction", disruptions: try none)
        #expect(!line.ordered)
        #expect(!line.head.summary.contains("in order"))
        #expect(line.head.summary == "5 stops towards Waterfront City Docklands, listed alphabetically, as PTV did not give their order.")
        #expect(line.stops.map(\.name) == line.stops.map(\.name).sorted())
    }

    @Test func aFailedDisruptionsCheckIsNeverAnAllClear() throws {
        let failed = try page(stops: "stops-on-route-86-direction-21", disruptions: nil)
        #expect(failed.disruptionsUnavailable == "Disruptions on this line could not be checked just now, because PTV did not answer in time.")
        #expect(failed.disruptions.isEmpty)
        let clear = try page(stops: "stops-on-route-86-direction-21", disruptions: try none)
        #expect(clear.disruptionsUnavailable == nil)
        #expect(clear.disruptions.isEmpty)
        let some = try page(stops: "stops-on-route-86-direction-21",
                            disruptions: try PageFixtures.decode(DisruptionsResponse.self, "disruptions-mixed"))
        #expect(some.disruptionsUnavailable == nil)
        #expect(some.disruptions.contains(Link("Route 86, Minor delays", href: "/disruptions/401002")))
    }

    @Test func noSuchLineNamesTheRouteNumberRidersKnow() throws {
        let route = try #require(try PageFixtures.decode(RouteResponse.self, "route-86").route)
        let wrongMode = LinePage.notFound(.bus, route: route)
        #expect(wrongMode == "Route 86 is a tram line, not a bus line.")
        #expect(!wrongMode.contains("1881"))
        let missing = LinePage.notFound(.tram, route: nil)
        #expect(!missing.contains { $0.isNumber })
    }

    @Test func hasOrderNeedsDistinctSequences() {
        #expect(!LinePage.hasOrder([Stop(stopId: 1), Stop(stopId: 2)]))
        #expect(LinePage.hasOrder([Stop(stopId: 1, stopSequence: 2), Stop(stopId: 2, stopSequence: 1)]))
        #expect(LinePage.hasOrder([Stop(stopId: 1)]))
    }
}

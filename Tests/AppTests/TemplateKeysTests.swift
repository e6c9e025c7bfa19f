import Foundation
import Mustache
import PTV
import Storage
import Testing
@testable import App

/// View models with direct key lookup (`MustacheParent`) must answer for every stored property, or a
/// template would silently render nothing for the one that was missed.
struct TemplateKeysTests {
    /// The stored properties `value` has that its `child(named:)` does not answer for (nil values are skipped).
    func unreachable(_ value: some MustacheParent) -> [String] {
        Mirror(reflecting: value).children.compactMap { child -> String? in
            guard let label = child.label else { return nil }
            if case Optional<Any>.none = child.value as Any? { return nil }
            let mirror = Mirror(reflecting: child.value)
            if mirror.displayStyle == .optional, mirror.children.isEmpty { return nil }
            return value.child(named: label) == nil ? label : nil
        }
    }

    /// Every model reachable from `value` (through stored properties, optionals and the first of each list) that
    /// does not answer template keys directly, or misses one of its stored properties: "path: Type" or "path.key".
    func missing(_ value: Any, at path: String) -> [String] {
        var seen = Set<String>()
        return missing(value, at: path, seen: &seen)
    }

    private func missing(_ value: Any, at path: String, seen: inout Set<String>) -> [String] {
        if value is String || value is Int || value is Double || value is Bool || value is Date { return [] }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection, .set:
            return mirror.children.first.map { missing($0.value, at: path, seen: &seen) } ?? []
        case .struct:
            // Storage's types are carried, never rendered (a summary's `FavouriteKey`).
            let name = String(reflecting: type(of: value))
            guard !name.hasPrefix("Storage."), seen.insert(name).inserted else { return [] }
            guard let parent = value as? any MustacheParent else { return ["\(path): \(type(of: value))"] }
            return unreachable(parent).map { "\(path).\($0)" } + mirror.children.flatMap { child in
                child.label.map { missing(child.value, at: "\(path).\($0)", seen: &seen) } ?? []
            }
        default:
            return []
        }
    }

    @Test func stopPageModelsAnswerForEveryStoredProperty() throws {
        let departures = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let now = Recorded.at("2024-04-25T01:20:00Z")
        let context = Recorded.context(now, path: "/stops/train/1099")
        var page = try #require(StopPage(type: .train, stopID: 1099, departures: Fetched(value: departures, fetchedAt: now), details: nil,
                                         favourites: [], context: context))
        page.alerts = AlertOffer.leave(type: .train, stopID: 1099, lines: page.lines.compactMap(\.line), publicKey: "key", context: context)
        page.lowFloor = LowFloorForm(token: context.token, returnPath: "/stops/tram/2019", isOn: true)
        page.door = StopDoor(type: .tram, stopID: 2019, ways: [StopWays.Way(towards: "Clifton Hill", bearing: 270)])
        #expect(page.alerts != nil && page.lines.contains { $0.starButton != nil })
        #expect(missing(page, at: "stop") == [])
        #expect(unreachable(Link("Flinders Street", href: "/stops/train/1071", detail: "Train, 100 metres north")) == [])
    }

    @Test func runAndRidePageModelsAnswerForEveryStoredProperty() throws {
        let pattern = try Recorded.load("metro-pattern-fkn-lav", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train, asked: "952454")
        let now = Recorded.at("2024-11-07T06:30:00Z")
        let fetched = Fetched(value: pattern, fetchedAt: now)
        let run = RunPage(journey: journey, fromStop: nil, pattern: fetched, context: Recorded.context(now))
        let ride = RidePage(journey: journey, from: 2, to: 8, auto: nil, pattern: fetched, context: Recorded.context(now))
        #expect(run.strip != nil && ride.door?.strip != nil && !ride.stops.isEmpty)
        #expect(missing(run, at: "run") == [])
        #expect(missing(ride, at: "ride") == [])
        #expect(unreachable(RidePage.Event(key: "next", text: "Next stop, Caulfield.")) == [])
    }

    @Test func nearbyPageModelsAnswerForEveryStoredProperty() throws {
        let page = NearbyPage(form: NearbyPage.Form(lat: "-37.8183", lon: "144.9671", mode: nil, radius: NearbyPage.defaultRadius),
                              origin: .point, latitude: -37.8183, longitude: 144.9671,
                              found: try PageFixtures.fetched(StopsNearbyResponse.self, "stops-nearby-far"),
                              context: PageFixtures.context(path: "/nearby?lat=-37.8183&lon=144.9671"))
        #expect(page.results?.map != nil)
        #expect(missing(page, at: "nearby") == [])
    }

    @Test func searchLineDisruptionAndErrorPageModelsAnswerForEveryStoredProperty() throws {
        let search = SearchPage(query: "glen", result: try PageFixtures.fetched(SearchResponse.self, "search-bus-oddities"),
                                context: PageFixtures.context(path: "/search?q=glen"))
        #expect(!search.stops.isEmpty && !search.lines.isEmpty)
        #expect(missing(search, at: "search") == [])
        let route = try #require(try PageFixtures.decode(RouteResponse.self, "route-86").route)
        let directions = try PageFixtures.decode(DirectionsResponse.self, "directions-86").directions
        let line = LinePage(route: route, directions: directions, chosen: directions[1],
                            stops: Evidence(.stopsOnRoute, try PageFixtures.fetched(StopsOnRouteResponse.self, "stops-on-route-86-direction-21")),
                            disruptions: Evidence(.disruptions, try PageFixtures.fetched(DisruptionsResponse.self, "disruptions-mixed")),
                            context: PageFixtures.context(path: "/lines/tram/1881"))
        #expect(missing(line, at: "line") == [])
        let answer = try PageFixtures.fetched(DisruptionsResponse.self, "disruptions-mixed")
        let list = DisruptionsPage(mode: nil, disruptions: answer, context: PageFixtures.context(path: "/disruptions"))
        #expect(!list.groups.isEmpty && !list.filters.isEmpty)
        #expect(missing(list, at: "disruptions") == [])
        let one = try #require(answer.value.disruptions.first { $0.disruptionId == 402001 })
        #expect(missing(DisruptionPage(one, fetched: Fetched(value: 0, fetchedAt: PageFixtures.now), context: PageFixtures.context()),
                        at: "disruption") == [])
        let error = ErrorPage(head: PageHead(PageChrome(title: "Not found", section: .none, demo: true), heading: "Not found",
                                             summary: "No stop 99999."), advice: ErrorPage.advice(for: 404), status: 404)
        #expect(missing(error, at: "error") == [])
    }

    @Test func favouritesAndHomePageModelsAnswerForEveryStoredProperty() throws {
        let departures = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let now = Recorded.at("2024-04-25T01:20:00Z")
        let asked = Evidence(.departures, Fetched(value: departures, fetchedAt: now))
        let first = try #require(departures.departures.first)
        let summaries = [
            FavouriteStop(routeType: 0, stopID: 1099, stopName: "Stop 1099", ownName: "Home"),
            FavouriteStop(routeType: 0, stopID: 1099, routeID: first.routeId, directionID: first.directionId, stopName: "Stop 1099"),
        ].map { FavouriteSummary.build($0, asked: asked, way: "Trains towards the city", words: TimeWords(now: now), errors: [], typed: [:]).0 }
        #expect(summaries[1].forms.line != nil && !summaries[0].card.next.isEmpty)
        let head = PageHead(PageChrome(title: "Favourite stops", section: .none, demo: true), heading: "Favourite stops")
        let page = FavouritesPage(head: head, groups: [FavouriteGroup(heading: "Trains", items: summaries)], token: "t", errors: [],
                                  shared: false, privateLink: nil, limit: 50, nameLimit: 40)
        #expect(missing(page, at: "favourites") == [])
        #expect(missing(summaries[1], at: "line favourite") == [])
        #expect(missing(HomePage(head: head, favourites: summaries, hasFavourites: true, shownOf: nil), at: "home") == [])
    }

    @Test func walkArrivalAndFormErrorModelsAnswerForEveryStoredProperty() throws {
        let journey = try Recorded.journey("tdn-3230-pattern")
        let camberwell = try #require(journey.index(of: 1032))
        let now = Recorded.at("2024-04-28T13:50:00Z")
        let departures = Evidence(.departures, Fetched(value: try Recorded.load("metro-departures-rrb", as: DeparturesResponse.self), fetchedAt: now))
        let near = Evidence(.nearby, try PageFixtures.fetched(StopsNearbyResponse.self, "stops-nearby-far"))
        let arrival = Arrival(type: .train, stopID: 1032, details: Evidence<StopDetailsResponse>(.stop, outcome: .failed(.timedOut)),
                              departures: departures, near: near, ride: (journey, camberwell), words: TimeWords(now: now))
        #expect(!arrival.nearby.isEmpty)
        #expect(missing(ArrivalPage(arrival, context: PageFixtures.context()), at: "arrival") == [])
        let stop = StopDetails(stopId: 2019, stopName: "Collins St/Swanston St #5", routeType: .tram,
                               location: StopLocation(suburb: "Melbourne City", latitude: -37.8153, longitude: 144.9665))
        let walk = WalkPage(type: .tram, details: stop, ways: [StopWays.Way(towards: "Clifton Hill", bearing: 270)],
                            start: NamedPoint(name: "Federation Square", latitude: -37.818, longitude: 144.969),
                            form: ("Federation Square", "", ""), errors: [FieldError(field: "place", message: "Enter a place.")],
                            context: PageFixtures.context())
        #expect(walk.target != nil)
        #expect(missing(walk, at: "walk") == [])
        let form = NearbyPage(form: NearbyPage.Form(lon: "144.9671"), errors: [FieldError(field: "lat", message: "Enter a latitude.")],
                              context: PageFixtures.context())
        #expect(missing(form, at: "nearby form") == [])
    }

    @Test func confirmationPageModelsAnswerForEveryStoredProperty() {
        let head = PageHead(PageChrome(title: "Stop this alert?", section: .none, demo: true), heading: "Stop this alert?")
        #expect(missing(AlertStopPage(head: head, action: "/alerts/stop/abc", token: "t"), at: "alert stop") == [])
        #expect(missing(SwitchListPage(head: head, action: "/favourites/list/abc", token: "t", count: "3 favourites", alreadyUsed: false,
                                       hasOwnList: true, ownCount: "2 favourites"), at: "switch list") == [])
    }

    @Test func aModelWithoutDirectLookupIsFound() {
        struct Plain { let text = "a" }
        struct Holder: MustacheParent {
            let plain = Plain()
            func child(named name: String) -> Any? { name == "plain" ? plain : nil }
        }
        #expect(missing(Holder(), at: "page") == ["page.plain: Plain"])
    }

    @Test func aMissedKeyIsFound() {
        struct Forgetful: MustacheParent {
            let kept = "a"
            let forgotten = "b"
            func child(named name: String) -> Any? { name == "kept" ? kept : nil }
        }
        #expect(unreachable(Forgetful()) == ["forgotten"])
    }
}

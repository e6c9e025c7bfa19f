@testable import App
import Foundation
import PTV
import Testing

/// Nearby from a real-shaped answer that ignores `max_distance` (stops out to 18 km, far ones first), with a
/// stop without a suburb and bus routes with PTV's oddities.
struct NearbyPageTests {
    static let latitude = -37.8183
    static let longitude = 144.9671

    func page(mode: RouteType? = nil, radius: Int = NearbyPage.defaultRadius) throws -> NearbyPage {
        NearbyPage(form: NearbyPage.Form(lat: "-37.8183", lon: "144.9671", mode: mode, radius: radius), origin: .point,
                   latitude: Self.latitude, longitude: Self.longitude,
                   found: try PageFixtures.fetched(StopsNearbyResponse.self, "stops-nearby-far"),
                   context: PageFixtures.context(path: "/nearby?lat=-37.8183&lon=144.9671"))
    }

    /// The list of `page(mode:radius:)`.
    func results(mode: RouteType? = nil, radius: Int = NearbyPage.defaultRadius) throws -> NearbyResults {
        try #require(try page(mode: mode, radius: radius).results)
    }

    @Test func onlyStopsWithinTheRadiusTrakxMeasuredAreListedNearestFirst() throws {
        let nearby = try results()
        // 36 stops are within 1 km; the 12 up to 18 km away that PTV also sent are not listed.
        #expect(!nearby.stops.contains { $0.stop.href.hasPrefix("/stops/bus/300") })
        #expect(nearby.stops.first?.distance == "100 metres west")
        #expect(nearby.stops.map(\.stop.href).prefix(3) == ["/stops/tram/2001", "/stops/tram/2002", "/stops/bus/17000"])
        let metres = nearby.stops.compactMap { Int($0.distance.split(separator: " ")[0]) }
        #expect(metres == metres.sorted())
        #expect(metres.allSatisfy { $0 <= 1000 })
    }

    @Test func theListIsCappedSaysHowManyMoreAndOffersTheNextRadius() throws {
        let nearby = try results()
        #expect(nearby.stops.count == NearbyPage.cap)
        #expect(try page().head.summary == "The nearest 30 of 36 stops within 1 kilometre.")
        #expect(nearby.more == "6 more stops within 1 kilometre are further away.")
        #expect(nearby.nextRadius == Link("Only stops within 500 metres", href: "/nearby?lat=-37.8183&lon=144.9671&radius=500"))
        let short = try results(radius: 250)
        #expect(short.more == nil)
        #expect(try page(radius: 250).head.summary == "3 stops within 250 metres.")
        // Near a point, the count is the heading (the answer first, before the list), and not said twice.
        #expect(try page(radius: 250).head.heading == "3 stops within 250 metres")
        #expect(try results(radius: 250).countInHeading)
        #expect(short.nextRadius == Link("Stops within 500 metres", href: "/nearby?lat=-37.8183&lon=144.9671&radius=500"))
    }

    @Test func noEmptyFieldIsWritten() throws {
        let first = try #require(try results().stops.first)
        // PTV gave this tram stop no suburb: nothing is written for it.
        #expect(first.stop.detail == "trams 5 and 86")
        for row in try results().stops {
            let detail = try #require(row.stop.detail)
            #expect(!detail.isEmpty && !detail.hasPrefix(",") && !detail.hasSuffix(",") && !detail.contains(", ,"))
            #expect(!row.distance.isEmpty && !row.stop.name.isEmpty)
        }
    }

    @Test func theUsualSuburbIsSaidOnceForTheList() throws {
        let nearby = try results()
        #expect(nearby.area == "mostly in Melbourne City")
        #expect(!nearby.stops.contains { $0.stop.detail?.contains("Melbourne City") == true })
        let southbank = nearby.stops.filter { $0.stop.detail?.hasPrefix("in Southbank, ") == true }
        #expect(!southbank.isEmpty)
    }

    @Test func busOdditiesReadAsRouteNumbers() throws {
        let bus = try #require(try results().stops.first { $0.stop.href == "/stops/bus/17000" })
        // Its suburb (Oakleigh) is not the list's usual one, but the name already says it.
        #expect(bus.stop.detail == "buses 737 and D15")
        #expect(bus.stop.name == "Oakleigh Station at Portman Street")
    }

    @Test func nothingNearSaysSoAndOffersAWiderRadius() throws {
        let none = try results(mode: .nightBus)
        #expect(none.stops.isEmpty)
        #expect(try page(mode: .nightBus).head.summary == "No night bus stops within 1 kilometre of that point.")
        #expect(none.nextRadius?.href == "/nearby?lat=-37.8183&lon=144.9671&radius=2000&mode=night-bus")
        #expect(none.area == nil)
        #expect(try page(mode: .nightBus).head.heading == "Stops near you")
        #expect(!none.countInHeading)
    }

    @Test func formErrorsStayWithTheirFields() {
        let errors = [FieldError(field: "lat", message: "Enter a latitude, such as -37.8183.")]
        let form = NearbyPage(form: NearbyPage.Form(lon: "144.9671"), errors: errors, context: PageFixtures.context())
        #expect(form.forms.point.lat.error == "Enter a latitude, such as -37.8183.")
        #expect(form.forms.point.lon.error == nil)
        #expect(form.forms.point.open)
        #expect(form.forms.point.lon.value == "144.9671")
        #expect(form.results == nil)
    }

    @Test func aPlaceSearchsNextRadiusStaysAPlaceSearch() throws {
        let page = NearbyPage(form: NearbyPage.Form(place: "Flinders St", radius: 250), origin: .place(PlaceMatch(point: NamedPoint(name: "Flinders Street at Swanston Street", latitude: Self.latitude,
                                                                                        longitude: Self.longitude),
                                                                  query: "Flinders St", isSuburb: false)),
                              latitude: Self.latitude, longitude: Self.longitude,
                              found: try PageFixtures.fetched(StopsNearbyResponse.self, "stops-nearby-far"), context: PageFixtures.context())
        #expect(page.head.heading == "Stops near Flinders Street at Swanston Street")
        #expect(page.results?.nextRadius?.href == "/nearby?place=Flinders%20St&radius=500")
    }
}

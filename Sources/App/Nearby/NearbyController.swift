import Foundation
import HTTPServer
import PTV

/// `GET /nearby[?lat=&lon=|?place=][&mode=][&radius=]`: stops near a point, nearest first, or the forms to give one.
struct NearbyController: RouteCollection {
    let site: Site
    /// Places searched for, kept in the database.
    let places: KeptPlaces
    /// Which way services leave stops.
    let ways: StopWays

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/nearby", use: nearby)
    }

    func nearby(_ request: Request, _ trakx: TrakxContext) async throws -> Response {
        var form = NearbyPage.Form(lat: request.given("lat") ?? "", lon: request.given("lon") ?? "")
        form.mode = try request.given("mode").map(Params.mode)
        form.radius = try request.given("radius").map { try Params.radius($0, allowed: NearbyPage.radii) } ?? NearbyPage.defaultRadius
        form.place = try request.given("place").map(Params.query) ?? ""
        let context = site.context(for: request, trakx)
        let ask = site.ask(trakx)
        if request.given("lat") == nil, request.given("lon") == nil, !form.place.isEmpty {
            return try await near(place: form.place, form: form, context: context, ask: ask)
        }
        guard request.given("lat") != nil || request.given("lon") != nil else {
            return site.templates.render(NearbyPage(form: form, errors: [], context: context), template: "nearby")
        }
        let typed = Params.point(lat: form.lat, lon: form.lon)
        guard let latitude = typed.latitude, let longitude = typed.longitude, typed.errors.isEmpty else {
            return site.templates.render(NearbyPage(form: form, errors: typed.errors, context: context), template: "nearby", status: 400)
        }
        return try await list(form: form, origin: .point, latitude: latitude, longitude: longitude, context: context, ask: ask)
    }

    /// Stops near the best match for `place` among PTV's search answer (a station or a suburb before a street stop):
    /// the place kept from an earlier search when PTV's answer is not held fresh (one round, `KeptPlaces`), else
    /// searched and then kept.
    func near(place: String, form: NearbyPage.Form, context: PageContext, ask: Ask) async throws -> Response {
        var match = ask.known(.search(place)) == nil ? await places.place(for: place, ask: ask) : nil
        if match == nil { match = try await searched(place, ask: ask) }
        guard let match else {
            let errors = [FieldError(field: "place", message: NearbyPage.unmatched(place))]
            return site.templates.render(NearbyPage(form: form, errors: errors, context: context), template: "nearby", status: 404)
        }
        return try await list(form: NearbyPage.Form(place: place, mode: form.mode, radius: form.radius), origin: .place(match),
                              latitude: match.point.latitude, longitude: match.point.longitude, context: context, ask: ask)
    }

    /// The best match for `place` in PTV's search answer (nil when none), kept for later pages.
    /// - Throws: `HTTPError` when PTV's search did not answer.
    func searched(_ place: String, ask: Ask) async throws -> PlaceMatch? {
        let result = try await ask(.search(place)).required(missing: SearchPage.missing(place))
        let match = PlaceMatch.best(place, in: result.value.stops)
        if !result.isStale { places.learnt(place, match: match, at: result.fetchedAt) }
        return match
    }

    /// The stops near a point as the page lists them, with which way services leave the listed stops that share a
    /// name (only those: PTV is not asked about stops past the list), learnt in a bounded second round when not known.
    func list(form: NearbyPage.Form, origin: NearbyPage.Origin, latitude: Double, longitude: Double,
              context: PageContext, ask: Ask) async throws -> Response {
        let found = try await ask(.stopsNearby(latitude: latitude, longitude: longitude, routeTypes: form.mode.map { [$0.rawValue] } ?? [],
                                               maxResults: NearbyPage.asked, maxDistance: form.radius)).required(missing: NearbyPage.missing)
        let within = NearbyPage.within(found.value.stops, form: form, latitude: latitude, longitude: longitude)
        let listed = within.prefix(NearbyPage.cap).map(\.stop)
        let leaving = await ways.waysNow(at: StopWays.asked(StopWays.sharingNames(listed), mode: form.mode), budget: StopWays.listBudget,
                                           ask: ask, within: ask.secondRoundLeft)
        let page = NearbyPage(form: form, origin: origin, latitude: latitude, longitude: longitude, found: found, context: context,
                              ways: leaving, within: within)
        return site.templates.render(page, template: "nearby")
    }
}

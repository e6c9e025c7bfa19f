import Foundation
import HTTPServer
import PTV

/// `GET /nearby[?lat=&lon=][&mode=]`: stops near a point, nearest first, or a form to give one.
struct NearbyController {
    let site: Site

    func addRoutes(to router: inout Router) {
        router.get("/nearby") { request, _ in try await nearby(request) }
    }

    func nearby(_ request: Request) async throws -> Response {
        let latText = request.query("lat").flatMap { $0.isEmpty ? nil : $0 }
        let lonText = request.query("lon").flatMap { $0.isEmpty ? nil : $0 }
        let modeText = request.query("mode").flatMap { $0.isEmpty ? nil : $0 }
        let mode = try modeText.map(Params.mode)
        let modes = NearbyPage.ModeOption.all(selected: mode)
        let place = try request.query("place").map(Params.query).flatMap { $0.isEmpty ? nil : $0 }
        if latText == nil, lonText == nil, let place {
            return try await near(place: place, mode: mode, modes: modes, request: request)
        }
        guard latText != nil || lonText != nil else {
            let page = NearbyPage(chrome: site.chrome(title: "Stops near you", section: .nearby, request: request,
                                                      scripts: ["/static/js/location.js"]),
                                  heading: "Stops near you", searched: false, summary: "", stops: [], hasStops: false,
                                  lat: "", lon: "", modes: modes, errors: [], hasErrors: false)
            return site.templates.render(page, template: "nearby")
        }
        var errors: [FieldError] = []
        var latitude: Double?
        var longitude: Double?
        do { latitude = try Params.coordinate(latText ?? "", "latitude", limit: 90) } catch let error as HTTPError {
            errors.append(FieldError(field: "lat", message: latText == nil ? "Enter a latitude, such as -37.8183." : error.message))
        }
        do { longitude = try Params.coordinate(lonText ?? "", "longitude", limit: 180) } catch let error as HTTPError {
            errors.append(FieldError(field: "lon", message: lonText == nil ? "Enter a longitude, such as 144.9671." : error.message))
        }
        guard let latitude, let longitude, errors.isEmpty else {
            let page = NearbyPage(chrome: site.chrome(title: "Stops near you", section: .nearby, request: request, hasErrors: true,
                                                      scripts: ["/static/js/location.js"]),
                                  heading: "Stops near you", searched: false, summary: "", stops: [], hasStops: false,
                                  lat: latText ?? "", lon: lonText ?? "", modes: modes, errors: errors, hasErrors: true)
            return site.templates.render(page, template: "nearby", status: 400)
        }
        return try await list(latitude: latitude, longitude: longitude, heading: "Stops near you", mode: mode, modes: modes,
                              request: request, lat: latText ?? "", lon: lonText ?? "")
    }

    /// Stops near the first stop whose name or suburb matches `place`.
    func near(place: String, mode: RouteType?, modes: [NearbyPage.ModeOption], request: Request) async throws -> Response {
        let result = try await Upstream.call(missing: "Nothing matched “\(place)”.") { try await site.source.search(place) }
        guard let match = result.value.stops.first(where: { $0.stopLatitude != nil && $0.stopLongitude != nil }),
              let latitude = match.stopLatitude, let longitude = match.stopLongitude else {
            let errors = [FieldError(field: "place", message: "No stop or suburb matched “\(place)”. Try another name, or type a latitude and longitude.")]
            let page = NearbyPage(chrome: site.chrome(title: "Stops near you", section: .nearby, request: request, hasErrors: true,
                                                      scripts: ["/static/js/location.js"]),
                                  heading: "Stops near you", searched: false, summary: "", stops: [], hasStops: false,
                                  lat: "", lon: "", modes: modes, errors: errors, hasErrors: true, place: place)
            return site.templates.render(page, template: "nearby", status: 404)
        }
        return try await list(latitude: latitude, longitude: longitude, heading: "Stops near \(SpokenName.stop(match.stopName))",
                              mode: mode, modes: modes, request: request, lat: "", lon: "", place: place)
    }

    /// The results page for a point.
    func list(latitude: Double, longitude: Double, heading: String, mode: RouteType?, modes: [NearbyPage.ModeOption],
              request: Request, lat: String, lon: String, place: String = "") async throws -> Response {
        let found = try await Upstream.call(missing: "No stops were found near that point.") {
            try await site.source.stopsNearby(latitude: latitude, longitude: longitude,
                                           routeTypes: mode.map { [$0.rawValue] } ?? [], maxResults: 30, maxDistance: 1000)
        }
        let rows = found.value.stops
            .filter { mode == nil || $0.routeType == mode }
            .map { NearbyStopRow($0, fromLatitude: latitude, fromLongitude: longitude) }
            .sorted { $0.metres < $1.metres }
        let what = mode.map { ModeWords.noun($0) + " stops" } ?? "stops"
        let summary = rows.isEmpty
            ? "No \(what) within 1 kilometre of that point. Try another point, or search by name."
            : "\(rows.count) \(rows.count == 1 ? String(what.dropLast()) : what) within 1 kilometre, nearest first."
        let title = heading == "Stops near you"
            ? "Stops near " + String(format: "%.4f, %.4f", latitude, longitude) : heading
        let page = NearbyPage(
            chrome: site.chrome(title: title, section: .nearby, request: request,
                                stale: site.staleNotice(found), scripts: ["/static/js/location.js"]),
            heading: heading, searched: true, summary: summary, stops: rows, hasStops: !rows.isEmpty,
            lat: lat, lon: lon, modes: modes, errors: [], hasErrors: false, place: place)
        return site.templates.render(page, template: "nearby")
    }
}

/// A form field's error, linked from the error summary.
struct FieldError: Sendable {
    let field: String
    let message: String
}

/// One nearby stop.
struct NearbyStopRow: Sendable {
    let name: String
    let href: String
    let mode: String
    let suburb: String
    let distance: String
    let routes: String
    let hasRoutes: Bool
    let metres: Double

    init(_ stop: Stop, fromLatitude: Double, fromLongitude: Double) {
        name = SpokenName.stop(stop.stopName)
        href = ModeWords.stopURL(stop.routeType, stop.stopId)
        mode = ModeWords.noun(stop.routeType).capitalisedFirst
        suburb = stop.stopSuburb
        if let lat = stop.stopLatitude, let lon = stop.stopLongitude {
            metres = Compass.distance(fromLatitude: fromLatitude, fromLongitude: fromLongitude, toLatitude: lat, toLongitude: lon)
            let bearing = Compass.bearing(fromLatitude: fromLatitude, fromLongitude: fromLongitude, toLatitude: lat, toLongitude: lon)
            distance = Compass.describe(distance: metres, bearing: bearing)
        } else {
            metres = stop.stopDistance ?? 0
            distance = DistanceWords.metres(metres)
        }
        let labels = stop.routes.map { route -> String in
            route.routeNumber.isEmpty ? SpokenName.route(route.routeName) : route.routeNumber
        }
        var seen = Set<String>()
        let unique = labels.filter { seen.insert($0).inserted }
        routes = unique.isEmpty ? "" : (stop.routeType == .train || stop.routeType == .vline
            ? "Lines: " + unique.joined(separator: ", ") : "Routes: " + unique.joined(separator: ", "))
        hasRoutes = !unique.isEmpty
    }
}

/// The nearby page's view model.
struct NearbyPage: Sendable {
    /// A mode filter choice.
    struct ModeOption: Sendable {
        let value: String
        let label: String
        let selected: Bool

        static func all(selected: RouteType?) -> [ModeOption] {
            [ModeOption(value: "", label: "All kinds", selected: selected == nil)] +
                [RouteType.train, .tram, .bus, .vline, .nightBus].map {
                    ModeOption(value: $0.slug ?? "", label: ($0.name ?? "").capitalisedFirst, selected: $0 == selected)
                }
        }
    }

    let chrome: PageChrome
    let heading: String
    let searched: Bool
    let summary: String
    let stops: [NearbyStopRow]
    let hasStops: Bool
    let lat: String
    let lon: String
    let modes: [ModeOption]
    let errors: [FieldError]
    let hasErrors: Bool
    let latError: String?
    let lonError: String?
    let place: String
    let placeError: String?

    init(chrome: PageChrome, heading: String, searched: Bool, summary: String, stops: [NearbyStopRow], hasStops: Bool,
         lat: String, lon: String, modes: [ModeOption], errors: [FieldError], hasErrors: Bool, place: String = "") {
        self.place = place
        placeError = errors.first { $0.field == "place" }?.message
        self.chrome = chrome
        self.heading = heading
        self.searched = searched
        self.summary = summary
        self.stops = stops
        self.hasStops = hasStops
        self.lat = lat
        self.lon = lon
        self.modes = modes
        self.errors = errors
        self.hasErrors = hasErrors
        latError = errors.first { $0.field == "lat" }?.message
        lonError = errors.first { $0.field == "lon" }?.message
    }
}

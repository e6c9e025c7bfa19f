import Foundation
import HTTPServer
import PTV
import Storage

/// `GET /stops/{mode}/{stop_id}`: the summary sentence first, then departures by route and destination.
struct StopController {
    let site: Site

    func addRoutes(to router: inout Router) {
        router.get("/stops/{mode}/{id}") { request, context in
            try await site.pages.response(for: request) { try await stop(request, context) }
        }
    }

    func stop(_ request: Request, _ context: RequestContext) async throws -> Response {
        let type = try Params.mode(context.require("mode"))
        let stopID = try Params.id(context.require("id"), "stop number")
        let missing = "There is no \(ModeWords.noun(type)) stop with the number \(stopID)."
        async let detailsCall = Upstream.call(missing: missing) { try await site.ptv.stop(stopID, routeType: type.rawValue) }
        async let departuresCall = Upstream.call(missing: missing) {
            try await site.ptv.departures(routeType: type.rawValue, stopID: stopID, maxResults: 3)
        }
        // Departures decide the page; stop details only add facts, so the page survives without them.
        let departures = try await departuresCall
        let details = try? await detailsCall
        let fromMap = departures.value.stops[String(stopID)]
        guard let stop = details?.value.stop ?? fromMap.map({ StopDetails(stopId: $0.stopId, stopName: $0.stopName, routeType: type, stopLandmark: $0.stopLandmark,
                                                                             location: StopLocation(suburb: $0.stopSuburb, latitude: $0.stopLatitude, longitude: $0.stopLongitude)) }) else {
            throw HTTPError(404, missing)
        }
        let words = site.timeWords()
        let board = DepartureBoard(departures.value, routeType: type, stopID: stopID, words: words)
        let official = stop.stopName
        let name = SpokenName.stop(official)
        let suburb = stop.location?.suburb ?? departures.value.stops[String(stopID)]?.stopSuburb ?? ""
        let favourites = try await site.lists.atStop(request, routeType: type.rawValue, stopID: stopID)
        let path = String(request.rawPath)
        var nearby: [NearbyStopRow] = []
        if let latitude = stop.location?.latitude, let longitude = stop.location?.longitude {
            let around = try? await site.ptv.stopsNearby(latitude: latitude, longitude: longitude, maxResults: 8, maxDistance: 500)
            nearby = (around?.value.stops ?? [])
                .filter { !($0.stopId == stopID && $0.routeType == type) }
                .prefix(5)
                .map { NearbyStopRow($0, fromLatitude: latitude, fromLongitude: longitude) }
        }
        var allDisruptions = departures.value.disruptions
        allDisruptions.merge(details?.value.disruptions ?? [:]) { first, _ in first }
        let atStop = Set(stop.disruptionIds.map(String.init))
        let disruptionLinks = allDisruptions.filter { atStop.isEmpty || atStop.contains($0.key) }.values
            .sorted { $0.disruptionId < $1.disruptionId }
            .map { DisruptionLink(href: "/disruptions/\($0.disruptionId)", title: $0.title) }
        let page = StopPage(
            chrome: site.chrome(title: "\(name) departures", section: .none, request: request,
                                stale: site.staleNotice(departures),
                                scripts: ["/static/js/refresh.js"]),
            name: name, suburb: suburb, summary: board.summary,
            groups: FavouriteLineButton.star(board.groups, type: type, stopID: stopID, favourites: favourites,
                                             token: PageCache.tokenPlaceholder, returnPath: String(path)), hasDepartures: !board.groups.isEmpty,
            updated: words.clock(departures.fetchedAt), refreshURL: String(path),
            favourite: FavouriteButton(type: type, stopID: stopID, stopName: name, favourite: favourites.first { $0.routeID == nil },
                                       token: PageCache.tokenPlaceholder, returnPath: String(path)),
            facts: StopFacts(stop, type: type, spokenName: name, suburb: suburb),
            disruptions: disruptionLinks, hasDisruptions: !disruptionLinks.isEmpty,
            nearby: nearby, hasNearby: !nearby.isEmpty)
        return site.templates.render(page, template: "stop")
    }
}

/// The stop page's view model.
struct StopPage: Sendable {
    let chrome: PageChrome
    let name: String
    let suburb: String
    let summary: String
    let groups: [DepartureGroup]
    let hasDepartures: Bool
    let updated: String
    let refreshURL: String
    let favourite: FavouriteButton
    let facts: StopFacts
    let disruptions: [DisruptionLink]
    let hasDisruptions: Bool
    let nearby: [NearbyStopRow]
    let hasNearby: Bool
}

/// The add/remove favourite form.
struct FavouriteButton: Sendable {
    let isFavourite: Bool
    let ownName: String?
    let addAction: String
    let removeAction: String
    let mode: String
    let stopID: Int
    let stopName: String
    let token: String
    let returnPath: String

    init(type: RouteType, stopID: Int, stopName: String, favourite: FavouriteStop?, token: String, returnPath: String) {
        isFavourite = favourite != nil
        ownName = favourite?.ownName
        mode = ModeWords.slug(type)
        addAction = "/favourites"
        removeAction = "/favourites/\(mode)/\(stopID)/remove"
        self.stopID = stopID
        self.stopName = stopName
        self.token = token
        self.returnPath = returnPath
    }
}

/// Facts about a stop, as a description list.
struct StopFacts: Sendable {
    struct Fact: Sendable {
        let term: String
        let detail: String
    }

    let items: [Fact]

    init(_ stop: StopDetails, type: RouteType, spokenName: String, suburb: String) {
        var items: [Fact] = [Fact(term: "Mode", detail: ModeWords.noun(type).prefix(1).uppercased() + ModeWords.noun(type).dropFirst())]
        if SpokenName.differs(stop.stopName) {
            items.append(Fact(term: "Signed as", detail: stop.stopName.trimmingCharacters(in: .whitespaces)))
        }
        items.append(Fact(term: "Stop number", detail: String(stop.stopId)))
        if !suburb.isEmpty { items.append(Fact(term: "Suburb", detail: suburb)) }
        if !stop.stopLandmark.isEmpty { items.append(Fact(term: "Landmark", detail: stop.stopLandmark)) }
        if let station = stop.stationType, !station.isEmpty { items.append(Fact(term: "Station type", detail: station)) }
        if let access = stop.accessibility {
            var features: [String] = []
            if access.lift { features.append("lift") }
            if access.escalator { features.append("escalator") }
            if access.stairs { features.append("stairs") }
            if access.hearingLoop { features.append("hearing loop") }
            if access.tactileGroundSurfaceIndicator { features.append("tactile ground indicators") }
            if access.audioCustomerInformation { features.append("audio announcements") }
            items.append(Fact(term: "Step-free access", detail: access.stopAccessible ? "Yes" : "No"))
            if !features.isEmpty { items.append(Fact(term: "Accessibility", detail: features.joined(separator: ", ").capitalisedFirst)) }
        }
        if let amenities = stop.amenities {
            var list: [String] = []
            if amenities.toilet { list.append("toilet") }
            if amenities.taxiRank { list.append("taxi rank") }
            if amenities.cctv { list.append("CCTV") }
            if !amenities.carParking.isEmpty, amenities.carParking != "0" { list.append("car parking (\(amenities.carParking) spaces)") }
            if !list.isEmpty { items.append(Fact(term: "Facilities", detail: list.joined(separator: ", ").capitalisedFirst)) }
        }
        self.items = items
    }
}

extension String {
    /// The string with its first letter upper-cased.
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}

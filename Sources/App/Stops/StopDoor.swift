import Foundation
import PTV
import Storage

/// What a stop page adds for getting to and from the stop: which way its services leave (which tells two stops of
/// one name apart), and the link to walk there.
struct StopDoor: Sendable {
    /// "Buses from here go towards Clifton Hill, heading west.", when PTV's stops on its routes say so.
    let way: String?
    /// "Walk to this stop".
    let walk: Link

    /// The door for a stop.
    /// - Parameters:
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - ways: Which way its services leave.
    init(type: RouteType, stopID: Int, ways: [StopWays.Way]) {
        way = WayWords.sentence(ModeWords.plural(type), ways)
        walk = Link("Walk to this stop", href: Paths.walk(type, stopID))
    }

    /// The routes a stop page knows call at a stop: those in its departures and those its details list.
    /// - Parameters:
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - departures: PTV's departures there.
    ///   - details: PTV's details of the stop.
    static func asked(type: RouteType, stopID: Int, departures: DeparturesResponse, details: StopDetailsResponse?) -> StopWays.Asked {
        var routeIDs: [Int] = []
        let listed = departures.departures.map(\.routeId) + (details?.stop?.routes ?? []).filter { $0.routeType == type }.map(\.routeId)
        for id in listed where !routeIDs.contains(id) { routeIDs.append(id) }
        return StopWays.Asked(routeType: type, stopID: stopID, routeIDs: routeIDs)
    }
}

extension Site {
    /// Which way a favourite's services leave its stop (its one line, for a line favourite). Only the first few
    /// cards may ask PTV about a route not yet known; the others say what is already known.
    /// - Parameters:
    ///   - favourite: The favourite.
    ///   - type: Its mode.
    ///   - departures: Its stop's departures.
    ///   - index: Its place on the page.
    ///   - ask: How PTV is asked about routes not yet known.
    func favouriteWay(_ favourite: FavouriteStop, type: RouteType, departures: DeparturesResponse, index: Int, ask: Ask) -> String? {
        var asked = StopDoor.asked(type: type, stopID: favourite.stopID, departures: departures, details: nil)
        if let routeID = favourite.routeID { asked = StopWays.Asked(routeType: type, stopID: favourite.stopID, routeIDs: [routeID]) }
        let found = ways.ways(at: [asked], budget: index < StopWays.listBudget ? 1 : 0, ask: ask)
        return WayWords.sentence(ModeWords.plural(type), found[StopWays.key(type, favourite.stopID)] ?? [])
    }
}

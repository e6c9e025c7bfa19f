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

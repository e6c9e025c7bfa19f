import Foundation
import PTV

extension Site {
    /// Loads what an arrival says: the stop's details, its departures and the stops near it, all at once. Each
    /// only adds to the page, so a failed call leaves its part saying so rather than failing the page.
    /// - Parameters:
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - ride: The journey ridden and this stop's index in it, when known.
    ///   - words: Time words.
    func arrival(type: RouteType, stopID: Int, ride: (journey: Journey, index: Int)?, words: TimeWords) async -> Arrival {
        let call = ride.map { $0.journey.calls[$0.index] }
        async let detailsCall = try? source.stop(stopID, routeType: type.rawValue).value.stop
        async let departuresCall = try? source.departures(routeType: type.rawValue, stopID: stopID, routeID: nil,
                                                          maxResults: PTVClient.departuresPerDirection).value
        let details = await detailsCall
        let point = details?.location.flatMap { l in l.latitude.flatMap { lat in l.longitude.map { (lat, $0) } } }
            ?? call.flatMap { c in c.latitude.flatMap { lat in c.longitude.map { (lat, $0) } } }
        var near: [Stop] = []
        if let point {
            near = (try? await source.stopsNearby(latitude: point.0, longitude: point.1, routeTypes: [],
                                                  maxResults: 12, maxDistance: 400).value.stops) ?? []
        }
        return Arrival(type: type, stopID: stopID, details: details, departures: await departuresCall, near: near,
                       ride: ride, words: words)
    }
}

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
        let source = source
        // All three at once (the stop's position from the journey when known), each waited for at most
        // `Arrival.deadline`: a part PTV has not answered by then says so.
        let detailsTask = Task { try? await source.stop(stopID, routeType: type.rawValue).value.stop }
        let departuresTask = Task {
            try? await source.departures(routeType: type.rawValue, stopID: stopID, routeID: nil,
                                         maxResults: PTVClient.departuresPerDirection).value
        }
        let nearTask = Task { () -> [Stop]? in
            let known = call?.point
            let detailed = known == nil ? await detailsTask.value : nil
            guard let point = known ?? detailed?.location?.point else { return nil }
            return try? await source.stopsNearby(latitude: point.0, longitude: point.1, routeTypes: [], maxResults: 12,
                                                 maxDistance: 400).value.stops
        }
        async let details = Deadline.value(of: detailsTask, within: Arrival.deadline)
        async let departures = Deadline.value(of: departuresTask, within: Arrival.deadline)
        async let near = Deadline.value(of: nearTask, within: Arrival.deadline)
        return await Arrival(type: type, stopID: stopID, details: details ?? nil, departures: departures ?? nil,
                             near: (near ?? nil) ?? [], ride: ride, words: words)
    }
}

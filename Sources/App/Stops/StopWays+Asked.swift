import Foundation
import PTV

extension StopWays {
    /// The stops whose name another stop of the same mode in the list shares (the two sides of a road).
    static func sharingNames(_ stops: [Stop]) -> [Stop] {
        var names: [String: Int] = [:]
        for stop in stops { names["\(stop.routeType.rawValue) \(stop.stopName.trimmingCharacters(in: .whitespaces))", default: 0] += 1 }
        return stops.filter { names["\($0.routeType.rawValue) \($0.stopName.trimmingCharacters(in: .whitespaces))", default: 0] > 1 }
    }

    /// The stops of a nearby or search answer as asked about (one mode when `mode` is given), in PTV's order.
    /// - Parameters:
    ///   - stops: The answer's stops, with their routes.
    ///   - mode: Only this mode, when given.
    static func asked(_ stops: [Stop], mode: RouteType?) -> [Asked] {
        stops.filter { mode == nil || $0.routeType == mode }.map { stop in
            Asked(routeType: stop.routeType, stopID: stop.stopId,
                  routeIDs: stop.routes.filter { $0.routeType == stop.routeType }.map(\.routeId))
        }
    }
}

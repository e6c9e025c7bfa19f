import Foundation

/// Paired stops: two stops of one name on both sides of a road (PTV gives each side its own id). A route's data
/// lists one of them; each direction calls at the one on its left, as Victoria drives on the left.
extension SimulatedNetwork {
    /// The routes with each direction's sides set from the stops' pairs.
    /// - Parameters:
    ///   - routes: Routes as decoded.
    ///   - stops: Every stop by id.
    static func sided(_ routes: [NetworkRoute], stops: [Int: NetworkStop]) -> [NetworkRoute] {
        var pairs: [Int: Int] = [:]
        for stop in stops.values {
            guard let other = stop.pairOf else { continue }
            pairs[stop.stopID] = other
            pairs[other] = stop.stopID
        }
        guard !pairs.isEmpty else { return routes }
        return routes.map { route in
            var route = route
            for index in 0 ... 1 {
                let order = index == 0 ? route.stops : route.stops.reversed()
                for (position, call) in order.enumerated() {
                    guard let otherID = pairs[call.stopID], let this = stops[call.stopID], let other = stops[otherID] else { continue }
                    let before = stops[order[max(position - 1, 0)].stopID] ?? this
                    let after = stops[order[min(position + 1, order.count - 1)].stopID] ?? this
                    let travel = Geo.bearing(before.latitude, before.longitude, after.latitude, after.longitude)
                    let across = Geo.bearing(this.latitude, this.longitude, other.latitude, other.longitude)
                    // The other stop is on the left when it lies 0-180 degrees anticlockwise of the way of travel.
                    let turn = (across - travel + 360).truncatingRemainder(dividingBy: 360)
                    if turn > 180 { route.sides[index][call.stopID] = otherID }
                }
            }
            return route
        }
    }

    /// Every stop a route calls at in either direction (its listed stops and the pairs it uses instead).
    static func calls(of route: NetworkRoute) -> [Int] {
        var seen: [Int] = []
        for index in 0 ... 1 {
            for entry in route.stops(directionIndex: index) where !seen.contains(entry.stop.stopID) { seen.append(entry.stop.stopID) }
        }
        return seen
    }
}

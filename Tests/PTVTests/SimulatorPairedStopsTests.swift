import Foundation
import PTV
import PTVSimulator
import Testing

/// Paired stops: the same name on both sides of a road, different ids, each called at by one way of travel (the
/// one on its left, as Victoria drives on the left), through the real client.
@Suite(.serialized)
struct SimulatorPairedStopsTests {
    /// Every pair in the network: (listed stop, its pair across the road).
    static func pairs() throws -> [(NetworkStop, NetworkStop)] {
        let network = try SimulatedNetwork.bundled.get()
        return network.stops.compactMap { stop in stop.pairOf.flatMap { network.stop($0) }.map { ($0, stop) } }
    }

    @Test func severalRoadsHavePairsOfOneNameAFewMetresApart() throws {
        let pairs = try Self.pairs()
        let roads = Set(pairs.compactMap { $0.0.name.split(separator: "/").last.map(String.init) })
        #expect(pairs.count >= 10)
        #expect(roads.count >= 4, "\(roads)")
        for (listed, other) in pairs {
            #expect(listed.name == other.name)
            #expect(listed.stopID != other.stopID)
            let apart = Compass.metres(listed, other)
            #expect(apart > 10 && apart < 40, "\(listed.stopID) and \(other.stopID) are \(apart) m apart")
        }
    }

    @Test func eachSideIsCalledAtByOneWayOnly() async throws {
        try await SimulatorHarness.with(seed: 7) { _, client in
            // Route 246 both ways along Glen Huntly Road: each direction's stops hold one of each pair, never both.
            let directions = try await client.fetch(.directions(routeID: 7459)).value.directions
            #expect(directions.count == 2)
            var seen: [Int: [Int]] = [:]
            for direction in directions {
                let stops = try await client.fetch(.stopsOnRoute(routeID: 7459, routeType: 2, directionID: direction.directionId)).value.stops
                let ids = Set(stops.map(\.stopId))
                for (listed, other) in try Self.pairs() where ids.contains(listed.stopID) || ids.contains(other.stopID) {
                    #expect(ids.contains(listed.stopID) != ids.contains(other.stopID), "direction \(direction.directionName) calls at both")
                    seen[listed.stopID, default: []].append(ids.contains(listed.stopID) ? listed.stopID : other.stopID)
                }
            }
            // Both sides of Hotham Street are used, one by each way.
            #expect(Set(seen[10639] ?? []) == [10639, 10640])
            // Departures: the west side's buses all go one way, the other side's the other way.
            let west = try await client.fetch(.departures(routeType: 2, stopID: 10639, maxResults: 4)).value
            let east = try await client.fetch(.departures(routeType: 2, stopID: 10640, maxResults: 4)).value
            let westWays = Set(west.departures.filter { $0.routeId == 7459 }.map(\.directionId))
            let eastWays = Set(east.departures.filter { $0.routeId == 7459 }.map(\.directionId))
            #expect(westWays.count == 1 && eastWays.count == 1 && westWays != eastWays, "\(westWays) \(eastWays)")
            // Nearby and search list both, with the same name.
            let near = try await client.fetch(.stopsNearby(latitude: -37.8843, longitude: 144.9982, routeTypes: [2], maxResults: 5, maxDistance: 100))
            #expect(Set(near.value.stops.map(\.stopId)).isSuperset(of: [10639, 10640]))
            let found = try await client.fetch(.search("Hotham St")).value.stops.filter { $0.stopName == "Hotham St/Glen Huntly Rd" }
            #expect(Set(found.map(\.stopId)) == [10639, 10640])
        }
    }

    @Test func theSideUsedIsOnTheLeftOfTravel() throws {
        let network = try SimulatedNetwork.bundled.get()
        for route in network.routes {
            for index in 0 ... 1 {
                let order = route.stops(directionIndex: index).compactMap { network.stop($0.stop.stopID) }
                for position in order.indices.dropFirst().dropLast() {
                    let stop = order[position]
                    guard let otherID = stop.pairOf ?? network.stops.first(where: { $0.pairOf == stop.stopID })?.stopID,
                          let other = network.stop(otherID) else { continue }
                    let travel = Compass.degrees(order[position - 1], order[position + 1])
                    let across = Compass.degrees(stop, other)
                    // The other side lies to the right (0-180 degrees clockwise of travel).
                    let turn = (across - travel + 360).truncatingRemainder(dividingBy: 360)
                    #expect(turn > 0 && turn < 180, "route \(route.routeID) direction \(index) at \(stop.stopID)")
                }
            }
        }
    }
}

/// Flat-earth helpers for stops a few hundred metres apart.
private enum Compass {
    static func metres(_ a: NetworkStop, _ b: NetworkStop) -> Double {
        let north = (b.latitude - a.latitude) * 111_320
        let east = (b.longitude - a.longitude) * 111_320 * cos(a.latitude * .pi / 180)
        return (north * north + east * east).squareRoot()
    }

    static func degrees(_ a: NetworkStop, _ b: NetworkStop) -> Double {
        let north = b.latitude - a.latitude
        let east = (b.longitude - a.longitude) * cos(a.latitude * .pi / 180)
        return (atan2(east, north) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
    }
}

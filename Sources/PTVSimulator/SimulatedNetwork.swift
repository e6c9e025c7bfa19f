import Foundation
import PTV

/// The simulated network: stops, routes (with headways) and disruption templates, loaded once from
/// the `network.json` resource and indexed for lookups. Plain data, usable without HTTP.
public struct SimulatedNetwork: Sendable {
    /// All stops, ordered by id.
    public let stops: [NetworkStop]
    /// All routes, ordered by route type, then id.
    public let routes: [NetworkRoute]
    /// Disruption templates in data order.
    public let disruptions: [NetworkDisruption]
    private let stopsByID: [Int: NetworkStop]
    private let routesByID: [Int: NetworkRoute]
    private let routeIDsByStop: [Int: [Int]]

    /// The built-in network (the target's `network.json` resource), decoded once on first use.
    ///
    /// SwiftPM puts the resource in `trakx_PTVSimulator.resources` beside the executable (`.build/<config>/`);
    /// a binary copied elsewhere needs that folder copied beside it (the Dockerfile does so).
    public static let bundled: Result<SimulatedNetwork, any Error> = Result {
        guard let url = Bundle.module.url(forResource: "network", withExtension: "json") else {
            throw DataError(description: "network.json is missing from the PTVSimulator resources")
        }
        return try SimulatedNetwork(json: String(decoding: try Data(contentsOf: url), as: UTF8.self))
    }

    private struct File: Decodable {
        let stops: [NetworkStop]
        let routes: [NetworkRoute]
        let disruptions: [NetworkDisruption]?
    }

    /// A data set error: a route refers to a stop that does not exist, or ids repeat.
    public struct DataError: Error, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Decodes and indexes a network in the `network.json` schema.
    /// - Parameter json: The JSON text.
    public init(json: String) throws {
        let file = try JSONDecoder().decode(File.self, from: Data(json.utf8))
        stops = file.stops.sorted { $0.stopID < $1.stopID }
        disruptions = file.disruptions ?? []
        stopsByID = try Dictionary(stops.map { ($0.stopID, $0) }) { first, _ in
            throw DataError(description: "stop \(first.stopID) appears twice")
        }
        routes = Self.sided(file.routes, stops: stopsByID)
            .sorted { ($0.routeType.rawValue, $0.routeID) < ($1.routeType.rawValue, $1.routeID) }
        routesByID = try Dictionary(routes.map { ($0.routeID, $0) }) { first, _ in
            throw DataError(description: "route \(first.routeID) appears twice")
        }
        var byStop: [Int: [Int]] = [:]
        for route in routes {
            for stopID in Self.calls(of: route) {
                guard stopsByID[stopID] != nil else {
                    throw DataError(description: "route \(route.routeID) refers to unknown stop \(stopID)")
                }
                if byStop[stopID]?.last != route.routeID { byStop[stopID, default: []].append(route.routeID) }
            }
        }
        routeIDsByStop = byStop
    }

    /// The stop with this id.
    /// - Parameter id: Stop id.
    public func stop(_ id: Int) -> NetworkStop? { stopsByID[id] }

    /// The route with this id.
    /// - Parameter id: Route id.
    public func route(_ id: Int) -> NetworkRoute? { routesByID[id] }

    /// The routes calling at a stop, ordered by route type, then id; optionally of one type only.
    /// - Parameters:
    ///   - stopID: Stop id.
    ///   - routeType: Only routes of this type, when given.
    public func routes(servingStop stopID: Int, routeType: RouteType? = nil) -> [NetworkRoute] {
        (routeIDsByStop[stopID] ?? []).compactMap { routesByID[$0] }.filter { routeType == nil || $0.routeType == routeType }
    }

    /// The route types calling at a stop, in code order.
    /// - Parameter stopID: Stop id.
    public func routeTypes(atStop stopID: Int) -> [RouteType] {
        var seen: [RouteType] = []
        for route in routes(servingStop: stopID) where !seen.contains(route.routeType) { seen.append(route.routeType) }
        return seen
    }
}

import Foundation
import PTV

/// `/v3/routes`, `/v3/routes/{id}` and `/v3/directions/route/{id}`.
extension SimulatorAPI {
    /// `/v3/routes`, filtered by repeated `route_types` and a partial `route_name`.
    func routes(query: QueryParameters, now: Date) throws(APIError) -> String {
        let types = try query.routeTypes()
        let name = query.value("route_name")?.lowercased()
        let board = DisruptionBoard(network: network, now: now)
        let routes = network.routes.filter { route in
            (types.isEmpty || types.contains(route.routeType))
                && (name.map { route.name.lowercased().contains($0) } ?? true)
        }
        return try Self.encode(["routes": routes.map { routeModel($0, board: board, now: now) }])
    }

    /// `/v3/routes/{route_id}`.
    func route(_ id: String, now: Date) throws(APIError) -> String {
        let route = try requireRoute(id)
        let board = DisruptionBoard(network: network, now: now)
        return try Self.encode(["route": routeModel(route, board: board, now: now)])
    }

    /// `/v3/directions/route/{route_id}`.
    func directions(routeID: String) throws(APIError) -> String {
        let route = try requireRoute(routeID)
        return try Self.encode(["directions": (0...1).map { directionModel(route, index: $0, withDescription: true) }])
    }
}

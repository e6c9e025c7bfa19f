import Foundation
import PTV

/// `/v3/search/{term}`.
extension SimulatorAPI {
    /// Case-insensitive substring search over stop names and suburbs and route names and numbers.
    /// A numeric term, or one shorter than 3 characters, returns routes only (as PTV does). Outlets are never
    /// returned. With `latitude`/`longitude`, stops carry their distance and `max_distance` limits them.
    func search(_ rawTerm: String, query: QueryParameters, now: Date) throws(APIError) -> String {
        let term = rawTerm.trimmingCharacters(in: .whitespaces).lowercased()
        guard !term.isEmpty else { throw .badRequest("search_term is required.") }
        let types = try query.routeTypes()
        var bySuburb = true
        if query.value("match_stop_by_suburb") != nil { bySuburb = try query.bool("match_stop_by_suburb") }
        _ = try query.bool("include_outlets")
        var point: (Double, Double)?
        if let latText = query.value("latitude"), let lonText = query.value("longitude") {
            guard let lat = Double(latText), let lon = Double(lonText), (-90...90).contains(lat), (-180...180).contains(lon) else {
                throw .badRequest("latitude/longitude is invalid.")
            }
            point = (lat, lon)
        }
        let maxDistance = try query.int("max_distance", in: 0...1_000_000)
        let board = DisruptionBoard(network: network, now: now)
        let allowed = { (type: RouteType) in types.isEmpty || types.contains(type) }

        let routes = network.routes.filter {
            allowed($0.routeType) && ($0.name.lowercased().contains(term) || $0.number.lowercased().contains(term))
        }.sorted { lhs, rhs in
            let l = (lhs.number.lowercased() == term ? 0 : 1, lhs.routeType.rawValue, lhs.number.count, lhs.number, lhs.routeID)
            let r = (rhs.number.lowercased() == term ? 0 : 1, rhs.routeType.rawValue, rhs.number.count, rhs.number, rhs.routeID)
            return l < r
        }

        var matches: [(distance: Double, stop: NetworkStop, type: RouteType, routes: [NetworkRoute])] = []
        let routesOnly = term.count < 3 || term.allSatisfy(\.isNumber)
        if !routesOnly {
            for stop in network.stops
            where stop.name.lowercased().contains(term) || (bySuburb && stop.suburb.lowercased().contains(term)) {
                let distance = point.map { Geo.distance($0.0, $0.1, stop.latitude, stop.longitude) }
                if let distance, let maxDistance, distance > Double(maxDistance) { continue }
                for type in network.routeTypes(atStop: stop.stopID) where allowed(type) {
                    matches.append((((distance ?? 0) * 100).rounded() / 100, stop, type,
                                    network.routes(servingStop: stop.stopID, routeType: type)))
                }
            }
            matches.sort { lhs, rhs in
                (lhs.distance, lhs.stop.name, lhs.stop.stopID, lhs.type.rawValue)
                    < (rhs.distance, rhs.stop.name, rhs.stop.stopID, rhs.type.rawValue)
            }
        }
        let stops = matches.map { match in
            stopModel(match.stop, routeType: match.type, distance: match.distance,
                      routes: match.routes.map { routeModel($0, board: board, now: now) })
        }
        return try Self.encode(["stops": stops, "routes": routes.map { routeModel($0, board: board, now: now) },
                                "outlets": [String]()])
    }
}

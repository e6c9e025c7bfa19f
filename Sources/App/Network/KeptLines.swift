import Foundation
import PTV

/// A route's directions as kept in the database: each direction's name and its stops in order, each stop by id and
/// position, as JSON (`[{"name":"Clifton Hill","stops":[[10639,-37.88,144.99],…]}]`): all that `StopWays.Line.way(from:)`
/// reads, about a kilobyte a direction.
enum KeptLines {
    private struct Line: Codable {
        let name: String
        /// Each stop as `[id, latitude, longitude]`, a position left out when PTV gave none.
        let stops: [[Double]]
    }

    /// The JSON kept for `lines`.
    /// - Parameter lines: A route's directions.
    static func encode(_ lines: [StopWays.Line]) throws -> String {
        let kept = lines.map { line in
            Line(name: line.name, stops: line.stops.map { stop in
                guard let lat = stop.stopLatitude, let lon = stop.stopLongitude else { return [Double(stop.stopId)] }
                return [Double(stop.stopId), lat, lon]
            })
        }
        return String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
    }

    /// The directions kept as `json`, their stops in order.
    /// - Parameters:
    ///   - json: What `encode(_:)` made.
    ///   - routeType: The route's mode (each stop's).
    static func decode(_ json: String, routeType: RouteType) throws -> [StopWays.Line] {
        try JSONDecoder().decode([Line].self, from: Data(json.utf8)).map { line in
            StopWays.Line(name: line.name, stops: line.stops.enumerated().compactMap { index, stop in
                guard let id = stop.first else { return nil }
                return Stop(stopId: Int(id), routeType: routeType, stopLatitude: stop.count == 3 ? stop[1] : nil,
                            stopLongitude: stop.count == 3 ? stop[2] : nil, stopSequence: index + 1)
            })
        }
    }
}

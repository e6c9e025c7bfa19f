import Foundation
import PTV

/// `/v3/pattern/run/{run_ref}/route_type/{rt}` and the `/v3/runs/...` forms, recomputed from the run_ref.
extension SimulatorAPI {
    /// A run's stopping pattern: every stop it calls at in order, `departure_sequence` 100, 200, ...,
    /// with disruptions as a list (expanded by default, as on PTV). A through-run's pattern goes on with the
    /// run it continues as (a second run_ref, like PTV's); a run terminating early goes on with its cancelled
    /// remainder. Stops passed express are listed under `skipped_stops` with `include_skipped_stops=true`.
    func pattern(runRef: String, routeType rtText: String, query: QueryParameters, now: Date) throws(APIError) -> String {
        let routeType = try QueryParameters.routeType(rtText)
        guard let (journey, index) = try resolvePart(runRef, routeType: routeType) else {
            throw .notFound("run_ref \(runRef) was not found.")
        }
        let expansion = try query.expansion(default: .disruption)
        let withSkipped = try query.bool("include_skipped_stops")
        let board = DisruptionBoard(network: network, now: now)
        let parts = Array(journey.parts[index...])
        var response = ExpandedMaps()
        var departures: [JSON] = []
        var sequence = 0
        for part in parts {
            for (offset, call) in part.calls.enumerated() {
                sequence += 100
                let skipped = withSkipped ? part.skipped.filter { $0.after == call.position }.compactMap { entry in
                    network.stop(entry.call.stopID).map { stopModel($0, routeType: part.route.routeType) }
                } : []
                departures.append(departureModel(call, part: part, journey: journey, board: board, now: now, sequence: sequence,
                                                 isLast: offset == part.calls.count - 1, skippedStops: skipped))
            }
        }
        let calls = parts.flatMap(\.calls)
        if expansion.contains(.stop) {
            for call in calls {
                guard let stop = network.stop(call.stopID) else { continue }
                response.stops[String(stop.stopID)] = stopModel(stop, routeType: parts[0].route.routeType, ticket: true)
            }
        }
        for part in parts {
            if expansion.contains(.route) { response.routes[String(part.route.routeID)] = routeModel(part.route) }
            if expansion.contains(.run) { response.runs[part.runRef] = runModel(part, in: journey, now: now, expansion: expansion) }
            if expansion.contains(.direction) {
                let id = String(part.route.directions[part.trip.directionIndex].directionID)
                response.directions[id] = directionModel(part.route, index: part.trip.directionIndex)
            }
        }
        let disruptions = expansion.contains(.disruption)
            ? board.current(routeIDs: parts.map(\.route.routeID), stopIDs: calls.map(\.stopID)).map(\.json) : []
        return try Self.encode(response.fields(departures: departures, disruptions: disruptions))
    }

    /// `/v3/runs/{run_ref}[/route_type/{rt}]`: `{"run": ...}` with a route type, `{"runs": [...]}` without.
    func run(runRef: String, routeType rtText: String?, query: QueryParameters, now: Date) throws(APIError) -> String {
        var routeType: RouteType?
        if let rtText { routeType = try QueryParameters.routeType(rtText) }
        guard let (journey, index) = try resolvePart(runRef, routeType: routeType) else {
            throw .notFound("run_ref \(runRef) was not found.")
        }
        let run = runModel(journey.parts[index], in: journey, now: now, expansion: try query.expansion())
        return try Self.encode(routeType != nil ? ["run": run] : ["runs": [run]])
    }

    /// `/v3/runs/route/{route_id}[/route_type/{rt}]`: runs under way now or starting within three hours,
    /// both directions, by start time.
    func runs(routeID: String, routeType rtText: String?, query: QueryParameters, now: Date) throws(APIError) -> String {
        let route = try requireRoute(routeID)
        if let rtText {
            let routeType = try QueryParameters.routeType(rtText)
            guard route.routeType == routeType else {
                throw .notFound("route_id \(route.routeID) was not found for route_type \(routeType.rawValue).")
            }
        }
        let expansion = try query.expansion()
        let today = timetable.serviceDate(containing: now)
        let duration = Double((route.stops.last?.minutes ?? 0) * 60)
        var trips: [Trip] = []
        for offset in -1...1 {
            for directionIndex in 0...1 {
                trips += timetable.trips(of: route, directionIndex: directionIndex, on: today.adding(days: offset)).filter {
                    $0.start.addingTimeInterval(duration) >= now && $0.start <= now.addingTimeInterval(3 * 3600)
                }
            }
        }
        trips.sort { ($0.start, $0.directionIndex) < ($1.start, $1.directionIndex) }
        let runs = trips.flatMap { trip -> [JSON] in
            let journey = journey(of: trip, route: route)
            return journey.parts.filter { $0.trip == trip }.map { runModel($0, in: journey, now: now, expansion: expansion) }
        }
        return try Self.encode(["runs": runs])
    }
}

import Foundation
import PTV

/// `/v3/pattern/run/{run_ref}/route_type/{rt}` and the `/v3/runs/...` forms, recomputed from the run_ref.
extension SimulatorAPI {
    /// The `{"run": ..., "status": ...}` shape of `/v3/runs/{run_ref}/route_type/{rt}`.
    private struct SingleRunResponse: Encodable {
        let run: Run
        let status: Status
    }

    /// A run's stopping pattern: every stop in order, `departure_sequence` 100, 200, ...,
    /// with disruptions as a list (expanded by default, as on PTV).
    func pattern(runRef: String, routeType rtText: String, query: QueryParameters, now: Date) throws(APIError) -> String {
        let routeType = try QueryParameters.routeType(rtText)
        guard let (trip, route) = try RunReference.resolve(runRef, in: timetable, routeType: routeType) else {
            throw .notFound("run_ref \(runRef) was not found.")
        }
        let expansion = try query.expansion(default: .disruption)
        let board = DisruptionBoard(network: network, now: now)
        let calls = timetable.calls(of: trip)
        let departures = calls.enumerated().map { index, call in
            departureModel(call, route: route, board: board, now: now, sequence: (index + 1) * 100)
        }
        var response = PatternResponse(departures: departures)
        if expansion.contains(.stop) {
            for call in calls {
                guard let stop = network.stop(call.stopID) else { continue }
                response.stops[String(stop.stopID)] = stopModel(stop, routeType: route.routeType, ticket: true)
            }
        }
        if expansion.contains(.route) { response.routes = [String(route.routeID): routeModel(route)] }
        if expansion.contains(.run) {
            let run = runModel(trip, route: route, now: now)
            response.runs = [run.runRef: run]
        }
        if expansion.contains(.direction) {
            let direction = directionModel(route, index: trip.directionIndex)
            response.directions = [String(direction.directionId): direction]
        }
        if expansion.contains(.disruption) {
            response.disruptions = board.current(routeIDs: [route.routeID], stopIDs: calls.map(\.stopID))
        }
        return try Self.encode(response)
    }

    /// `/v3/runs/{run_ref}[/route_type/{rt}]`: `{"run": ...}` with a route type, `{"runs": [...]}` without.
    func run(runRef: String, routeType rtText: String?, now: Date) throws(APIError) -> String {
        var routeType: RouteType?
        if let rtText { routeType = try QueryParameters.routeType(rtText) }
        guard let (trip, route) = try RunReference.resolve(runRef, in: timetable, routeType: routeType) else {
            throw .notFound("run_ref \(runRef) was not found.")
        }
        let run = runModel(trip, route: route, now: now)
        if routeType != nil { return try Self.encode(SingleRunResponse(run: run, status: Status())) }
        return try Self.encode(RunsResponse(runs: [run]))
    }

    /// `/v3/runs/route/{route_id}[/route_type/{rt}]`: runs under way now or starting within three hours,
    /// both directions, by start time.
    func runs(routeID: String, routeType rtText: String?, now: Date) throws(APIError) -> String {
        let route = try requireRoute(routeID)
        if let rtText {
            let routeType = try QueryParameters.routeType(rtText)
            guard route.routeType == routeType else {
                throw .notFound("route_id \(route.routeID) was not found for route_type \(routeType.rawValue).")
            }
        }
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
        return try Self.encode(RunsResponse(runs: trips.map { runModel($0, route: route, now: now) }))
    }
}

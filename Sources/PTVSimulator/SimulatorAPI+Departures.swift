import Foundation
import PTV

/// `/v3/departures/route_type/{rt}/stop/{id}[/route/{route_id}]`.
extension SimulatorAPI {
    /// The next departures from a stop across its routes of that type (or one route), sorted by time.
    ///
    /// `max_results` applies per route and direction, as on PTV; without it (or with 0) the next 24 hours
    /// are returned. Cancelled metro trains (and the cancelled remainder of one terminating early) appear only
    /// with `include_cancelled=true`. Stops passed express are not departures. A departure scheduled up to a
    /// minute ago still shows. `date_utc` moves the window but not the real-time horizon.
    func departures(routeType rtText: String, stopID: String, routeID: String?, query: QueryParameters,
                    now: Date) throws(APIError) -> String {
        let routeType = try QueryParameters.routeType(rtText)
        let stop = try requireStop(stopID)
        var routes = network.routes(servingStop: stop.stopID, routeType: routeType)
        guard !routes.isEmpty else { throw .notFound("stop_id \(stop.stopID) was not found for route_type \(routeType.rawValue).") }
        if let routeID {
            let route = try requireRoute(routeID)
            routes = routes.filter { $0.routeID == route.routeID }
        }
        let maxResults = try query.int("max_results", in: 0...10_000) ?? 0
        let includeCancelled = try query.bool("include_cancelled")
        let directionID = try query.int("direction_id")
        let platforms = Set(query.values("platform_numbers"))
        let expansion = try query.expansion()
        let reference = try query.date("date_utc") ?? now
        _ = try query.bool("gtfs")

        let board = DisruptionBoard(network: network, now: now)
        let calls = timetable.departures(stopID: stop.stopID, routes: routes, directionID: directionID,
                                         from: reference.addingTimeInterval(-60), until: reference.addingTimeInterval(86_400))
        var taken: [String: Int] = [:]
        var departures: [JSON] = []
        var disruptionIDs = Set<Int>()
        var used: [(part: RunPart, journey: VehicleJourney)] = []
        var journeys: [Trip: VehicleJourney] = [:]
        for call in calls {
            guard let route = network.route(call.trip.routeID) else { continue }
            let key = "\(route.routeID)/\(route.directions[call.trip.directionIndex].directionID)"
            if maxResults > 0, taken[key, default: 0] >= maxResults { continue }
            let journey = journeys[call.trip] ?? journey(of: call.trip, route: route)
            journeys[call.trip] = journey
            // A stop the run passes express, or where it now only arrives, is no departure.
            guard let part = journey.part(of: call.trip, position: call.position),
                  call.position != part.calls.last?.position else { continue }
            if part.isCancelled, !includeCancelled { continue }
            let platform = call.routeStop.platform(directionIndex: call.trip.directionIndex)
            if !platforms.isEmpty, !platforms.contains(platform ?? "") { continue }
            taken[key, default: 0] += 1
            departures.append(departureModel(call, part: part, journey: journey, board: board, now: now))
            disruptionIDs.formUnion(board.currentIDs(routeIDs: [route.routeID], stopIDs: [call.stopID]))
            used.append((part, journey))
        }

        var response = ExpandedMaps()
        if expansion.contains(.stop) {
            response.stops = [String(stop.stopID): stopModel(stop, routeType: routeType, distance: 0)]
        }
        for (part, journey) in used {
            if expansion.contains(.route) { response.routes[String(part.route.routeID)] = routeModel(part.route) }
            if expansion.contains(.direction) {
                let id = String(part.route.directions[part.trip.directionIndex].directionID)
                if response.directions[id] == nil {
                    response.directions[id] = directionModel(part.route, index: part.trip.directionIndex)
                }
            }
            if expansion.contains(.run) {
                response.runs[part.runRef] = runModel(part, in: journey, now: now, expansion: expansion)
            }
        }
        var disruptions: [String: JSON] = [:]
        if expansion.contains(.disruption) {
            disruptions = DisruptionBoard.map(board.entries.filter { disruptionIDs.contains(Int($0.record.disruptionID)) })
        }
        return try Self.encode(response.fields(departures: departures, disruptions: disruptions))
    }
}

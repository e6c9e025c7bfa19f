import Foundation
import PTV

/// `/v3/stops/location/{lat},{lon}`, `/v3/stops/{id}/route_type/{rt}` and `/v3/stops/route/{id}/route_type/{rt}`.
extension SimulatorAPI {
    /// Stops within `max_distance` metres (default 300), nearest first, at most `max_results` (default 30).
    /// A stop served by several modes appears once per mode, as on PTV.
    func stopsNearby(_ point: String, query: QueryParameters, now: Date) throws(APIError) -> String {
        let parts = point.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw .badRequest("latitude/longitude '\(point)' is invalid.")
        }
        let maxResults = try query.int("max_results", in: 1...10_000) ?? 30
        let maxDistance = try query.int("max_distance", in: 0...100_000) ?? 300
        let types = try query.routeTypes()
        let board = DisruptionBoard(network: network, now: now)
        var found: [(distance: Double, stop: NetworkStop, type: RouteType, routes: [NetworkRoute])] = []
        for stop in network.stops {
            let distance = Geo.distance(latitude, longitude, stop.latitude, stop.longitude)
            guard distance <= Double(maxDistance) else { continue }
            for type in network.routeTypes(atStop: stop.stopID) where types.isEmpty || types.contains(type) {
                found.append((distance, stop, type, network.routes(servingStop: stop.stopID, routeType: type)))
            }
        }
        found.sort { ($0.distance, $0.stop.stopID, $0.type.rawValue) < ($1.distance, $1.stop.stopID, $1.type.rawValue) }
        let nearest = found.prefix(maxResults)
        let stops = nearest.map { entry in
            stopModel(entry.stop, routeType: entry.type, distance: (entry.distance * 100).rounded() / 100,
                      disruptionIDs: board.currentIDs(routeIDs: entry.routes.map(\.routeID), stopIDs: [entry.stop.stopID]),
                      routes: entry.routes.map { routeModel($0) })
        }
        let disruptions = try query.bool("stop_disruptions")
            ? DisruptionBoard.map(board.current(routeIDs: nearest.flatMap { $0.routes.map(\.routeID) },
                                                stopIDs: nearest.map(\.stop.stopID)))
            : [:]
        return try Self.encode(["stops": stops, "disruptions": disruptions])
    }

    /// One stop's details; location, amenities and accessibility only when their flags are true
    /// (amenities and accessibility exist for train and V/Line stations only).
    func stopDetails(stopID: String, routeType rtText: String, query: QueryParameters, now: Date) throws(APIError) -> String {
        let routeType = try QueryParameters.routeType(rtText)
        let stop = try requireStop(stopID)
        let routes = network.routes(servingStop: stop.stopID, routeType: routeType)
        guard !routes.isEmpty else { throw .notFound("stop_id \(stop.stopID) was not found for route_type \(routeType.rawValue).") }
        let board = DisruptionBoard(network: network, now: now)
        let disruptions = board.current(routeIDs: routes.map(\.routeID), stopIDs: [stop.stopID])
        let station = routeType == .train || routeType == .vline
        let location = JSON.keyed(["suburb": stop.suburb, "postcode": JSON.null, "municipality": "",
                                   "gps": JSON.keyed(["latitude": stop.latitude, "longitude": stop.longitude])])
        let details = JSON.keyed([
            "stop_id": stop.stopID, "stop_name": stop.name, "route_type": routeType,
            "station_type": station ? stop.stationType : nil, "station_description": "", "stop_landmark": stop.landmark,
            "disruption_ids": disruptions.map { Int($0.record.disruptionID) }, "routes": routes.map { routeModel($0) },
            "stop_location": try query.bool("stop_location") ? location : nil,
            "stop_amenities": try query.bool("stop_amenities") && station ? amenities(stop) : nil,
            "stop_accessibility": try query.bool("stop_accessibility") && station ? accessibility(stop) : nil,
        ])
        let map = try query.bool("stop_disruptions") ? DisruptionBoard.map(disruptions) : [:]
        return try Self.encode(["stop": details, "disruptions": map])
    }

    /// The stops of a route, in the order of `direction_id` (with `stop_sequence` 1...n) or forwards with 0.
    func stopsOnRoute(routeID: String, routeType rtText: String, query: QueryParameters, now: Date) throws(APIError) -> String {
        let routeType = try QueryParameters.routeType(rtText)
        let route = try requireRoute(routeID)
        guard route.routeType == routeType else {
            throw .notFound("route_id \(route.routeID) was not found for route_type \(routeType.rawValue).")
        }
        var directionIndex: Int?
        if let directionID = try query.int("direction_id") {
            guard let index = route.directions.firstIndex(where: { $0.directionID == directionID }) else {
                throw .badRequest("direction_id \(directionID) is invalid for route_id \(route.routeID).")
            }
            directionIndex = index
        }
        let board = DisruptionBoard(network: network, now: now)
        let order = route.stops(directionIndex: directionIndex ?? 0)
        let onRoute = order.enumerated().compactMap { position, entry in network.stop(entry.stop.stopID).map { (position, $0) } }
        let stops = onRoute.map { position, stop in
            stopModel(stop, routeType: route.routeType, sequence: directionIndex == nil ? 0 : position + 1,
                      disruptionIDs: board.currentIDs(routeIDs: [route.routeID], stopIDs: [stop.stopID]), ticket: true)
        }
        let map = try query.bool("stop_disruptions")
            ? DisruptionBoard.map(board.current(routeIDs: [route.routeID], stopIDs: onRoute.map(\.1.stopID))) : [:]
        return try Self.encode(["stops": stops, "disruptions": map, "geopath": [String]()])
    }

    /// Deterministic station facilities (staffed stations have more).
    private func amenities(_ stop: NetworkStop) -> JSON {
        let draw = LiveModel.fnv1a("amenities-\(stop.stopID)")
        let staffed = stop.stationType.map { $0.hasPrefix("Premium") || $0.hasPrefix("Host") } ?? false
        let parking = draw % 3 == 0 ? "" : String(50 + Int(draw % 400))
        return .keyed(["toilet": staffed, "taxi_rank": staffed || draw % 5 == 0, "car_parking": parking, "cctv": true])
    }

    /// Deterministic accessibility features.
    private func accessibility(_ stop: NetworkStop) -> JSON {
        let draw = LiveModel.fnv1a("access-\(stop.stopID)")
        let premium = stop.isPremium
        let lift = premium || draw % 4 == 0
        let ramp = !lift || draw % 2 == 0
        return .keyed([
            "lift": lift, "stairs": premium || draw % 3 != 0, "escalator": premium, "hearing_loop": premium || draw % 7 == 0,
            "tactile_ground_surface_indicator": true, "waiting_room": premium, "stop_accessible": lift || ramp,
            "audio_customer_information": true, "lighting": true, "platform_number": JSON.null,
            "wheelchair": ["accessible_ramp": ramp, "parking": draw % 3 != 0, "telephone": premium, "toilet": premium,
                         "low_ticket_counter": premium, "manouvering": true, "raised_platform": true, "ramp": ramp,
                         "secondary_path": draw % 5 == 0, "raised_platform_shelther": true, "steep_ramp": draw % 11 == 0],
        ])
    }
}

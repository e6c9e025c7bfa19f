import Foundation
import PTV

/// Turning network records and timetable calls into PTV's JSON.
extension SimulatorAPI {
    /// Flinders Street, the centre for fare zones.
    private static let cityCentre = (latitude: -37.8183, longitude: 144.9671)

    /// A route: with `route_service_status` as PTV sends it on routes and search results (given a board).
    func routeModel(_ route: NetworkRoute, board: DisruptionBoard? = nil, now: Date = Date(timeIntervalSince1970: 0)) -> JSON {
        var json = Self.routeReference(route)
        json["geopath"] = .array([])
        if let board {
            let worst = board.current(routeIDs: [route.routeID], stopIDs: []).first
            let minute = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
            json["route_service_status"] = .keyed(["description": worst?.record.type ?? "Good Service", "timestamp": minute])
        }
        return json
    }

    /// The fields every route object has (a disruption's routes have only these and `direction`).
    static func routeReference(_ route: NetworkRoute) -> JSON {
        .keyed(["route_type": route.routeType, "route_id": route.routeID, "route_name": route.name,
                "route_number": route.number, "route_gtfs_id": route.gtfsID])
    }

    /// A direction of a route; `route_direction_description` only in directions responses.
    func directionModel(_ route: NetworkRoute, index: Int, withDescription: Bool = false) -> JSON {
        let direction = route.directions[index]
        var json = JSON.keyed(["direction_id": direction.directionID, "direction_name": direction.name,
                               "route_id": route.routeID, "route_type": route.routeType])
        if withDescription, !direction.description.isEmpty { json["route_direction_description"] = .string(direction.description) }
        return json
    }

    /// A stop as a departures/pattern map entry (or, with routes and a distance, a search result); `routes`,
    /// `stop_distance` and `stop_ticket` only where that shape carries them.
    func stopModel(_ stop: NetworkStop, routeType: RouteType, distance: Double? = nil, sequence: Int = 0,
                   disruptionIDs: [Int] = [], routes: [JSON] = [], ticket: Bool = false) -> JSON {
        var json = JSON.keyed([
            "stop_id": stop.stopID, "stop_name": stop.name, "stop_suburb": stop.suburb, "route_type": routeType,
            "stop_latitude": stop.latitude, "stop_longitude": stop.longitude, "stop_landmark": stop.landmark,
            "stop_sequence": sequence, "disruption_ids": disruptionIDs,
        ])
        json["stop_distance"] = distance?.json
        json["routes"] = routes.isEmpty ? nil : .array(routes)
        json["stop_ticket"] = ticket ? ticketModel(stop, routeType: routeType) : nil
        return json
    }

    /// Ticketing details: zone 1 within 15 km of the city, else zone 2; the free tram zone in the CBD.
    func ticketModel(_ stop: NetworkStop, routeType: RouteType) -> JSON {
        let distance = Geo.distance(stop.latitude, stop.longitude, Self.cityCentre.latitude, Self.cityCentre.longitude)
        let zone = distance < 15_000 ? 1 : 2
        let freeTramZone = routeType == .tram && (-37.8235 ... -37.8055).contains(stop.latitude)
            && (144.9400 ... 144.9740).contains(stop.longitude)
        let station = routeType == .train || routeType == .vline
        return .keyed(["ticket_type": "", "zone": "Zone \(zone)", "is_free_fare_zone": freeTramZone, "ticket_machine": station,
                       "ticket_checks": station, "vline_reservation": routeType == .vline && zone == 2, "ticket_zones": [zone]])
    }

    /// The run object of one part of a journey, as PTV sends it now: every key present, nulls where PTV
    /// sends null, `geopath: []`, `interchange` and `run_note`.
    /// - Parameters:
    ///   - part: The part (one run_ref).
    ///   - journey: The vehicle's journey.
    ///   - now: The current time.
    ///   - expansion: Whether to fill `vehicle_position` and `vehicle_descriptor`.
    func runModel(_ part: RunPart, in journey: VehicleJourney, now: Date, expansion: Expansion) -> JSON {
        let route = part.route
        let tracking = journey.state.isLive && part.trip.start <= now.addingTimeInterval(LiveModel.estimateHorizon)
        let status = part.isCancelled ? "cancelled" : (tracking ? "updated" : "scheduled")
        let running = !part.isCancelled
        return .keyed([
            "run_id": part.runID, "run_ref": part.runRef, "route_id": route.routeID, "route_type": route.routeType,
            "final_stop_id": part.finalStopID, "destination_name": network.stop(part.finalStopID)?.name ?? "",
            "status": status, "direction_id": route.directions[part.trip.directionIndex].directionID, "run_sequence": 0,
            "express_stop_count": part.skipped.count,
            "vehicle_position": running && expansion.contains(.vehiclePosition) ? vehiclePosition(journey, now: now) : nil,
            "vehicle_descriptor": running && expansion.contains(.vehicleDescriptor) ? vehicleDescriptor(journey) : nil,
            "geopath": JSON.array([]), "interchange": interchange(of: part, in: journey), "run_note": "",
        ])
    }

    /// The through-running links of a part (nil for runs that neither feed nor continue).
    func interchange(of part: RunPart, in journey: VehicleJourney) -> JSON? {
        guard journey.parts.count > 1, !journey.parts.contains(where: \.isCancelled),
              let index = journey.parts.firstIndex(where: { $0.runRef == part.runRef }) else { return nil }
        func link(_ other: RunPart, at stopID: Int) -> JSON {
            .keyed(["run_ref": other.runRef, "route_id": other.route.routeID, "stop_id": stopID, "advertised": true,
                    "direction_id": other.route.directions[other.trip.directionIndex].directionID,
                    "destination_name": network.stop(other.finalStopID)?.name ?? ""])
        }
        let feeder = index > 0 ? link(journey.parts[index - 1], at: journey.parts[index - 1].finalStopID) : nil
        let distributor = index + 1 < journey.parts.count ? link(journey.parts[index + 1], at: part.finalStopID) : nil
        return .keyed(["feeder": feeder, "distributor": distributor])
    }

    /// One call as a PTV departure: platform, live estimate, `at_platform`, cancellation and disruption ids.
    /// Patterns write `skipped_stops` and `departure_note` on every row; departures responses write a note
    /// only when there is one.
    /// - Parameters:
    ///   - call: The call.
    ///   - part: The run part making it.
    ///   - journey: The vehicle's journey.
    ///   - board: Current disruptions.
    ///   - now: The current time.
    ///   - sequence: `departure_sequence` (patterns), 0 in departures responses.
    ///   - isLast: The part's last call (patterns flag it "E").
    ///   - skippedStops: The stops passed express after this one, in patterns; nil in departures responses.
    func departureModel(_ call: ScheduledCall, part: RunPart, journey: VehicleJourney, board: DisruptionBoard, now: Date,
                        sequence: Int = 0, isLast: Bool = false, skippedStops: [JSON]? = nil) -> JSON {
        let route = part.route
        let wholeCancelled = live.state(runRef: call.trip.reference.string(for: route), route: route).isCancelled
        var flags = wholeCancelled ? "RR_CAN" : ""
        if isLast { flags = flags.isEmpty ? "E" : flags + "_E" }
        let isFinalStop = call.stopID == part.finalStopID && call.position == part.calls.last?.position
        let note = isFinalStop ? "" : part.departureNote
        var json = JSON.keyed([
            "stop_id": call.stopID, "route_id": route.routeID, "run_id": part.runID, "run_ref": part.runRef,
            "direction_id": route.directions[call.trip.directionIndex].directionID,
            "disruption_ids": board.currentIDs(routeIDs: [route.routeID], stopIDs: [call.stopID]),
            "scheduled_departure_utc": call.scheduled,
            "estimated_departure_utc": estimate(call, part: part, journey: journey, now: now),
            "at_platform": !part.isCancelled && isAtPlatform(call, journey: journey, now: now),
            "platform_number": call.routeStop.platform(directionIndex: call.trip.directionIndex), "flags": flags,
            "departure_sequence": sequence,
        ])
        json["skipped_stops"] = skippedStops.map(JSON.array)
        json["departure_note"] = skippedStops != nil || !note.isEmpty ? .string(note) : nil
        return json
    }

    /// Looks up a route by id text: 400 when not a number, 404 when unknown.
    func requireRoute(_ text: String) throws(APIError) -> NetworkRoute {
        let id = try QueryParameters.id(text, "route_id")
        guard let route = network.route(id) else { throw .notFound("route_id \(id) was not found.") }
        return route
    }

    /// Looks up a stop by id text: 400 when not a number, 404 when unknown.
    func requireStop(_ text: String) throws(APIError) -> NetworkStop {
        let id = try QueryParameters.id(text, "stop_id")
        guard let stop = network.stop(id) else { throw .notFound("stop_id \(id) was not found.") }
        return stop
    }
}

/// Great-circle distances.
enum Geo {
    /// Haversine distance in metres between two points given in degrees.
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radius = 6_371_000.0
        let dLat = (lat2 - lat1) * .pi / 180, dLon = (lon2 - lon1) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(lat1 * .pi / 180) * cos(lat2 * .pi / 180) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * radius * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}

extension Geo {
    /// Initial great-circle bearing from the first point to the second, degrees clockwise from north in [0, 360).
    static func bearing(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180, Δλ = (lon2 - lon1) * .pi / 180
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let degrees = atan2(y, x) * 180 / .pi
        return (degrees + 360).truncatingRemainder(dividingBy: 360)
    }

    /// UTM easting and northing in metres (GDA2020 / WGS84 ellipsoid, southern hemisphere, zone 55 for
    /// Melbourne), as metro train positions carry them.
    static func utm(_ latitude: Double, _ longitude: Double, zone: Int = 55) -> (easting: Double, northing: Double) {
        let a = 6_378_137.0, f = 1 / 298.257223563, k0 = 0.9996
        let e2 = f * (2 - f), ep2 = e2 / (1 - e2)
        let φ = latitude * .pi / 180
        let λ0 = Double(zone * 6 - 183) * .pi / 180
        let n = a / (1 - e2 * sin(φ) * sin(φ)).squareRoot()
        let t = tan(φ) * tan(φ), c = ep2 * cos(φ) * cos(φ), aa = cos(φ) * (longitude * .pi / 180 - λ0)
        let e4 = e2 * e2, e6 = e4 * e2
        let m = a * ((1 - e2 / 4 - 3 * e4 / 64 - 5 * e6 / 256) * φ - (3 * e2 / 8 + 3 * e4 / 32 + 45 * e6 / 1024) * sin(2 * φ)
            + (15 * e4 / 256 + 45 * e6 / 1024) * sin(4 * φ) - (35 * e6 / 3072) * sin(6 * φ))
        let easting = 500_000 + k0 * n * (aa + (1 - t + c) * pow(aa, 3) / 6
            + (5 - 18 * t + t * t + 72 * c - 58 * ep2) * pow(aa, 5) / 120)
        var northing = k0 * (m + n * tan(φ) * (aa * aa / 2 + (5 - t + 9 * c + 4 * c * c) * pow(aa, 4) / 24
            + (61 - 58 * t + t * t + 600 * c - 330 * ep2) * pow(aa, 6) / 720))
        if latitude < 0 { northing += 10_000_000 }
        return (easting, northing)
    }
}

import Foundation
import PTV

/// Turning network records and timetable calls into PTV response models.
extension SimulatorAPI {
    /// Flinders Street, the centre for fare zones.
    private static let cityCentre = (latitude: -37.8183, longitude: 144.9671)

    /// A route; with `serviceStatus` as PTV sends it on routes and search results.
    func routeModel(_ route: NetworkRoute, board: DisruptionBoard? = nil, now: Date = Date(timeIntervalSince1970: 0)) -> Route {
        var status: RouteServiceStatus?
        if let board {
            let worst = board.current(routeIDs: [route.routeID], stopIDs: []).first
            let minute = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
            status = RouteServiceStatus(description: worst?.disruptionType ?? "Good Service", timestamp: minute)
        }
        return Route(routeType: route.routeType, routeId: route.routeID, routeName: route.name, routeNumber: route.number,
                     routeGtfsId: route.gtfsID, serviceStatus: status)
    }

    /// A direction of a route.
    func directionModel(_ route: NetworkRoute, index: Int, withDescription: Bool = false) -> Direction {
        let direction = route.directions[index]
        return Direction(directionId: direction.directionID, directionName: direction.name, routeId: route.routeID,
                         routeType: route.routeType, routeDirectionDescription: withDescription ? direction.description : "")
    }

    /// A stop as a departures/pattern map entry (or, with routes and a distance, a search result).
    func stopModel(_ stop: NetworkStop, routeType: RouteType, distance: Double? = nil, sequence: Int = 0,
                   disruptionIDs: [Int] = [], routes: [Route] = [], ticket: Bool = false) -> Stop {
        Stop(stopId: stop.stopID, stopName: stop.name, stopSuburb: stop.suburb, routeType: routeType,
             stopLatitude: stop.latitude, stopLongitude: stop.longitude, stopLandmark: stop.landmark,
             stopSequence: sequence, stopDistance: distance, disruptionIds: disruptionIDs, routes: routes,
             stopTicket: ticket ? ticketModel(stop, routeType: routeType) : nil)
    }

    /// Ticketing details: zone 1 within 15 km of the city, else zone 2; the free tram zone in the CBD.
    func ticketModel(_ stop: NetworkStop, routeType: RouteType) -> StopTicket {
        let distance = Geo.distance(stop.latitude, stop.longitude, Self.cityCentre.latitude, Self.cityCentre.longitude)
        let zone = distance < 15_000 ? 1 : 2
        let freeTramZone = routeType == .tram && (-37.8235 ... -37.8055).contains(stop.latitude)
            && (144.9400 ... 144.9740).contains(stop.longitude)
        let station = routeType == .train || routeType == .vline
        return StopTicket(ticketType: "", zone: "Zone \(zone)", isFreeFareZone: freeTramZone, ticketMachine: station,
                          ticketChecks: station, vlineReservation: routeType == .vline && zone == 2, ticketZones: [zone])
    }

    /// The run a trip is.
    func runModel(_ trip: Trip, route: NetworkRoute, now: Date) -> Run {
        let reference = trip.reference
        let runRef = reference.string(for: route)
        let state = live.state(runRef: runRef, route: route)
        let final = route.stops(directionIndex: trip.directionIndex).last?.stop.stopID ?? 0
        let destination = network.stop(final)?.name ?? ""
        let tracking = state.isLive && trip.start <= now.addingTimeInterval(LiveModel.estimateHorizon)
        return Run(runId: reference.runID(for: route), runRef: runRef, routeId: route.routeID, routeType: route.routeType,
                   finalStopId: final, destinationName: destination, status: tracking ? "updated" : "scheduled",
                   directionId: route.directions[trip.directionIndex].directionID, runSequence: 0, expressStopCount: 0)
    }

    /// One call as a PTV departure: platform, live estimate, cancellation flag and disruption ids.
    func departureModel(_ call: ScheduledCall, route: NetworkRoute, board: DisruptionBoard, now: Date,
                        sequence: Int = 0) -> Departure {
        let reference = call.trip.reference
        let runRef = reference.string(for: route)
        let state = live.state(runRef: runRef, route: route)
        let estimate = live.estimate(scheduled: call.scheduled, state: state, now: now)
        let best = estimate ?? call.scheduled
        let atPlatform = estimate != nil && abs(best.timeIntervalSince(now)) <= 60
        return Departure(
            stopId: call.stopID, routeId: route.routeID, runId: reference.runID(for: route), runRef: runRef,
            directionId: route.directions[call.trip.directionIndex].directionID,
            disruptionIds: board.currentIDs(routeIDs: [route.routeID], stopIDs: [call.stopID]),
            scheduledDepartureUTC: call.scheduled, estimatedDepartureUTC: estimate, atPlatform: atPlatform,
            platformNumber: call.routeStop.platform(directionIndex: call.trip.directionIndex),
            flags: state.isCancelled ? "RR_CAN" : "", departureSequence: sequence)
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

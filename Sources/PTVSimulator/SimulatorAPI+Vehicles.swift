import Foundation
import PTV

/// Where vehicles are: positions that move with the clock, `at_platform`, feeds that drop, and buses that
/// still report their previous trip.
extension SimulatorAPI {
    /// Positions are reported every 15 seconds and reach PTV 5 seconds later.
    static let reportInterval: TimeInterval = 15
    /// Delay between a report and PTV serving it.
    static let reportLag: TimeInterval = 5
    /// A metro position expires this long after it was reported.
    static let metroExpiry: TimeInterval = 90
    /// A bus position expires this long after it was reported (Smartrak's seven-digit fractions).
    static let busExpiry: TimeInterval = 127.498_534_3
    /// A bus lays over this long at the end of its previous trip before starting the next one.
    static let busLayover: TimeInterval = 5 * 60

    /// The path of the vehicle over its running parts, with times moved by its live delay; nil for vehicles
    /// without tracking (trams, V/Line, timetable-only runs, cancelled runs).
    func motion(of journey: VehicleJourney) -> VehicleMotion? {
        guard let first = journey.parts.first, first.route.routeType == .train || first.route.routeType == .bus,
              journey.state.isLive else { return nil }
        let delay = Double(journey.state.delaySeconds)
        let stops = journey.runningParts.flatMap(\.calls).compactMap { call -> (Int, Double, Double, Date)? in
            guard let stop = network.stop(call.stopID) else { return nil }
            return (stop.stopID, stop.latitude, stop.longitude, call.scheduled.addingTimeInterval(delay))
        }
        guard stops.count >= 2 else { return nil }
        let dwell = first.route.routeType == .train ? VehicleMotion.trainDwell : VehicleMotion.busDwell
        return VehicleMotion(stops: stops.map { (stopID: $0.0, latitude: $0.1, longitude: $0.2, time: $0.3) }, dwell: dwell)
    }

    /// When the vehicle's live feed drops, if it does.
    func feedLost(of journey: VehicleJourney, motion: VehicleMotion) -> Date? {
        guard let fraction = journey.behaviour.feedLostFraction, let span = motion.span else { return nil }
        return span.lowerBound.addingTimeInterval(span.upperBound.timeIntervalSince(span.lowerBound) * fraction)
    }

    /// The last report time at or before `time`.
    static func reportTime(_ time: Date) -> Date {
        let seconds = time.timeIntervalSince1970 - reportLag
        return Date(timeIntervalSince1970: (seconds / reportInterval).rounded(.down) * reportInterval)
    }

    /// True when the vehicle's live information has stopped by `now`.
    func isFeedLost(_ journey: VehicleJourney, now: Date) -> Bool {
        guard let motion = motion(of: journey), let lost = feedLost(of: journey, motion: motion) else { return false }
        return now >= lost
    }

    /// The `vehicle_position` PTV would send now, or nil.
    func vehiclePosition(_ journey: VehicleJourney, now: Date) -> WireVehiclePosition? {
        guard let motion = motion(of: journey), let first = journey.parts.first else { return nil }
        var reported = Self.reportTime(now)
        if let lost = feedLost(of: journey, motion: motion), now >= lost { reported = Self.reportTime(lost) }
        let isBus = first.route.routeType == .bus
        var fix = motion.fix(at: reported)
        var route = first.route
        var directionIndex = first.trip.directionIndex
        if fix == nil, isBus, journey.behaviour.reportsPreviousTrip, let start = motion.span?.lowerBound, reported < start {
            fix = previousTripMotion(first, before: start)?.fix(at: reported)
            directionIndex = 1 - directionIndex
        }
        guard let fix else { return nil }
        if let part = journey.runningParts.last(where: { ($0.calls.first?.scheduled ?? .distantFuture) <= reported }), !isBus {
            route = part.route
            directionIndex = part.trip.directionIndex
        }
        let inbound = route.directions[directionIndex].name.contains("City")
        return WireVehiclePosition(supplier: isBus ? .smartrak : .metro, fix: fix, direction: inbound ? "Inbound" : "Outbound",
                                   datetime: reported, expiry: reported.addingTimeInterval(isBus ? Self.busExpiry : Self.metroExpiry))
    }

    /// The bus's previous trip: the other way along the route, arriving at this trip's first stop a layover
    /// before it starts; it reports until this trip's own first stand begins.
    private func previousTripMotion(_ part: RunPart, before start: Date) -> VehicleMotion? {
        let order = part.route.stops(directionIndex: 1 - part.trip.directionIndex)
        guard let duration = order.last?.offset else { return nil }
        let end = start.addingTimeInterval(VehicleMotion.originStand - Self.busLayover)
        let begin = end.addingTimeInterval(-Double(duration * 60))
        let stops = order.compactMap { entry -> (stopID: Int, latitude: Double, longitude: Double, time: Date)? in
            guard let stop = network.stop(entry.stop.stopID) else { return nil }
            return (stop.stopID, stop.latitude, stop.longitude, begin.addingTimeInterval(Double(entry.offset * 60)))
        }
        guard stops.count >= 2 else { return nil }
        let motion = VehicleMotion(stops: stops, dwell: VehicleMotion.busDwell)
        // Stand at the terminus through the layover, up to this trip's own first stand.
        guard let last = motion.stands.last else { return nil }
        let layover = VehicleMotion.Stand(stopID: last.stopID, latitude: last.latitude, longitude: last.longitude,
                                          arrive: last.arrive, depart: start.addingTimeInterval(-1))
        return VehicleMotion(stands: motion.stands.dropLast() + [layover])
    }

    /// `at_platform`: the train stands at this call's stop now, for this call.
    func isAtPlatform(_ call: ScheduledCall, journey: VehicleJourney, now: Date) -> Bool {
        guard journey.parts.first?.route.routeType == .train, let motion = motion(of: journey),
              !isFeedLost(journey, now: now), let index = motion.fix(at: now)?.standIndex else { return false }
        let stand = motion.stands[index]
        let time = call.scheduled.addingTimeInterval(Double(journey.state.delaySeconds))
        return stand.stopID == call.stopID && time >= stand.arrive && time <= stand.depart
    }

    /// The live estimate for a call, or nil (cancelled part, feed lost, not tracked, or out of the horizon).
    func estimate(_ call: ScheduledCall, part: RunPart, journey: VehicleJourney, now: Date) -> Date? {
        guard !part.isCancelled, !isFeedLost(journey, now: now) else { return nil }
        return live.estimate(scheduled: call.scheduled, state: journey.state, now: now)
    }

    /// The vehicle details of a tracked metro train, or of any tram or bus: a low floor mix on trams (45 in 100 low
    /// floor, 35 not, 20 with `low_floor` null, as PTV sends for a tram its supplier has not identified) and buses
    /// (80 low floor, 20 null; every field null on a route whose floors are not known, as Smartrak sends them);
    /// air conditioning is sent for the low floor trams (E class) only, null elsewhere.
    func vehicleDescriptor(_ journey: VehicleJourney) -> JSON? {
        guard let first = journey.parts.first else { return nil }
        if first.route.routeType == .tram || first.route.routeType == .bus || first.route.routeType == .nightBus {
            guard first.route.floorsKnown else {
                return .keyed(["operator": JSON.null, "id": JSON.null, "low_floor": JSON.null, "air_conditioned": JSON.null,
                               "description": JSON.null, "supplier": "Smartrak", "length": JSON.null])
            }
            let draw = Int(LiveModel.fnv1a(first.runRef + "/floor") % 100)
            let tram = first.route.routeType == .tram
            let low: Bool? = tram ? (draw < 45 ? true : draw < 80 ? false : nil) : (draw < 80 ? true : nil)
            let number = (tram ? 3001 : 8001) + Int(LiveModel.fnv1a(first.runRef) % 500)
            return .keyed(["operator": tram ? "Yarra Trams" : "Bus operator", "id": String(number),
                           "low_floor": low.map(JSON.bool) ?? JSON.null, "air_conditioned": tram && low == true ? JSON.bool(true) : JSON.null,
                           "description": tram ? (low == true ? "E class" : low == false ? "Z3 class" : "") : "",
                           "supplier": tram ? "Yarra Trams" : "Smartrak", "length": ""])
        }
        guard first.route.routeType == .train, journey.state.isLive else { return nil }
        let number = 9001 + Int(LiveModel.fnv1a(first.runRef) % 70)
        let kinds = ["3 Car Silver Hitachi", "6 Car Comeng", "6 Car Siemens", "6 Car X'Trapolis", "7 Car HCMT"]
        let kind = kinds[Int(LiveModel.fnv1a(first.runRef + "/kind") % UInt64(kinds.count))]
        return .keyed(["operator": "Metro Trains Melbourne", "id": "\(number)M-\(number + 900)M", "low_floor": JSON.null,
                       "air_conditioned": JSON.null, "description": kind, "supplier": "CIS - Metro Trains Melbourne",
                       "length": kind.hasPrefix("7") ? "160" : "140"])
    }
}

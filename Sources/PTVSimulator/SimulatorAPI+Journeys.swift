import Foundation
import PTV

/// Building vehicle journeys: early termination, express running and through-running.
extension SimulatorAPI {
    /// Added to a trip's numeric run id to make the run_ref of the cancelled remainder of a run that
    /// terminates early (ordinary numeric refs stay far below it).
    static let remainderBase = 1_000_000_000_000_000

    /// The journey a trip is part of.
    /// - Parameters:
    ///   - trip: The trip.
    ///   - route: Its route.
    func journey(of trip: Trip, route: NetworkRoute) -> VehicleJourney {
        let runRef = trip.reference.string(for: route)
        let behaviour = live.behaviour(runRef: runRef, route: route)
        let state = live.state(runRef: runRef, route: route)
        let calls = timetable.calls(of: trip)
        if let cut = behaviour.terminatesAtPosition, cut < calls.count - 1 {
            let remainderID = Self.remainderBase + trip.reference.numericID
            let running = RunPart(route: route, trip: trip, runRef: runRef, runID: trip.reference.runID(for: route),
                                  calls: Array(calls[...cut]), skipped: [], isCancelled: false, departureNote: "")
            let cancelled = RunPart(route: route, trip: trip, runRef: String(remainderID), runID: remainderID,
                                    calls: Array(calls[cut...]), skipped: [], isCancelled: true, departureNote: "")
            return VehicleJourney(parts: [running, cancelled], state: state, behaviour: behaviour)
        }
        if let next = distributor(of: trip), let nextRoute = network.route(next.routeID) {
            return VehicleJourney(parts: [part(trip, route: route, note: ThroughRunning.note), part(next, route: nextRoute)],
                                  state: state, behaviour: behaviour)
        }
        if let previous = feeder(of: trip), let previousRoute = network.route(previous.routeID) {
            let feederRef = previous.reference.string(for: previousRoute)
            return VehicleJourney(parts: [part(previous, route: previousRoute, note: ThroughRunning.note), part(trip, route: route)],
                                  state: live.state(runRef: feederRef, route: previousRoute),
                                  behaviour: live.behaviour(runRef: feederRef, route: previousRoute))
        }
        return VehicleJourney(parts: [part(trip, route: route)], state: state, behaviour: behaviour)
    }

    /// A whole trip as one part, without the stops it passes express.
    private func part(_ trip: Trip, route: NetworkRoute, note: String = "") -> RunPart {
        let runRef = trip.reference.string(for: route)
        let behaviour = live.behaviour(runRef: runRef, route: route)
        let calls = timetable.calls(of: trip)
        var kept: [ScheduledCall] = []
        var skipped: [(after: Int, call: ScheduledCall)] = []
        for call in calls {
            // Real express runs stop at premium stations, so the simulator's never pass one.
            if behaviour.skippedPositions.contains(call.position), network.stop(call.routeStop.stopID)?.isPremium != true,
               let last = kept.last {
                skipped.append((last.position, call))
            } else {
                kept.append(call)
            }
        }
        return RunPart(route: route, trip: trip, runRef: runRef, runID: trip.reference.runID(for: route), calls: kept,
                       skipped: skipped, isCancelled: live.state(runRef: runRef, route: route).isCancelled,
                       departureNote: note)
    }

    /// The journey and part a run_ref names (including the cancelled remainder of a run that terminates early).
    /// - Parameters:
    ///   - runRef: The run_ref from the path.
    ///   - routeType: The route type from the path, if any.
    /// - Returns: Nil when the ref is well-formed but names no run; throws for malformed refs.
    func resolvePart(_ runRef: String, routeType: RouteType?) throws(APIError) -> (journey: VehicleJourney, index: Int)? {
        if runRef.count <= 18, runRef.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(runRef), value >= Self.remainderBase {
            guard case .reference(let base, true, _) = RunReference.parse(String(value - Self.remainderBase)),
                  let route = network.route(base.routeID), route.hasNumericRuns, routeType == nil || route.routeType == routeType,
                  let trip = timetable.trip(for: base) else { return nil }
            let journey = journey(of: trip, route: route)
            guard let index = journey.parts.firstIndex(where: { $0.runRef == runRef }) else { return nil }
            return (journey, index)
        }
        guard let (trip, route) = try RunReference.resolve(runRef, in: timetable, routeType: routeType) else { return nil }
        let journey = journey(of: trip, route: route)
        guard let index = journey.parts.firstIndex(where: { $0.runRef == runRef }) else { return nil }
        return (journey, index)
    }

    // MARK: Through-running

    /// The trip a feeder continues as, when the two pair one-to-one.
    func distributor(of trip: Trip) -> Trip? {
        guard let next = firstDistributor(after: trip), lastFeeder(before: next) == trip else { return nil }
        return next
    }

    /// The trip a distributor continues from, when the two pair one-to-one.
    func feeder(of trip: Trip) -> Trip? {
        guard let previous = lastFeeder(before: trip), firstDistributor(after: previous) == trip else { return nil }
        return previous
    }

    private func firstDistributor(after feeder: Trip) -> Trip? {
        guard feeder.routeID == ThroughRunning.feederRouteID, feeder.directionIndex == ThroughRunning.feederDirection,
              let feederRoute = network.route(feeder.routeID), let route = network.route(ThroughRunning.distributorRouteID),
              !isCancelled(feeder, route: feederRoute) else { return nil }
        let arrival = Self.arrival(of: feeder, route: feederRoute)
        return timetable.trips(of: route, directionIndex: ThroughRunning.distributorDirection, on: feeder.serviceDate).first {
            $0.start >= arrival && $0.start < arrival.addingTimeInterval(ThroughRunning.window) && !isCancelled($0, route: route)
        }
    }

    private func lastFeeder(before distributor: Trip) -> Trip? {
        guard distributor.routeID == ThroughRunning.distributorRouteID,
              distributor.directionIndex == ThroughRunning.distributorDirection,
              let distributorRoute = network.route(distributor.routeID), let route = network.route(ThroughRunning.feederRouteID),
              !isCancelled(distributor, route: distributorRoute) else { return nil }
        return timetable.trips(of: route, directionIndex: ThroughRunning.feederDirection, on: distributor.serviceDate).last {
            let arrival = Self.arrival(of: $0, route: route)
            return arrival <= distributor.start && arrival > distributor.start.addingTimeInterval(-ThroughRunning.window)
                && !isCancelled($0, route: route)
        }
    }

    private func isCancelled(_ trip: Trip, route: NetworkRoute) -> Bool {
        live.state(runRef: trip.reference.string(for: route), route: route).isCancelled
    }

    /// When a trip reaches its last stop.
    static func arrival(of trip: Trip, route: NetworkRoute) -> Date {
        trip.start.addingTimeInterval(Double((route.stops(directionIndex: trip.directionIndex).last?.offset ?? 0) * 60))
    }
}

import Foundation
import PTV

/// Runs of the demo network that show each live behaviour at one instant, so tests and the browser gate can
/// find them at any clock (see `Sources/PTVSimulator/README.md` for the values at the gate's seed and clock).
public struct SimulatorShowcase: Sendable, Equatable {
    /// One example run.
    public struct Example: Sendable, Equatable, CustomStringConvertible {
        /// The run's mode.
        public let routeType: RouteType
        /// The run's route.
        public let routeID: Int
        /// The run_ref to open.
        public let runRef: String
        /// The stop that matters for the behaviour (see each property).
        public let stopID: Int
        /// The other run_ref involved (the continuation, or the cancelled remainder), if any.
        public let otherRunRef: String?

        /// `route_type/run_ref @ stop`, for logs and failure messages.
        public var description: String {
            "\(routeType.rawValue)/\(runRef) @ \(stopID)" + (otherRunRef.map { " + \($0)" } ?? "")
        }
    }

    /// A tracked train moving between two stops with a fresh position; `stopID` is the stop it left.
    public var movingTrain: Example?
    /// A train standing at an intermediate stop (`at_platform` there); `stopID` is that stop.
    public var trainAtPlatform: Example?
    /// A run under way whose live feed has dropped: its position has expired and estimates stopped; `stopID` is
    /// the first stop it has not reached by the timetable. A run that is one half of a through-run is picked
    /// only when no other is found (its last position may lie on the other half).
    public var staleRun: Example?
    /// A bus, not yet started, whose fresh position is its previous trip's; `stopID` is the run's first stop.
    public var previousTripBus: Example?
    /// A train that terminates early: `runRef` runs to `stopID`, `otherRunRef` is the cancelled remainder.
    /// This and the two below have at least three stops more than two minutes ahead.
    public var terminatedEarly: Example?
    /// A through-run: `runRef` continues at `stopID` as `otherRunRef` (another route).
    public var throughRun: Example?
    /// A train running express (`express_stop_count` > 0); `stopID` is a stop it passes without stopping, at least a
    /// quarter of an hour ahead.
    public var expressTrain: Example?
    /// A tram under way with live estimates (and, as on PTV, no position); `stopID` is its next stop.
    public var tram: Example?
    /// A metro train cancelled as a whole (run `status: "cancelled"`), under way by the timetable when one is, with
    /// at least three stops ahead; `stopID` is its first stop whose time has not passed.
    public var cancelledRun: Example?
}

extension SimulatorAPI {
    /// Finds an example of each behaviour at `now` (nil where the network has none at that time), always
    /// picking the first in route, direction and start order, so equal seeds and clocks give equal answers.
    /// - Parameter now: The instant.
    func showcase(at now: Date) -> SimulatorShowcase {
        var found = SimulatorShowcase()
        var staleThroughRun, cancelledLater: SimulatorShowcase.Example?
        let today = timetable.serviceDate(containing: now)
        for route in network.routes where [.train, .tram, .bus].contains(route.routeType) {
            for day in [today.adding(days: -1), today] {
                for directionIndex in 0 ... 1 {
                    for trip in timetable.trips(of: route, directionIndex: directionIndex, on: day) {
                        let end = Self.arrival(of: trip, route: route)
                        guard trip.start <= now.addingTimeInterval(3600), end >= now.addingTimeInterval(-120) else { continue }
                        consider(trip, route: route, now: now, into: &found, staleThroughRun: &staleThroughRun)
                        if route.routeType == .train { considerCancelled(trip, route: route, now: now, into: &found, later: &cancelledLater) }
                    }
                }
            }
        }
        if found.staleRun == nil { found.staleRun = staleThroughRun }
        if found.cancelledRun == nil { found.cancelledRun = cancelledLater }
        return found
    }

    /// A whole cancelled train: one under way by the timetable, else (in `later`) one yet to start.
    private func considerCancelled(_ trip: Trip, route: NetworkRoute, now: Date, into found: inout SimulatorShowcase,
                                   later: inout SimulatorShowcase.Example?) {
        guard found.cancelledRun == nil else { return }
        let journey = journey(of: trip, route: route)
        guard journey.parts.count == 1, let part = journey.parts.first, part.isCancelled else { return }
        let ahead = part.calls.filter { $0.scheduled > now.addingTimeInterval(120) }
        guard ahead.count >= 3, let next = ahead.first else { return }
        let example = SimulatorShowcase.Example(routeType: route.routeType, routeID: route.routeID, runRef: part.runRef,
                                                stopID: next.stopID, otherRunRef: nil)
        if trip.start <= now { found.cancelledRun = example } else if later == nil { later = example }
    }

    private func consider(_ trip: Trip, route: NetworkRoute, now: Date, into found: inout SimulatorShowcase,
                          staleThroughRun: inout SimulatorShowcase.Example?) {
        let journey = journey(of: trip, route: route)
        guard let part = journey.parts.first(where: { $0.trip == trip }) else { return }
        let isFirst = journey.parts.first?.trip == trip
        func example(_ stopID: Int, other: String? = nil) -> SimulatorShowcase.Example {
            .init(routeType: route.routeType, routeID: route.routeID, runRef: part.runRef, stopID: stopID, otherRunRef: other)
        }
        let underWay = trip.start <= now
        let ahead = part.calls.filter { $0.scheduled.addingTimeInterval(Double(journey.state.delaySeconds)) > now.addingTimeInterval(120) }
        let nextCall = part.calls.first { $0.scheduled.addingTimeInterval(Double(journey.state.delaySeconds)) > now }
        if found.terminatedEarly == nil, isFirst, journey.parts.count == 2, journey.parts[1].isCancelled, ahead.count >= 3 {
            found.terminatedEarly = example(part.finalStopID, other: journey.parts[1].runRef)
        }
        if found.throughRun == nil, isFirst, journey.parts.count == 2, !journey.parts[1].isCancelled, ahead.count >= 3 {
            found.throughRun = example(part.finalStopID, other: journey.parts[1].runRef)
        }
        if found.expressTrain == nil, ahead.count >= 3,
           let skipped = part.skipped.first(where: { $0.call.scheduled > now.addingTimeInterval(15 * 60) }) {
            found.expressTrain = example(skipped.call.stopID)
        }
        if found.tram == nil, route.routeType == .tram, underWay, journey.state.isLive, let nextCall,
           estimate(nextCall, part: part, journey: journey, now: now) != nil {
            found.tram = example(nextCall.stopID)
        }
        guard let motion = motion(of: journey) else { return }
        let position = vehiclePosition(journey, now: now)
        let fresh = position.map { $0.expiry > now } ?? false
        if route.routeType == .bus, found.previousTripBus == nil, journey.behaviour.reportsPreviousTrip,
           let start = motion.span?.lowerBound, now < start.addingTimeInterval(-20 * 60), fresh {
            found.previousTripBus = example(part.calls[0].stopID)
        }
        if found.staleRun == nil, let lost = feedLost(of: journey, motion: motion),
           now >= lost.addingTimeInterval(Self.busExpiry), let span = motion.span, now < span.upperBound, let nextCall {
            if journey.parts.count == 1 {
                found.staleRun = example(nextCall.stopID)
            } else if staleThroughRun == nil {
                staleThroughRun = example(nextCall.stopID)
            }
        }
        guard route.routeType == .train, fresh, journey.parts.count == 1, let fix = motion.fix(at: now) else { return }
        if let index = fix.standIndex {
            if found.trainAtPlatform == nil, index > 0, index + 3 < motion.stands.count {
                found.trainAtPlatform = example(motion.stands[index].stopID)
            }
        } else if found.movingTrain == nil,
                  let left = motion.stands.lastIndex(where: { $0.depart < now }), left + 4 < motion.stands.count {
            found.movingTrain = example(motion.stands[left].stopID)
        }
    }
}

extension PTVSimulator {
    /// Runs that show each live behaviour at `now` under this simulator's seed (see ``SimulatorShowcase``).
    /// - Parameter now: The instant (normally the simulator's clock).
    public func showcase(at now: Date) -> SimulatorShowcase {
        responder.api.showcase(at: now)
    }
}

import Foundation
import PTV

/// What else the simulated real-time system does with one run, beyond estimates: all pure functions of the
/// seed and the run_ref, so a run behaves the same on every request and at every clock.
public struct RunBehaviour: Sendable, Equatable {
    /// Share of the trip's duration after which the live feed stops: the position freezes (and expires) and
    /// estimates stop. Nil when the feed never drops. Live trains and buses only.
    public let feedLostFraction: Double?
    /// Before its first stop, the bus reports the position of its previous trip (the other way along the route).
    public let reportsPreviousTrip: Bool
    /// Trip-order index of the stop where the run now terminates: from there on the run is cancelled and runs
    /// as a second, cancelled run_ref. Nil when the run goes all the way. Metro trains only.
    public let terminatesAtPosition: Int?
    /// Trip-order indices of the stops the run passes without stopping (express). Metro trains only.
    public let skippedPositions: Set<Int>

    /// A run with no special behaviour.
    public static let plain = RunBehaviour(feedLostFraction: nil, reportsPreviousTrip: false, terminatesAtPosition: nil,
                                           skippedPositions: [])
}

extension LiveModel {
    /// Share of live train and bus runs whose feed drops part-way.
    public static let feedLostShare = 0.15
    /// Share of live bus runs that report their previous trip's position before they start.
    public static let previousTripShare = 0.35
    /// Upper bound of the cancellation draw for part-way cancellation (whole cancellation is below
    /// ``cancelledShare``), so about 5 % of metro trains terminate early.
    public static let terminatedShare = 0.08
    /// Share of metro trains on long lines that run express.
    public static let expressShare = 0.2
    /// Routes whose trains through-run, so they are never terminated early (their runs pair with another route).
    static let throughRunRoutes: Set<Int> = [ThroughRunning.feederRouteID, ThroughRunning.distributorRouteID]

    /// The behaviour of a run.
    /// - Parameters:
    ///   - runRef: The run_ref (of the whole timetabled trip).
    ///   - route: The run's route.
    public func behaviour(runRef: String, route: NetworkRoute) -> RunBehaviour {
        let draws = self.draws(runRef)
        let state = state(runRef: runRef, route: route)
        let tracked = state.isLive && (route.routeType == .train || route.routeType == .bus)
        let feedLost = tracked && draws[4] < Self.feedLostShare ? 0.3 + 0.4 * draws[5] : nil
        let previous = state.isLive && route.routeType == .bus && draws[6] < Self.previousTripShare
        let count = route.stops.count
        var terminates: Int?
        if route.routeType == .train, !state.isCancelled, draws[3] < Self.terminatedShare, count >= 8,
           !Self.throughRunRoutes.contains(route.routeID) {
            terminates = max(2, min(count - 2, Int(Double(count) * (0.4 + 0.3 * draws[7]))))
        }
        var skipped: Set<Int> = []
        if route.routeType == .train, terminates == nil, count >= 14, draws[8] < Self.expressShare {
            // In the line's middle half, as real express runs pass suburban stations, never the City Loop's.
            let edge = max(2, count / 4)
            skipped = Set((edge ... count - 1 - edge).filter { $0 % 3 == 1 })
        }
        return RunBehaviour(feedLostFraction: feedLost, reportsPreviousTrip: previous, terminatesAtPosition: terminates,
                            skippedPositions: skipped)
    }
}

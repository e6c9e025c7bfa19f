import Foundation
import PTV

/// One run_ref's share of a vehicle's journey: a whole timetabled trip, or the part of one before or after
/// the stop where it now terminates, or one half of a through-run.
public struct RunPart: Sendable {
    /// The route this part runs on.
    public let route: NetworkRoute
    /// The timetabled trip it comes from.
    public let trip: Trip
    /// The run_ref PTV would send for this part.
    public let runRef: String
    /// The `run_id` (the number, or -1 for bus refs).
    public let runID: Int
    /// The calls this part makes, in order (stops passed express are left out).
    public let calls: [ScheduledCall]
    /// Stops passed without stopping, with the call they follow.
    public let skipped: [(after: Int, call: ScheduledCall)]
    /// True for a cancelled run (a whole cancelled trip, or what is left after the train terminates early).
    public let isCancelled: Bool
    /// `departure_note` on this part's departures ("" for none).
    public let departureNote: String

    /// The last stop of the part.
    public var finalStopID: Int { calls.last?.stopID ?? 0 }
}

/// A vehicle's journey: its run parts in order, with the real-time state of the vehicle (the first part's).
public struct VehicleJourney: Sendable {
    /// The parts in travel order (one for most runs).
    public let parts: [RunPart]
    /// Real-time state of the vehicle.
    public let state: RunLiveState
    /// Behaviour of the vehicle (its first part's run_ref).
    public let behaviour: RunBehaviour

    /// The part a call of a trip belongs to: the last part of that trip making the call (so a stop where a
    /// train terminates early belongs, as a departure, to the cancelled remainder).
    /// - Parameters:
    ///   - trip: The trip.
    ///   - position: The call's index in the trip.
    public func part(of trip: Trip, position: Int) -> RunPart? {
        parts.last { $0.trip == trip && $0.calls.contains { $0.position == position } }
    }

    /// The parts that run (up to the first cancelled one).
    public var runningParts: ArraySlice<RunPart> {
        parts.prefix { !$0.isCancelled }
    }
}

/// The through-run of the demo network: Frankston line trains to the city continue from Flinders Street as
/// Sunbury line trains, as PTV shows such trains: one pattern holding two run_refs.
public enum ThroughRunning {
    /// Frankston: city-bound trips (direction index 1) end at Flinders Street and continue.
    public static let feederRouteID = 6
    /// Sunbury: outbound trips (direction index 0) start at Flinders Street.
    public static let distributorRouteID = 14
    /// Direction index of feeding trips.
    public static let feederDirection = 1
    /// Direction index of continuing trips.
    public static let distributorDirection = 0
    /// The continuing trip leaves within this many seconds of the feeder's arrival.
    public static let window: TimeInterval = 15 * 60
    /// `departure_note` on the feeding run's departures.
    public static let note = "via Flinders Street"
}

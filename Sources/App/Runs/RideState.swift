import Foundation
import PTV

/// Where a rider stands on a run, worked out from the journey, its progress and the rider's stops.
enum RideState: Sendable, Equatable {
    case cancelled
    /// The run has finished.
    case ended
    /// The vehicle has not yet reached the rider's boarding stop.
    case waiting(from: Int)
    /// The vehicle left the rider's boarding stop before the rider chose where to get off (they may have missed it).
    case left(from: Int)
    /// The vehicle has not started its trip (no stop chosen, nothing says it is under way).
    case notStarted
    /// The rider's stop is the next one.
    case getReady(to: Int)
    /// The vehicle is at the rider's stop (live data only).
    case atYourStop(to: Int)
    /// The vehicle has left the rider's stop.
    case passed(to: Int)
    /// On the way: the next stop is `next`.
    case onTheWay(next: Int)

    /// Works out the state.
    init(journey: Journey, progress: JourneyProgress, from: Int?, to: Int?) {
        if journey.isCancelled {
            self = .cancelled
            return
        }
        guard let next = progress.nextIndex else {
            self = .ended
            return
        }
        // Standing at a stop, the next stop is the one after it.
        var upcoming = next
        if case .at(let index) = progress.place, index + 1 < journey.calls.count { upcoming = max(next, index + 1) }
        if let to, progress.hasDeparted(to) {
            self = .passed(to: to)
        } else if let from, to == nil, progress.hasDeparted(from) {
            self = .left(from: from)
        } else if from == nil, to == nil, next == 0, progress.place == nil {
            self = .notStarted
        } else if let to, progress.place == .at(to), progress.evidence != nil {
            self = .atYourStop(to: to)
        } else if let from, !progress.hasDeparted(from), from != to {
            self = .waiting(from: from)
        } else if let to, upcoming == to {
            self = .getReady(to: to)
        } else {
            self = .onTheWay(next: upcoming)
        }
    }

    /// A key for the event this state announces once, or nil when it announces nothing by itself.
    var eventKey: String? {
        switch self {
        case .cancelled: "cancelled"
        case .ended: "ended"
        case .getReady(let to): "ready-\(to)"
        case .atYourStop(let to): "arriving-\(to)"
        case .passed(let to): "passed-\(to)"
        case .waiting, .onTheWay, .left, .notStarted: nil
        }
    }
}

import Foundation
import PTV

/// What a ride page adds for the rider's stop: the journey as a picture, walking to the stop, the stop's arrival
/// page, and, once the vehicle is at the rider's stop, the arrival itself.
struct RideDoor: Sendable {
    /// The journey as a picture.
    let strip: StripMap?
    /// "Walk to Charlie", when the rider has chosen where to get off.
    let walk: Link?
    /// "Getting off at Charlie, with connections and stops near it".
    let arrivalLink: Link?
    /// Where the rider is, once the vehicle is at their stop (set by the controller).
    var arrival: Arrival?

    /// The door for a ride.
    /// - Parameters:
    ///   - journey: The run's journey.
    ///   - progress: How far it has got.
    ///   - from: The boarding stop's index.
    ///   - to: The rider's stop's index.
    init(journey: Journey, progress: JourneyProgress, from: Int?, to: Int?) {
        let type = journey.routeType
        strip = StripMap(journey: journey, progress: progress, yours: to ?? from, noun: journey.noun)
        let call = to.map { journey.calls[$0] }
        walk = call.map { Link("Walk to \($0.name)", href: Paths.walk(type, $0.stopID)) }
        arrivalLink = call.map { Link("Getting off at \($0.name), with connections and stops near it",
                                      href: Paths.arrived(type, $0.stopID, run: journey.first?.runRef)) }
    }
}

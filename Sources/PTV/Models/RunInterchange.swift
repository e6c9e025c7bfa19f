import Foundation

/// A run's `interchange`: the run that feeds into it and the run it continues as (through-running).
public struct RunInterchange: PTVModel {
    /// The run this one continues from, or nil.
    @Lenient public var feeder: InterchangeRun?
    /// The run this one continues as, or nil.
    @Lenient public var distributor: InterchangeRun?

    private enum CodingKeys: String, CodingKey { case feeder, distributor }
}

/// One side of a ``RunInterchange``: which run, where the change happens, and whether PTV advertises it.
public struct InterchangeRun: PTVModel {
    /// The other run's reference.
    @Lenient public var runRef: String
    /// The other run's route.
    @Lenient public var routeId: Int
    /// The stop where one run becomes the other.
    @Lenient public var stopId: Int
    /// True when passengers are told the train continues (a through-run); false for a mere vehicle link.
    @Lenient public var advertised: Bool
    /// The other run's direction, when sent.
    @Lenient public var directionId: Int?
    /// The other run's destination, trimmed.
    @Lenient public var destinationName: String

    private enum CodingKeys: String, CodingKey {
        case runRef = "run_ref", routeId = "route_id", stopId = "stop_id", advertised
        case directionId = "direction_id", destinationName = "destination_name"
    }
}

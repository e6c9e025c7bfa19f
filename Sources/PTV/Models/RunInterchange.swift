import Foundation

/// A run's `interchange`: the run that feeds into it and the run it continues as (through-running).
public struct RunInterchange: Codable, Sendable, Equatable {
    /// The run this one continues from, or nil.
    public var feeder: InterchangeRun?
    /// The run this one continues as, or nil.
    public var distributor: InterchangeRun?

    /// Creates an interchange.
    public init(feeder: InterchangeRun? = nil, distributor: InterchangeRun? = nil) {
        self.feeder = feeder
        self.distributor = distributor
    }

    private enum CodingKeys: String, CodingKey { case feeder, distributor }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        feeder = c.lenientObject(.feeder, as: InterchangeRun.self)
        distributor = c.lenientObject(.distributor, as: InterchangeRun.self)
    }

    /// Encodes PTV's shape (explicit nulls).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeOrNull(feeder, forKey: .feeder)
        try c.encodeOrNull(distributor, forKey: .distributor)
    }
}

/// One side of a ``RunInterchange``: which run, where the change happens, and whether PTV advertises it.
public struct InterchangeRun: Codable, Sendable, Equatable {
    /// The other run's reference.
    public var runRef: String
    /// The other run's route.
    public var routeId: Int
    /// The stop where one run becomes the other.
    public var stopId: Int
    /// True when passengers are told the train continues (a through-run); false for a mere vehicle link.
    public var advertised: Bool
    /// The other run's direction, when sent.
    public var directionId: Int?
    /// The other run's destination, trimmed.
    public var destinationName: String

    /// Creates one side of an interchange.
    public init(runRef: String, routeId: Int, stopId: Int, advertised: Bool, directionId: Int? = nil,
                destinationName: String = "") {
        self.runRef = runRef
        self.routeId = routeId
        self.stopId = stopId
        self.advertised = advertised
        self.directionId = directionId
        self.destinationName = destinationName
    }

    private enum CodingKeys: String, CodingKey {
        case runRef = "run_ref", routeId = "route_id", stopId = "stop_id", advertised
        case directionId = "direction_id", destinationName = "destination_name"
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        runRef = c.lenientString(.runRef)
        routeId = c.lenientInt(.routeId)
        stopId = c.lenientInt(.stopId)
        advertised = c.lenientBool(.advertised)
        directionId = c.lenientIntIfPresent(.directionId)
        destinationName = c.lenientString(.destinationName)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(runRef, forKey: .runRef)
        try c.encode(routeId, forKey: .routeId)
        try c.encode(stopId, forKey: .stopId)
        try c.encode(advertised, forKey: .advertised)
        try c.encodeIfPresent(directionId, forKey: .directionId)
        try c.encode(destinationName, forKey: .destinationName)
    }
}

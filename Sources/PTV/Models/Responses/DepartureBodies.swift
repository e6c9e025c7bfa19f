import Foundation

/// The body of `/v3/departures/...`: departures plus the expanded stops, routes, runs, directions and disruptions.
///
/// The maps are keyed by id strings (`runs` by `run_ref`) and are empty unless expanded; a list in place of a
/// map is keyed the same way.
public struct DeparturesBody: PTVBody {
    /// An answer carries `departures` (empty when nothing departs).
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("departures") }

    /// The departures, in PTV's order.
    @Lenient public var departures: [Departure]
    /// Stops keyed by stop id string.
    @Lenient public var stops: [String: Stop]
    /// Routes keyed by route id string.
    @Lenient public var routes: [String: Route]
    /// Runs keyed by `run_ref`.
    @Lenient public var runs: [String: Run]
    /// Directions keyed by direction id string.
    @Lenient public var directions: [String: Direction]
    /// Disruptions keyed by disruption id string.
    @Lenient public var disruptions: [String: Disruption]

    /// Creates a body.
    public init(departures: [Departure] = [], stops: [String: Stop] = [:], routes: [String: Route] = [:],
                runs: [String: Run] = [:], directions: [String: Direction] = [:],
                disruptions: [String: Disruption] = [:]) {
        self.departures = departures
        self.stops = stops
        self.routes = routes
        self.runs = runs
        self.directions = directions
        self.disruptions = disruptions
    }
}

/// The body of `/v3/pattern/run/{run_ref}/route_type/{rt}`: a run's stopping pattern.
///
/// `departures` is sorted by `departureSequence` (stable for ties). Unlike departures responses,
/// `disruptions` is a list here (a map is accepted too), and every departure carries `skipped_stops`.
public struct PatternBody: PTVBody {
    /// An answer carries the pattern's `departures`.
    public static func isAnswer(_ fields: AnswerFields) -> Bool { fields.hasList("departures") }

    /// The pattern's departures, sorted by `departureSequence`.
    public var departures: [Departure]
    /// The stops, runs, routes and directions, keyed as in a departures response (its `disruptions` unused).
    public var expanded: DeparturesBody
    /// Disruptions affecting the run.
    public var disruptions: [Disruption]

    /// Creates a body; `departures` are sorted by `departureSequence`.
    public init(departures: [Departure] = [], stops: [String: Stop] = [:], routes: [String: Route] = [:],
                runs: [String: Run] = [:], directions: [String: Direction] = [:], disruptions: [Disruption] = []) {
        self.departures = departures.enumerated().sorted { lhs, rhs in
            lhs.element.departureSequence != rhs.element.departureSequence
                ? lhs.element.departureSequence < rhs.element.departureSequence
                : lhs.offset < rhs.offset
        }.map(\.element)
        self.expanded = DeparturesBody(stops: stops, routes: routes, runs: runs, directions: directions)
        self.disruptions = disruptions
    }

    /// Stops keyed by stop id string.
    public var stops: [String: Stop] { get { expanded.stops } set { expanded.stops = newValue } }
    /// Routes keyed by route id string.
    public var routes: [String: Route] { get { expanded.routes } set { expanded.routes = newValue } }
    /// Runs keyed by `run_ref`.
    public var runs: [String: Run] { get { expanded.runs } set { expanded.runs = newValue } }
    /// Directions keyed by direction id string.
    public var directions: [String: Direction] { get { expanded.directions } set { expanded.directions = newValue } }

    private enum CodingKeys: String, CodingKey { case departures, disruptions }

    /// Reads the departures response's fields, `disruptions` as a list, and sorts the departures.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let maps = try DeparturesBody(from: decoder)
        self.init(departures: maps.departures, stops: maps.stops, routes: maps.routes, runs: maps.runs,
                  directions: maps.directions, disruptions: c.read(.disruptions) ?? [])
    }
}

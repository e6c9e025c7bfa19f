import Foundation

// Response envelopes of the PTV v3 endpoints. Every response decodes even when `status` is missing
// (it defaults to version "3.0", health 1), and every list or map defaults to empty.
// The disruptions list endpoint lives in DisruptionsResponse.swift.

extension KeyedDecodingContainer {
    /// A string-keyed map; if PTV sends a list instead, its elements are keyed with `keyFor`.
    /// Missing, null or unusable gives [:]; bad elements are skipped.
    func lenientKeyedMap<T: Decodable>(_ key: Key, as type: T.Type = T.self,
                                       keyFor: (T) -> String) -> [String: T] {
        guard contains(key) else { return [:] }
        if let map = try? decode(LossyMap<T>.self, forKey: key) { return map.dictionary }
        let list = lenientArray(key, as: T.self)
        return Dictionary(list.map { (keyFor($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A disruptions map keyed by id string (a list is accepted too).
    func lenientDisruptionMap(_ key: Key) -> [String: Disruption] {
        lenientKeyedMap(key, as: Disruption.self) { String($0.disruptionId) }
    }
}

/// `/v3/route_types`: the list of transport modes.
public struct RouteTypesResponse: Codable, Sendable, Equatable {
    /// The transport modes.
    public var routeTypes: [RouteTypeInfo]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(routeTypes: [RouteTypeInfo] = [], status: Status = Status()) {
        self.routeTypes = routeTypes
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case routeTypes = "route_types"
        case status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        routeTypes = c.lenientArray(.routeTypes, as: RouteTypeInfo.self)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(routeTypes, forKey: .routeTypes)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/routes`: a list of routes (the spec's `route` key is accepted as a fallback).
public struct RoutesResponse: Codable, Sendable, Equatable {
    /// The routes.
    public var routes: [Route]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(routes: [Route] = [], status: Status = Status()) {
        self.routes = routes
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case routes, route, status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        routes = c.contains(.routes) ? c.lenientArray(.routes, as: Route.self) : c.lenientArray(.route, as: Route.self)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(routes, forKey: .routes)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/routes/{route_id}`: one route, or null.
public struct RouteResponse: Codable, Sendable, Equatable {
    /// The route, or nil when PTV returned null.
    public var route: Route?
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(route: Route? = nil, status: Status = Status()) {
        self.route = route
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case route, status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        route = c.lenientObject(.route, as: Route.self)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape (a nil route becomes null).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeOrNull(route, forKey: .route)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/directions/...`: a list of directions.
public struct DirectionsResponse: Codable, Sendable, Equatable {
    /// The directions.
    public var directions: [Direction]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(directions: [Direction] = [], status: Status = Status()) {
        self.directions = directions
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case directions, status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        directions = c.lenientArray(.directions, as: Direction.self)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(directions, forKey: .directions)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/stops/location/{lat},{lon}`: stops near a point, with their routes.
public struct StopsNearbyResponse: Codable, Sendable, Equatable {
    /// The stops, nearest first as PTV sends them.
    public var stops: [Stop]
    /// Disruptions referenced by the stops, keyed by id string.
    public var disruptions: [String: Disruption]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(stops: [Stop] = [], disruptions: [String: Disruption] = [:], status: Status = Status()) {
        self.stops = stops
        self.disruptions = disruptions
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case stops, disruptions, status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stops = c.lenientArray(.stops, as: Stop.self)
        disruptions = c.lenientDisruptionMap(.disruptions)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stops, forKey: .stops)
        try c.encode(disruptions, forKey: .disruptions)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/stops/{stop_id}/route_type/{rt}`: one stop's details.
public struct StopDetailsResponse: Codable, Sendable, Equatable {
    /// The stop, or nil when PTV returned null.
    public var stop: StopDetails?
    /// Disruptions referenced by the stop, keyed by id string.
    public var disruptions: [String: Disruption]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(stop: StopDetails? = nil, disruptions: [String: Disruption] = [:], status: Status = Status()) {
        self.stop = stop
        self.disruptions = disruptions
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case stop, disruptions, status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stop = c.lenientObject(.stop, as: StopDetails.self)
        disruptions = c.lenientDisruptionMap(.disruptions)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape (a nil stop becomes null).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeOrNull(stop, forKey: .stop)
        try c.encode(disruptions, forKey: .disruptions)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/stops/route/{route_id}/route_type/{rt}`: the stops on a route. The geopath is ignored (encoded as []).
public struct StopsOnRouteResponse: Codable, Sendable, Equatable {
    /// The stops, in PTV's order (use `stopSequence` when a direction was given).
    public var stops: [Stop]
    /// Disruptions referenced by the stops, keyed by id string.
    public var disruptions: [String: Disruption]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(stops: [Stop] = [], disruptions: [String: Disruption] = [:], status: Status = Status()) {
        self.stops = stops
        self.disruptions = disruptions
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case stops, disruptions, geopath, status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stops = c.lenientArray(.stops, as: Stop.self)
        disruptions = c.lenientDisruptionMap(.disruptions)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape, with `geopath: []`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stops, forKey: .stops)
        try c.encode(disruptions, forKey: .disruptions)
        try c.encode([String](), forKey: .geopath)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/departures/...`: departures plus the expanded stops, routes, runs, directions and disruptions.
///
/// The maps are keyed by id strings (`runs` by `run_ref`) and are empty unless expanded.
public struct DeparturesResponse: Codable, Sendable, Equatable {
    /// The departures, in PTV's order.
    public var departures: [Departure]
    /// Stops keyed by stop id string.
    public var stops: [String: Stop]
    /// Routes keyed by route id string.
    public var routes: [String: Route]
    /// Runs keyed by `run_ref`.
    public var runs: [String: Run]
    /// Directions keyed by direction id string.
    public var directions: [String: Direction]
    /// Disruptions keyed by disruption id string.
    public var disruptions: [String: Disruption]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(departures: [Departure] = [], stops: [String: Stop] = [:], routes: [String: Route] = [:],
                runs: [String: Run] = [:], directions: [String: Direction] = [:],
                disruptions: [String: Disruption] = [:], status: Status = Status()) {
        self.departures = departures
        self.stops = stops
        self.routes = routes
        self.runs = runs
        self.directions = directions
        self.disruptions = disruptions
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case departures, stops, routes, runs, directions, disruptions, status
    }

    /// Decodes leniently (maps may also arrive as lists; they are keyed by id / run_ref).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        departures = c.lenientArray(.departures, as: Departure.self)
        stops = c.lenientKeyedMap(.stops, as: Stop.self) { String($0.stopId) }
        routes = c.lenientKeyedMap(.routes, as: Route.self) { String($0.routeId) }
        runs = c.lenientKeyedMap(.runs, as: Run.self) { $0.runRef }
        directions = c.lenientKeyedMap(.directions, as: Direction.self) { String($0.directionId) }
        disruptions = c.lenientDisruptionMap(.disruptions)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape (all maps present, keyed by strings).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(departures, forKey: .departures)
        try c.encode(stops, forKey: .stops)
        try c.encode(routes, forKey: .routes)
        try c.encode(runs, forKey: .runs)
        try c.encode(directions, forKey: .directions)
        try c.encode(disruptions, forKey: .disruptions)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/pattern/run/{run_ref}/route_type/{rt}`: a run's stopping pattern.
///
/// `departures` is sorted by `departureSequence` (stable for ties). Unlike departures responses,
/// `disruptions` is a list here (a map is accepted too).
public struct PatternResponse: Codable, Sendable, Equatable {
    /// The pattern's departures, sorted by `departureSequence`.
    public var departures: [Departure]
    /// Stops keyed by stop id string.
    public var stops: [String: Stop]
    /// Routes keyed by route id string.
    public var routes: [String: Route]
    /// Runs keyed by `run_ref`.
    public var runs: [String: Run]
    /// Directions keyed by direction id string.
    public var directions: [String: Direction]
    /// Disruptions affecting the run.
    public var disruptions: [Disruption]
    /// Response status.
    public var status: Status

    /// Creates a response; `departures` are sorted by `departureSequence`.
    public init(departures: [Departure] = [], stops: [String: Stop] = [:], routes: [String: Route] = [:],
                runs: [String: Run] = [:], directions: [String: Direction] = [:], disruptions: [Disruption] = [],
                status: Status = Status()) {
        self.departures = PatternResponse.sortedBySequence(departures)
        self.stops = stops
        self.routes = routes
        self.runs = runs
        self.directions = directions
        self.disruptions = disruptions
        self.status = status
    }

    /// Stable sort by `departureSequence`.
    static func sortedBySequence(_ departures: [Departure]) -> [Departure] {
        departures.enumerated().sorted { lhs, rhs in
            lhs.element.departureSequence != rhs.element.departureSequence
                ? lhs.element.departureSequence < rhs.element.departureSequence
                : lhs.offset < rhs.offset
        }.map(\.element)
    }

    private enum CodingKeys: String, CodingKey {
        case disruptions, departures, stops, routes, runs, directions, status
    }

    /// Decodes leniently and sorts the departures.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            departures: c.lenientArray(.departures, as: Departure.self),
            stops: c.lenientKeyedMap(.stops, as: Stop.self) { String($0.stopId) },
            routes: c.lenientKeyedMap(.routes, as: Route.self) { String($0.routeId) },
            runs: c.lenientKeyedMap(.runs, as: Run.self) { $0.runRef },
            directions: c.lenientKeyedMap(.directions, as: Direction.self) { String($0.directionId) },
            disruptions: c.lenientArray(.disruptions, as: Disruption.self),
            status: c.lenientStatus(.status)
        )
    }

    /// Encodes PTV's shape: `disruptions` as a list, every departure with `skipped_stops`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(disruptions, forKey: .disruptions)
        try c.encode(departures.map(PatternDepartureEncoding.init), forKey: .departures)
        try c.encode(stops, forKey: .stops)
        try c.encode(routes, forKey: .routes)
        try c.encode(runs, forKey: .runs)
        try c.encode(directions, forKey: .directions)
        try c.encode(status, forKey: .status)
    }

    /// Encodes a departure the way pattern responses do (always with `skipped_stops`).
    private struct PatternDepartureEncoding: Encodable {
        let departure: Departure

        func encode(to encoder: any Encoder) throws {
            try departure.encode(to: encoder, alwaysIncludeSkippedStops: true)
        }
    }
}

/// `/v3/runs/...`: a list of runs. The single-run form `{"run": {...}}` is accepted and put in the list.
public struct RunsResponse: Codable, Sendable, Equatable {
    /// The runs.
    public var runs: [Run]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(runs: [Run] = [], status: Status = Status()) {
        self.runs = runs
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case runs, run, status
    }

    /// Decodes `runs`, or the single `run` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var runs = c.lenientArray(.runs, as: Run.self)
        if runs.isEmpty, let single = c.lenientObject(.run, as: Run.self) {
            runs = [single]
        }
        self.runs = runs
        status = c.lenientStatus(.status)
    }

    /// Encodes the list form, `{"runs": [...], "status": {...}}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(runs, forKey: .runs)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/search/{term}`: matching stops and routes. Outlets are ignored (encoded as []).
public struct SearchResponse: Codable, Sendable, Equatable {
    /// Matching stops (with their routes).
    public var stops: [Stop]
    /// Matching routes.
    public var routes: [Route]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(stops: [Stop] = [], routes: [Route] = [], status: Status = Status()) {
        self.stops = stops
        self.routes = routes
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case stops, routes, outlets, status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stops = c.lenientArray(.stops, as: Stop.self)
        routes = c.lenientArray(.routes, as: Route.self)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape, with `outlets: []`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stops, forKey: .stops)
        try c.encode(routes, forKey: .routes)
        try c.encode([String](), forKey: .outlets)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/disruptions/{disruption_id}`: one disruption, or null.
public struct DisruptionResponse: Codable, Sendable, Equatable {
    /// The disruption, or nil when PTV returned null.
    public var disruption: Disruption?
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(disruption: Disruption? = nil, status: Status = Status()) {
        self.disruption = disruption
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case disruption, status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        disruption = c.lenientObject(.disruption, as: Disruption.self)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape (a nil disruption becomes null).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeOrNull(disruption, forKey: .disruption)
        try c.encode(status, forKey: .status)
    }
}

/// `/v3/disruptions/modes`: the disruption modes (bucket names and codes).
public struct DisruptionModesResponse: Codable, Sendable, Equatable {
    /// The modes.
    public var disruptionModes: [DisruptionMode]
    /// Response status.
    public var status: Status

    /// Creates a response.
    public init(disruptionModes: [DisruptionMode] = [], status: Status = Status()) {
        self.disruptionModes = disruptionModes
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case disruptionModes = "disruption_modes"
        case status
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        disruptionModes = c.lenientArray(.disruptionModes, as: DisruptionMode.self)
        status = c.lenientStatus(.status)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(disruptionModes, forKey: .disruptionModes)
        try c.encode(status, forKey: .status)
    }
}

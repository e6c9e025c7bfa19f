import Foundation
import PTV

/// The PTV v3 endpoints as pure functions of the network, the seed and the time: no HTTP, no state.
/// Authentication and faults are handled by ``SimulatorResponder`` before a request gets here.
struct SimulatorAPI: Sendable {
    /// The network.
    let network: SimulatedNetwork
    /// Its timetable.
    let timetable: Timetable
    /// Real-time behaviour.
    let live: LiveModel

    /// Creates the API over a network.
    /// - Parameters:
    ///   - network: The network.
    ///   - seed: Seed for live estimates and cancellations.
    init(network: SimulatedNetwork, seed: UInt64) {
        self.network = network
        timetable = Timetable(network: network)
        live = LiveModel(seed: seed)
    }

    /// Answers one authenticated request with a JSON body.
    /// - Parameters:
    ///   - segments: Decoded path segments after `v3`.
    ///   - query: The query without devid and signature.
    ///   - now: The current time.
    /// - Returns: The JSON body; PTV errors are thrown with their status.
    func respond(segments: [String], query: QueryParameters, now: Date) throws(APIError) -> String {
        let m = PathMatcher(segments)
        if m.match("route_types") != nil { return try routeTypes() }
        if m.match("routes") != nil { return try routes(query: query, now: now) }
        if let p = m.match("routes", "*") { return try route(p[0], now: now) }
        if let p = m.match("directions", "route", "*") { return try directions(routeID: p[0]) }
        if let p = m.match("stops", "location", "*") { return try stopsNearby(p[0], query: query, now: now) }
        if let p = m.match("stops", "route", "*", "route_type", "*") {
            return try stopsOnRoute(routeID: p[0], routeType: p[1], query: query, now: now)
        }
        if let p = m.match("stops", "*", "route_type", "*") {
            return try stopDetails(stopID: p[0], routeType: p[1], query: query, now: now)
        }
        if let p = m.match("departures", "route_type", "*", "stop", "*") {
            return try departures(routeType: p[0], stopID: p[1], routeID: nil, query: query, now: now)
        }
        if let p = m.match("departures", "route_type", "*", "stop", "*", "route", "*") {
            return try departures(routeType: p[0], stopID: p[1], routeID: p[2], query: query, now: now)
        }
        if let p = m.match("pattern", "run", "*", "route_type", "*") {
            return try pattern(runRef: p[0], routeType: p[1], query: query, now: now)
        }
        if let p = m.match("runs", "route", "*") { return try runs(routeID: p[0], routeType: nil, query: query, now: now) }
        if let p = m.match("runs", "route", "*", "route_type", "*") {
            return try runs(routeID: p[0], routeType: p[1], query: query, now: now)
        }
        if let p = m.match("runs", "*") { return try run(runRef: p[0], routeType: nil, query: query, now: now) }
        if let p = m.match("runs", "*", "route_type", "*") { return try run(runRef: p[0], routeType: p[1], query: query, now: now) }
        if let p = m.match("search", "*") { return try search(p[0], query: query, now: now) }
        if m.match("disruptions") != nil { return try disruptions(query: query, now: now) }
        if m.match("disruptions", "modes") != nil { return try disruptionModes() }
        if let p = m.match("disruptions", "route", "*") {
            return try disruptions(routeID: p[0], stopID: nil, query: query, now: now)
        }
        if let p = m.match("disruptions", "route", "*", "stop", "*") {
            return try disruptions(routeID: p[0], stopID: p[1], query: query, now: now)
        }
        if let p = m.match("disruptions", "stop", "*") {
            return try disruptions(routeID: nil, stopID: p[0], query: query, now: now)
        }
        if let p = m.match("disruptions", "*") { return try disruption(p[0], now: now) }
        throw APIError(status: 404, message: "No HTTP resource was found that matches the request URI.")
    }

    /// A response body: the endpoint's fields and `status` (see ``JSON``).
    /// - Parameter fields: The endpoint's fields by PTV key.
    static func encode(_ fields: KeyValuePairs<String, any JSONValue>) throws(APIError) -> String {
        do {
            return try JSON.response(fields).text()
        } catch {
            throw .internalError
        }
    }

    /// `/v3/route_types`.
    func routeTypes() throws(APIError) -> String {
        let names = ["Train", "Tram", "Bus", "Vline", "Night Bus"]
        return try Self.encode(["route_types": names.enumerated().map {
            JSON.keyed(["route_type_name": $0.element, "route_type": $0.offset])
        }])
    }
}

/// Matches decoded path segments against literals (compared case-insensitively) and `*` captures.
struct PathMatcher {
    /// Decoded path segments after `v3`.
    let segments: [String]

    /// Wraps the segments of one request.
    init(_ segments: [String]) {
        self.segments = segments
    }

    /// The captured segments when the pattern matches, else nil.
    func match(_ pattern: String...) -> [String]? {
        guard pattern.count == segments.count else { return nil }
        var captures: [String] = []
        for (expected, actual) in zip(pattern, segments) {
            if expected == "*" {
                guard !actual.isEmpty else { return nil }
                captures.append(actual)
            } else if expected != actual.lowercased() {
                return nil
            }
        }
        return captures
    }
}

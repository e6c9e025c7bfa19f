@testable import App
import Foundation
import HTTPServer
import PTV

/// A `TransitSource` that answers from recorded PTV responses, in process, with no socket: page and controller
/// load steps run against it, and each question can be made to fail the ways PTV really fails.
struct RecordedSource: TransitSource {
    /// How one question fails.
    enum Fault: Sendable, Hashable, CustomStringConvertible {
        /// PTV answers 404.
        case notFound
        /// PTV answers 500.
        case status500
        /// PTV never answers (the client's timeout ends it).
        case hang
        /// The answer stops part way.
        case truncated
        /// Only a saved copy, fetched `age` seconds before the page's clock, with PTV not answering in time.
        case stale(age: TimeInterval)

        var description: String {
            switch self {
            case .notFound: "404"
            case .status500: "500"
            case .hang: "hang"
            case .truncated: "truncated"
            case .stale(let age): "stale \(Int(age)) s"
            }
        }

        /// Every fault kind the recorded walk tries.
        static let all: [Fault] = [.notFound, .status500, .hang, .truncated, .stale(age: 240)]
    }

    /// Departures answers by stop id (one answer for any stop when keyed 0).
    var departures: [Int: DeparturesResponse] = [:]
    /// Stop-details answers by stop id.
    var stops: [Int: StopDetailsResponse] = [:]
    /// Pattern answers by run ref.
    var patterns: [String: PatternResponse] = [:]
    /// PTV's list of every disruption (nil: not recorded, so the call fails with a 500).
    var allDisruptions: DisruptionsResponse?
    /// Faults by question.
    var faults: [Question: Fault] = [:]
    /// When the answers were fetched (a fresh answer), the page's clock.
    let now: Date

    private func answer<T: Sendable>(_ question: Question, _ value: T?) throws -> Fetched<T> {
        switch faults[question] {
        case .notFound?: throw PTVError(.notFound, status: 404)
        case .status500?: throw PTVError(.badStatus, status: 500)
        case .hang?: throw PTVError(.timedOut)
        case .truncated?: throw PTVError(.truncated, status: 200)
        case .stale(let age)?:
            guard let value else { throw PTVError(.timedOut) }
            return Fetched(value: value, fetchedAt: now.addingTimeInterval(-age), staleBecause: .timedOut)
        case nil:
            guard let value else { throw PTVError(.notFound, status: 404) }
            return Fetched(value: value, fetchedAt: now)
        }
    }

    func departures(routeType: Int, stopID: Int, routeID: Int?, maxResults: Int) async throws -> Fetched<DeparturesResponse> {
        try answer(.departures, departures[stopID] ?? departures[0])
    }

    func stop(_ stopID: Int, routeType: Int) async throws -> Fetched<StopDetailsResponse> {
        try answer(.stop, stops[stopID])
    }

    func pattern(runRef: String, routeType: Int) async throws -> Fetched<PatternResponse> {
        try answer(.pattern, patterns[runRef] ?? patterns[""])
    }

    func disruptions(status: String?) async throws -> Fetched<DisruptionsResponse> {
        guard let allDisruptions else { throw PTVError(.badStatus, status: 500) }
        return try answer(.disruptions, allDisruptions)
    }

    func stopsNearby(latitude: Double, longitude: Double, routeTypes: [Int], maxResults: Int, maxDistance: Int)
        async throws -> Fetched<StopsNearbyResponse> { throw PTVError(.notFound, status: 404) }
    func search(_ term: String, routeTypes: [Int]) async throws -> Fetched<SearchResponse> { throw PTVError(.notFound, status: 404) }
    func route(_ routeID: Int) async throws -> Fetched<RouteResponse> { throw PTVError(.notFound, status: 404) }
    func directions(routeID: Int) async throws -> Fetched<DirectionsResponse> { throw PTVError(.notFound, status: 404) }
    func stopsOnRoute(routeID: Int, routeType: Int, directionID: Int?) async throws -> Fetched<StopsOnRouteResponse> {
        throw PTVError(.notFound, status: 404)
    }
    func disruptions(routeID: Int) async throws -> Fetched<DisruptionsResponse> { throw PTVError(.notFound, status: 404) }
    func disruption(_ id: Int64) async throws -> Fetched<DisruptionResponse> { throw PTVError(.notFound, status: 404) }
}

/// Pages built and rendered from a recorded source, as their controllers build them.
enum RecordedPages {
    static let templates: Templates = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try! Templates(directory: root.appendingPathComponent("Templates").path)
    }()

    /// The stop page's text, or the error it would answer with.
    static func stop(_ source: RecordedSource, type: RouteType = .train, stopID: Int) async -> Result<String, HTTPError> {
        let loaded = await StopController.load(from: source, type: type, stopID: stopID)
        do {
            let page = try StopPage(type: type, stopID: stopID, details: loaded.details, departures: loaded.departures,
                                    disruptions: loaded.disruptions, favourites: [], context: Recorded.context(source.now))
            return .success(text(templates.render(page, template: "stop")))
        } catch {
            return .failure(error as! HTTPError)
        }
    }

    /// The run page's text (or error) for a pattern, asked for run `ref` (the default names no run in it).
    static func run(_ source: RecordedSource, type: RouteType = .train, ref: String = "1", from stop: Int?) async -> Result<String, HTTPError> {
        do {
            let loaded = try await RunAddress(type: type, ref: ref).load(from: source)
            let page = RunPage(journey: loaded.journey, fromStop: stop, pattern: loaded.pattern, context: Recorded.context(source.now),
                               disruptions: loaded.disruptions)
            return .success(text(templates.render(page, template: "run")))
        } catch {
            return .failure(error as! HTTPError)
        }
    }

    /// The ride page's text (or error) for a pattern, boarding at `from` and getting off at `to` (call indices).
    static func ride(_ source: RecordedSource, type: RouteType = .train, from: Int?, to: Int?) async -> Result<String, HTTPError> {
        do {
            let loaded = try await RunAddress(type: type, ref: "1").load(from: source)
            let page = RidePage(journey: loaded.journey, from: from, to: to, auto: nil, pattern: loaded.pattern,
                                context: Recorded.context(source.now), disruptions: loaded.disruptions)
            return .success(text(templates.render(page, template: "ride")))
        } catch {
            return .failure(error as! HTTPError)
        }
    }

    /// A page's main text as a listener hears it: tags dropped, entities read, spaces folded.
    static func text(_ response: Response) -> String {
        var html = String(decoding: response.body, as: UTF8.self)
        if let start = html.range(of: "<main"), let end = html.range(of: "</main>") { html = String(html[start.lowerBound ..< end.upperBound]) }
        var out = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; out.append(" "); continue }
            if character == ">" { inTag = false; continue }
            if !inTag { out.append(character) }
        }
        out = out.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&quot;", with: "\"")
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .replacingOccurrences(of: " ,", with: ",").replacingOccurrences(of: " .", with: ".")
    }
}

extension Result {
    /// The error, when there is one.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

@testable import App
import Foundation
import HTTPServer
import PTV
import Synchronization

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
    /// Every path asked, in order (shared by copies of this source).
    let asked = AskedPaths()
    /// The questions its pages leave for the background (shared by copies): tests wait for them by this handle.
    let work = BackgroundWork()

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

    /// The recording that answers a request, by its endpoint and the id in its path (nil: not recorded).
    private func recorded(_ request: PTVRequest) throws -> Any? {
        let segments = request.path.split(separator: "/").map(String.init)
        switch request.endpoint {
        case .departures: return segments.count > 5 ? departures[Int(segments[5]) ?? 0] ?? departures[0] : departures[0]
        case .stop: return segments.count > 2 ? stops[Int(segments[2]) ?? 0] : nil
        case .pattern: return segments.count > 3 ? patterns[segments[3]] ?? patterns[""] : patterns[""]
        case .disruptions where segments.count == 2:
            // PTV's list of every disruption: not recorded, the call fails with a 500.
            guard let allDisruptions else { throw PTVError(.badStatus, status: 500) }
            return allDisruptions
        default: return nil
        }
    }

    func fetch<Answer>(_ query: PTVQuery<Answer>, allowance: UpstreamBudget.Allowance?) async throws -> Fetched<Answer> {
        asked.note(query.request.path)
        return try answer(Question(query.request.endpoint), try recorded(query.request) as? Answer)
    }

    /// A recording counts as already known unless its question is made to fail.
    func cached<Answer>(_ query: PTVQuery<Answer>, within maxAge: Double?) -> Fetched<Answer>? {
        guard faults[Question(query.request.endpoint)] == nil, let value = (try? recorded(query.request)) as? Answer else { return nil }
        return Fetched(value: value, fetchedAt: now)
    }
}

/// The paths a recorded source was asked, for tests of what a page asks in the background.
final class AskedPaths: Sendable {
    private let paths = Mutex<[String]>([])

    func note(_ path: String) { paths.withLock { $0.append(path) } }

    /// The paths asked so far.
    var all: [String] { paths.withLock { $0 } }
}

/// Pages built and rendered from a recorded source, as their controllers build them.
enum RecordedPages {
    /// How a recorded page asks: as a page does, but waiting as the test apps do (60 s, and 30 s for a second round),
    /// as these pages are read for their words, and the parallel suites can hold an answer at hand for seconds.
    /// Its questions for later pages are tracked in a recorded source's `work`.
    static func ask(_ source: any TransitSource) -> Ask {
        Ask.forPage(source: source, allowance: nil, work: (source as? RecordedSource)?.work, wait: .seconds(60), secondRound: .seconds(30))
    }

    static let templates: Templates = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try! Templates(directory: root.appendingPathComponent("Templates").path)
    }()

    /// The stop page's text, or the error it would answer with.
    static func stop(_ source: RecordedSource, type: RouteType = .train, stopID: Int) async -> Result<String, HTTPError> {
        await stopResponse(source, type: type, stopID: stopID).map(text)
    }

    /// The stop page's response, or the error it would answer with.
    static func stopResponse(_ source: RecordedSource, type: RouteType = .train, stopID: Int) async -> Result<Response, HTTPError> {
        let loaded = await StopController.load(RecordedPages.ask(source), type: type, stopID: stopID)
        do {
            let page = try StopPage(type: type, stopID: stopID, details: loaded.details, departures: loaded.departures,
                                    disruptions: loaded.disruptions, favourites: [], context: Recorded.context(source.now))
            return .success(templates.render(page, template: "stop"))
        } catch {
            return .failure(error as! HTTPError)
        }
    }

    /// The run page's text (or error) for a pattern, asked for run `ref` (the default names no run in it).
    static func run(_ source: RecordedSource, type: RouteType = .train, ref: String = "1", from stop: Int?) async -> Result<String, HTTPError> {
        await runResponse(source, type: type, ref: ref, from: stop).map(text)
    }

    /// The run page's response (or error) for a pattern.
    static func runResponse(_ source: RecordedSource, type: RouteType = .train, ref: String = "1", from stop: Int?) async -> Result<Response, HTTPError> {
        do {
            let address = RunAddress(type: type, ref: ref)
            let loaded = try await address.load(RecordedPages.ask(source), words: TimeWords(now: source.now))
            let page = RunPage(journey: address.journey(loaded, from: stop, to: nil), fromStop: stop, pattern: loaded.pattern, context: Recorded.context(source.now),
                               disruptions: loaded.disruptions)
            return .success(templates.render(page, template: "run"))
        } catch {
            return .failure(error as! HTTPError)
        }
    }

    /// The ride page's text (or error) for a pattern, boarding at `from` and getting off at `to` (call indices).
    static func ride(_ source: RecordedSource, type: RouteType = .train, from: Int?, to: Int?) async -> Result<String, HTTPError> {
        await rideResponse(source, type: type, from: from, to: to).map(text)
    }

    /// The ride page's response (or error) for a pattern, boarding at `from` and getting off at `to` (call indices).
    static func rideResponse(_ source: RecordedSource, type: RouteType = .train, from: Int?, to: Int?) async -> Result<Response, HTTPError> {
        do {
            let loaded = try await RunAddress(type: type, ref: "1").load(RecordedPages.ask(source), words: TimeWords(now: source.now))
            let page = RidePage(journey: loaded.journey, from: from, to: to, auto: nil, pattern: loaded.pattern,
                                context: Recorded.context(source.now), disruptions: loaded.disruptions)
            return .success(templates.render(page, template: "ride"))
        } catch {
            return .failure(error as! HTTPError)
        }
    }

    /// A page's whole HTML.
    static func html(_ response: Response) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    /// A page's main text as a listener hears it: tags dropped, entities read, spaces folded.
    static func text(_ response: Response) -> String {
        var html = String(decoding: response.body, as: UTF8.self).asHeard
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
        // A clock time's narrow no-break space is kept: it is what a listener's screen reader gets.
        return out.split(whereSeparator: { $0.isWhitespace && $0 != "\u{202F}" }).joined(separator: " ")
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

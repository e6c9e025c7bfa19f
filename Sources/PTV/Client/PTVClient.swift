import Foundation
import HTTPClient
import Logging

/// The PTV Timetable API v3 client: signs each request, sends it over libcurl, maps failures to `PTVError`,
/// decodes leniently (but never reads a 200 without the asked-for list as an empty one), caches, and backs off
/// for everyone after throttling (`PTVGate`).
public final class PTVClient: Sendable {
    /// Trakx's version, sent in the `User-Agent`.
    public static let version = "0.1.0"

    let configuration: PTVConfiguration
    let signer: PTVSigner
    let http: HTTPClient
    /// The shared cache, written only by the client itself (nothing outside this module can fill it or read past
    /// `fetch` and `cached`).
    let cache: ResponseCache
    /// Upstream and cache counters.
    public let metrics: PTVMetrics
    /// Whether Trakx may ask PTV now (shut for everyone while PTV throttles), and what PTV said of Trakx's key.
    public let gate: PTVGate
    let logger: Logger
    /// The clock (the cache's, and the fleet's answers are dated by it).
    let now: @Sendable () -> Date
    /// Given every answer PTV sends (its request, body and when), for answers kept across restarts.
    private let keep: (@Sendable (PTVRequest, [UInt8], Date) -> Void)?
    /// What this instance shares with the rest of its fleet (nil: a lone instance).
    let fleet: PTVFleetShare?
    /// Starts work the client leaves running after an answer (giving up a claim on a question in the fleet's store), so
    /// that its owner can wait for it (nil: a plain task nothing waits for).
    let background: (@Sendable (@escaping @Sendable () async -> Void) -> Void)?

    /// Creates a client.
    /// - Parameters:
    ///   - configuration: Base URL, credentials and timeouts.
    ///   - logger: Logger (never given a URL or secret).
    ///   - cacheCapacity: Most cached responses.
    ///   - now: The clock.
    ///   - keep: Given every answer PTV sends, with its request and when, after it reads as an answer (nil: none kept).
    ///   - fleet: PTV's answers and throttling shared with the other instances of a fleet (nil: none).
    ///   - background: Starts work left running after an answer, tracked by the owner (nil: a plain task).
    public init(configuration: PTVConfiguration, logger: Logger, cacheCapacity: Int = 4000,
                now: @escaping @Sendable () -> Date = Date.init, keep: (@Sendable (PTVRequest, [UInt8], Date) -> Void)? = nil,
                fleet: PTVFleetShare? = nil, background: (@Sendable (@escaping @Sendable () async -> Void) -> Void)? = nil) {
        self.keep = keep
        self.fleet = fleet
        self.background = background
        self.configuration = configuration
        signer = PTVSigner(devID: configuration.devID, key: configuration.key)
        http = HTTPClient(configuration: ClientConfiguration(
            connectTimeout: configuration.connectTimeout, totalTimeout: configuration.totalTimeout,
            userAgent: "Trakx/\(Self.version) (accessible departures; libcurl)"))
        metrics = PTVMetrics()
        let gate = PTVGate(now: now, shared: fleet?.throttle)
        self.gate = gate
        // While PTV is throttling Trakx a fetch is held back at the gate and never reaches PTV: nothing to charge.
        cache = ResponseCache(capacity: cacheCapacity, metrics: metrics, grace: configuration.staleGrace, now: now,
                              reachesUpstream: { if case .throttled = gate.standing { false } else { true } })
        self.logger = logger
        self.now = now
    }

    /// Ends the client's transfer threads (after the transfers in progress); call once nothing fetches any more.
    public func shutdown() async {
        await http.shutdown()
    }

    /// The client's transfer threads (kernel ids while they run), for tests.
    public var threadIDs: Set<Int32> { http.threadIDs }

    /// Asks PTV one question through the cache.
    /// - Parameters:
    ///   - query: The question.
    ///   - allowance: The visitor's allowance, charged when the question really reaches PTV (nil: Trakx's own work).
    /// - Throws: `PTVError`, or `UpstreamBudget.Exhausted` when the visitor's allowance refuses a call to PTV.
    public func fetch<Answer>(_ query: PTVQuery<Answer>, allowance: UpstreamBudget.Allowance? = nil) async throws -> Fetched<Answer> {
        // A visitor's question looks in the fleet's store before the cache charges them; its fetch then need not look
        // there first again.
        let looked = allowance != nil && fleet != nil && (cache.fresh(for: query.request, within: nil) as Fetched<Answer>?) == nil
        if looked { await adoptFromFleet(query.request, as: Answer.self) }
        return query.read(try await cache.value(for: query.request, allowance: allowance) {
            try await self.fetchThroughFleet(query.request, as: Answer.self, looked: looked)
        })
    }

    /// The answer to `query` when the cache holds one fresh, or no older than `maxAge`; never asks PTV.
    /// - Parameters:
    ///   - query: The question.
    ///   - maxAge: How old the answer may be, in seconds (nil: fresh, as its endpoint's freshness says).
    public func cached<Answer>(_ query: PTVQuery<Answer>, within maxAge: Double?) -> Fetched<Answer>? {
        cache.fresh(for: query.request, within: maxAge).map(query.read)
    }

    /// Holds an answer kept from before a restart (the body PTV sent, and when) in the cache, read as a fresh answer is.
    /// - Parameters:
    ///   - query: The question it answers.
    ///   - body: The body as PTV sent it.
    ///   - fetchedAt: When PTV sent it.
    /// - Throws: `PTVError` when the body no longer reads as an answer.
    public func restore<Answer>(_ query: PTVQuery<Answer>, body: [UInt8], fetchedAt: Date) throws {
        cache.restore(try Self.decode(ClientResponse(status: 200, body: body), as: Answer.self), fetchedAt: fetchedAt, for: query.request)
    }

    /// Sends one signed request, bypassing the cache; while PTV throttles Trakx it fails at once as throttled
    /// (but for the one probe the gate lets through after the wait). Internal: outside this module every question goes
    /// through `fetch`, which keeps the cache and charges the visitor's allowance.
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The response model.
    func send<T: Decodable & Sendable>(_ request: PTVRequest, as type: T.Type) async throws -> T {
        try await sendKeepingBody(request, as: type).value
    }

    /// `send(_:as:)`, also giving the body as PTV sent it (what the fleet shares).
    func sendKeepingBody<T: Decodable & Sendable>(_ request: PTVRequest, as type: T.Type) async throws -> (value: T, body: [UInt8]) {
        let endpoint = request.endpoint
        let admission = await gate.admit()
        if admission == .wait {
            metrics.upstream(endpoint, outcome: "backoff")
            throw PTVError(.throttled)
        }
        let url = configuration.baseURL + signer.sign(request.pathAndQuery)
        let response: ClientResponse
        let clock = UpstreamClock.current
        clock?.begin()
        defer { clock?.end() }
        do {
            response = try await http.get(url, headers: ["Accept: application/json"])
        } catch {
            // Any failure to get an answer (a transfer's, or the client's own) ends a probe: calls wait on it.
            let curl = error as? CurlError
            let kind: PTVError.Kind = curl?.isTimeout == true ? .timedOut : curl?.isCutOff == true ? .truncated : .unreachable
            gate.unanswered(probe: admission == .probe)
            metrics.upstream(endpoint, outcome: kind.rawValue)
            logFailure(of: endpoint, kind, String(describing: error))
            throw PTVError(kind)
        }
        do {
            let value = try Self.decode(response, as: type)
            keep?(request, response.body, now())
            gate.answered(nil, probe: admission == .probe)
            metrics.upstream(endpoint, outcome: "ok")
            return (value, response.body)
        } catch let error as PTVError {
            metrics.upstream(endpoint, outcome: error.kind.rawValue)
            note(error, of: endpoint, response: response, probe: admission == .probe)
            throw error
        }
    }

    /// Tells the gate how PTV failed, and logs it (`log(_:about:)`).
    private func note(_ error: PTVError, of endpoint: PTVRequest.Endpoint, response: ClientResponse, probe: Bool) {
        if error.kind == .throttled {
            let wait = gate.throttled(retryAfter: response.retryAfter(now: now()), probe: probe)
            log("PTV is throttling Trakx (\(error.description) on \(endpoint.rawValue)): no call for \(Int(wait.rounded())) s, then one probe; pages show saved copies meanwhile",
                about: "throttled")
            return
        }
        gate.answered(error.kind, probe: probe)
        if error.kind.isKeyRefused {
            log("PTV refused this Trakx's developer id or key (\(error.description)): every page that needs PTV fails until PTV_DEVID and PTV_KEY are fixed; waiting will not help",
                about: "key", level: .error)
            return
        }
        logFailure(of: endpoint, error.kind, error.description)
    }

    /// One question failing one way: said once a minute for that question and way (`log(_:about:)`).
    private func logFailure(of endpoint: PTVRequest.Endpoint, _ kind: PTVError.Kind, _ description: String) {
        log("PTV \(endpoint.rawValue) failed: \(description)", about: "\(endpoint.rawValue) \(kind.rawValue)")
    }

    /// Logs a failure at most once a minute for each `condition` (a refused key, throttling, or a question failing one
    /// way), with how many like it were left out since: while PTV fails, every page meets the failure, and a line for
    /// each would bury the log (34,000 lines in 40 s under load). `/metrics` counts every one.
    private func log(_ message: String, about condition: String, level: Logger.Level = .warning) {
        guard let held = gate.mayLog(condition) else { return }
        logger.log(level: level, "\(message)\(held > 0 ? " (\(held) more like it since the last line about it)" : "")")
    }

    /// Maps a PTV response to a model or a `PTVError`.
    /// - Parameters:
    ///   - response: Status and body.
    ///   - type: The model.
    static func decode<T: Decodable>(_ response: ClientResponse, as type: T.Type) throws -> T {
        let body = Data(response.body)
        guard response.status == 200 else {
            let message = (try? JSONDecoder().decode(ErrorBody.self, from: body))?.message.lowercased() ?? ""
            switch response.status {
            case 403 where message.contains("throttl"): throw PTVError(.throttled, status: 403)
            case 403 where message.contains("disabled") || message.contains("devid"): throw PTVError(.devIDInvalid, status: 403)
            case 403: throw PTVError(.signatureRejected, status: 403)
            case 400 where message.contains("devid"): throw PTVError(.devIDInvalid, status: 400)
            case 400: throw PTVError(.badRequest, status: 400)
            case 404: throw PTVError(.notFound, status: 404)
            case 429: throw PTVError(.throttled, status: 429)
            default: throw PTVError(.badStatus, status: response.status)
            }
        }
        guard !body.isEmpty else { throw PTVError(.malformedBody, status: 200) }
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw PTVError(JSONShape.endsEarly(body) ? .truncated : .malformedBody, status: 200)
        }
        if let enveloped = value as? any PTVEnveloped, enveloped.status.health == 0 {
            throw PTVError(.unhealthy, status: 200)
        }
        // A 200 without the list asked for (only `{"message": …}`, say) is no answer, never an empty one.
        if let shaped = T.self as? any PTVAnswerShaped.Type, !shaped.isAnswer(JSONShape.topLevelFields(body)) {
            throw PTVError(.noAnswer, status: 200)
        }
        return value
    }
}

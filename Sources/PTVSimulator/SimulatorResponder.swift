import Foundation
import HTTPServer
import Logging
import Synchronization

/// The simulator's HTTP face: applies faults, authenticates, decodes the path and query, and hands the
/// request to ``SimulatorAPI``. Logs one debug line per request, without the query (which holds the devid
/// and signature).
final class SimulatorResponder: Responder {
    /// The endpoints.
    let api: SimulatorAPI
    /// devid and signature checks.
    let authenticator: RequestAuthenticator
    /// Faults to apply before answering.
    let faults: FaultInjector
    /// The clock.
    let now: @Sendable () -> Date
    /// Gets one debug line per request.
    let logger: Logger
    /// Requests answered so far.
    let answered = Atomic<Int>(0)
    /// Set when the simulator stops, so hanging requests give up.
    let stopped = Atomic<Bool>(false)

    /// Creates the responder.
    init(api: SimulatorAPI, authenticator: RequestAuthenticator, faults: FaultInjector,
         now: @escaping @Sendable () -> Date, logger: Logger) {
        self.api = api
        self.authenticator = authenticator
        self.faults = faults
        self.now = now
        self.logger = logger
    }

    /// Answers one request.
    /// - Parameter request: The request.
    func respond(to request: Request) async -> Response {
        let response = await answer(request)
        answered.add(1, ordering: .relaxed)
        logger.debug("PTV simulator \(request.method) \(request.rawPath) \(response.status)")
        return response
    }

    private func answer(_ request: Request) async -> Response {
        let path = request.path ?? String(request.rawPath)
        guard let fault = faults.fault(for: path) else { return normal(request) }
        switch fault {
        case .latency(let milliseconds):
            try? await Task.sleep(for: .milliseconds(max(0, milliseconds)))
            return normal(request)
        case .hang:
            let clock = ContinuousClock()
            let giveUp = clock.now.advanced(by: faults.hangLimit)
            while faults.fault(for: path) == .hang {
                if stopped.load(ordering: .acquiring) || Task.isCancelled {
                    return Response.text("The simulator stopped.", status: 503)
                }
                if clock.now >= giveUp { return Response.text("The simulator hung for its limit.", status: 504) }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return await answer(request)
        case .status(let code):
            if code == 500 { return Response.json("{\"Message\":\"An error has occurred.\"}", status: 500) }
            return error(APIError(status: code, message: "Simulated failure (\(code))."))
        case .throttle:
            return error(.throttled)
        case .throttleRetryAfter(let seconds):
            var response = error(.throttled)
            response.headers.append(("Retry-After", String(max(0, seconds))))
            return response
        case .badSignature:
            return error(.signatureInvalid)
        case .malformedJSON:
            return Response.json("{\"departures\": [{\"stop_id\": 1071, \"route_id\": <html>Service Unavailable", status: 200)
        case .emptyBody:
            return Response.json("", status: 200)
        case .truncatedBody:
            var response = normal(request)
            response.body = Array(response.body.prefix(response.body.count / 2))
            return response
        case .messageOnly:
            return Response.json(APIError(status: 200, message: "The request could not be completed.").body, status: 200)
        case .listMissing:
            return Self.withoutList(normal(request), path: path)
        case .scrambled(let seed, let share):
            return AnswerScrambler.scramble(normal(request), path: path, seed: seed, share: share)
        case .answer(let body):
            return Response(status: 200, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")], body: body)
        case .unhealthy:
            var response = normal(request)
            let text = String(decoding: response.body, as: UTF8.self)
                .replacingOccurrences(of: "\"health\":1", with: "\"health\":0")
            response.body = Array(text.utf8)
            return response
        }
    }

    /// `response` without the list its question asks for (`departures` for departures and patterns, else every field
    /// but `status`); an error answer stays as it is.
    static func withoutList(_ response: Response, path: String) -> Response {
        rewritingJSON(response) { json in
            guard var object = json as? [String: Any] else { return nil }
            if path.hasPrefix("/v3/departures") || path.hasPrefix("/v3/pattern") {
                object.removeValue(forKey: "departures")
            } else {
                object = object.filter { $0.key == "status" }
            }
            return object
        }
    }

    /// `response` with its JSON body replaced by `change`'s (keys sorted); an error answer, a body that is not JSON,
    /// or a `change` that gives nil or no JSON, leaves it as it is.
    static func rewritingJSON(_ response: Response, _ change: (Any) -> Any?) -> Response {
        guard response.status == 200, let json = try? JSONSerialization.jsonObject(with: Data(response.body)),
              let changed = change(json), JSONSerialization.isValidJSONObject(changed),
              let body = try? JSONSerialization.data(withJSONObject: changed, options: [.sortedKeys]) else { return response }
        var rewritten = response
        rewritten.body = Array(body)
        return rewritten
    }

    /// The answer PTV would give when nothing is wrong.
    private func normal(_ request: Request) -> Response {
        let rawPath = request.rawPath
        guard rawPath == "/v3" || rawPath.hasPrefix("/v3/") else { return Response.text("Not Found", status: 404) }
        do throws(APIError) {
            try authenticator.check(target: request.target)
            var segments: [String] = []
            for raw in rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2) {
                guard let segment = PercentDecoding.decode(raw, plusIsSpace: false) else {
                    throw .badRequest("The request path is not valid.")
                }
                segments.append(segment)
            }
            while segments.last?.isEmpty == true { segments.removeLast() }
            guard let items = request.queryItems else { throw .badRequest("The query string is not valid.") }
            return Response.json(try api.respond(segments: segments, query: QueryParameters(items), now: now()))
        } catch {
            return self.error(error)
        }
    }

    private func error(_ error: APIError) -> Response {
        Response.json(error.body, status: error.status)
    }
}

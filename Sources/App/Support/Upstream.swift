import Foundation
import HTTPServer
import PTV

/// Turns PTV failures into pages with the right status and words.
enum Upstream {
    /// The HTTP error for a PTV failure; `missing` is said for a 404 (e.g. "There is no train stop 99999.").
    static func error(_ error: any Error, missing: String) -> any Error {
        if let refusal = error as? UpstreamBudget.Exhausted { return VisitorBudgetMiddleware.error(refusal, now: Date()) }
        guard let error = error as? PTVError else { return error }
        switch error.kind {
        case .notFound, .badRequest:
            return HTTPError(404, missing)
        case .throttled:
            return HTTPError(503, "PTV is limiting how often Trakx may ask for information, and Trakx has no saved copy of this page yet.",
                             headers: [("Retry-After", "30")])
        case .unhealthy:
            return HTTPError(503, "PTV says its service is offline right now.", headers: [("Retry-After", "60")])
        case .unreachable:
            return HTTPError(503, "Trakx could not reach PTV's service.", headers: [("Retry-After", "30")])
        case .timedOut:
            return HTTPError(504, "PTV did not answer in time.")
        case .signatureRejected, .devIDInvalid:
            return HTTPError(502, "PTV refused Trakx's credentials. Whoever runs this Trakx needs to check its PTV developer id and key.")
        case .badStatus, .malformedBody:
            return HTTPError(502, "PTV sent an answer Trakx could not read.")
        }
    }

    /// Runs a PTV call, mapping its failure.
    static func call<T: Sendable>(missing: String, _ body: () async throws -> Fetched<T>) async throws -> Fetched<T> {
        do {
            return try await body()
        } catch {
            throw Self.error(error, missing: missing)
        }
    }
}

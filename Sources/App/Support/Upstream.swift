import HTTPServer
import PTV

/// Turns PTV failures into pages with the right status and words (`EvidenceWords`, the one wording per outcome).
enum Upstream {
    /// The HTTP error for a PTV failure; `missing` is said for a 404 (e.g. "There is no train stop 99999.").
    static func error(_ error: any Error, missing: String) -> any Error {
        // Over the visitor's PTV budget (UpstreamBudget.Exhausted) passes through: VisitorBudgetMiddleware makes the 429.
        guard let error = error as? PTVError else { return error }
        return EvidenceWords.error(error.kind, missing: missing)
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

import HTTPServer
import PTV

/// A run's address in the path (`/{mode}/{ref}`), read strictly, shared by the run and ride pages.
struct RunAddress {
    /// The run's mode.
    let type: RouteType
    /// PTV's run reference.
    let ref: String

    /// Reads `mode` and `ref` from the path; either one malformed is a 400.
    init(_ context: TrakxContext) throws {
        type = try Params.mode(context.require("mode"))
        ref = try Params.runRef(context.require("ref"))
    }

    /// Loads the run's pattern and reads it as a journey; a run PTV does not know, or one with no stops, is a 404.
    func load(from source: any TransitSource) async throws -> (Journey, Fetched<PatternResponse>) {
        let missing = "There is no \(ModeWords.noun(type)) run with the reference \(ref). It may have finished for the day."
        let pattern = try await Upstream.call(missing: missing) { try await source.pattern(runRef: ref, routeType: type.rawValue) }
        let journey = Journey(pattern.value, routeType: type)
        guard !journey.calls.isEmpty else { throw HTTPError(404, missing) }
        return (journey, pattern)
    }
}

import HTTPServer
import PTV

/// A run's address in the path (`/{mode}/{ref}`), read strictly, shared by the run and ride pages.
struct RunAddress {
    /// The run's mode.
    let type: RouteType
    /// PTV's run reference.
    let ref: String

    /// Reads `mode` and `ref` from the path; either one malformed is a 400.
    init(_ context: RequestContext) throws {
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

    /// The 400 message for a stop this run does not call at (or not after the rider's boarding stop), naming the stop:
    /// from the run's own pattern, else from PTV's stop call, else by its number.
    /// - Parameters:
    ///   - stopID: The stop asked for.
    ///   - journey: The run's journey.
    ///   - source: Where PTV's stop call is made, when the pattern does not name the stop.
    ///   - boarding: The rider's boarding call, when the stop was asked as the one to get off at.
    func notServed(_ stopID: Int, in journey: Journey, source: any TransitSource, after boarding: Int? = nil) async -> String {
        var name = journey.calls.first { $0.stopID == stopID }.map(\.name)
        if name == nil, let details = try? await source.stop(stopID, routeType: type.rawValue).value.stop {
            name = SpokenName.stop(details.stopName, withStopNumber: false)
        }
        // "after Richmond" only for a stop the run does call at, before the boarding stop.
        let before = boarding.flatMap { journey.index(of: stopID) == nil ? nil : journey.calls[$0].name }
        return RunStopWords.notServed(noun: ModeWords.noun(type), stop: name, stopID: stopID, after: before)
    }
}

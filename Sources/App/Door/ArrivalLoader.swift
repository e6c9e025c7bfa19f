import Foundation
import PTV

/// Asking PTV what an arrival says (the arrival page, and the ride page at the rider's stop): it needs only the ask.
enum ArrivalLoader {
    /// What an arrival is built from: each of its PTV questions' evidence.
    struct ArrivalAnswers: Sendable {
        let details: Evidence<StopDetailsResponse>
        let departures: Evidence<DeparturesResponse>
        let near: Evidence<StopsNearbyResponse>
        /// The texts of disruptions the departures name, by id, as far as Trakx knows them.
        var disruptions: [String: Disruption] = [:]

        /// The arrival these answers say, for a rider who rode `ride` (when known).
        func arrival(type: RouteType, stopID: Int, ride: (journey: Journey, index: Int)?, words: TimeWords) -> Arrival {
            Arrival(type: type, stopID: stopID, details: details, departures: departures, near: near, disruptions: disruptions, ride: ride,
                    words: words)
        }
    }

    /// Asks what an arrival says, in one round trip: the stop's details and departures at once, and the stops near
    /// it in the same round when the stop's position is already known (from the ride, or the stop's details kept
    /// from an earlier page); otherwise they are learnt in the background and said on the next load. Each part only
    /// adds to the page, so one that fails or is not back within the ask's `secondRound` (2 s in service, as every part of
    /// a page a rider can do without) says so and the rest stands.
    /// - Parameters:
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - point: The stop's position, when the ride already gives it.
    ///   - ask: How PTV is asked.
    ///   - waiting: Whether PTV is asked now (the arrival page); false takes only what is already known and learns
    ///     the rest for the next load (the ride page, whose own question is the run).
    static func answers(type: RouteType, stopID: Int, point: (Double, Double)?, ask: Ask, waiting: Bool = true) async -> ArrivalAnswers {
        let detailsQuery = PTVQuery.stop(stopID, routeType: type.rawValue)
        let departuresQuery = PTVQuery.departures(routeType: type.rawValue, stopID: stopID)
        let point = point ?? ask.known(detailsQuery)?.value.stop?.location?.point
        let nearQuery = point.map { PTVQuery.stopsNearby(latitude: $0.0, longitude: $0.1, maxResults: 12, maxDistance: 400) }
        var answers: ArrivalAnswers
        if waiting {
            async let details = Self.within(detailsQuery, ask)
            async let departures = Self.within(departuresQuery, ask)
            async let near = Self.within(nearQuery, ask)
            answers = await ArrivalAnswers(details: details, departures: departures, near: near)
            if nearQuery == nil, let learnt = answers.details.value?.stop?.location?.point {
                ask.learn(.stopsNearby(latitude: learnt.0, longitude: learnt.1, maxResults: 12, maxDistance: 400))
            }
        } else {
            answers = ArrivalAnswers(details: Self.knownOrLearnt(detailsQuery, ask), departures: Self.knownOrLearnt(departuresQuery, ask),
                                     near: nearQuery.map { Self.knownOrLearnt($0, ask) } ?? Evidence(.nearby, outcome: .notAsked))
        }
        answers.disruptions = answers.departures.value.map { ask.disruptionTexts(namedIn: $0) } ?? [:]
        return answers
    }

    /// A question's evidence, or "did not answer in time" past the ask's `secondRoundLeft` (the question goes on and fills the cache).
    private static func within<Answer>(_ query: PTVQuery<Answer>?, _ ask: Ask) async -> Evidence<Answer> {
        guard let query else { return Evidence(.nearby, outcome: .notAsked) }
        return await Deadline.value(of: Task { await ask(query) }, within: ask.secondRoundLeft)
            ?? Evidence(Question(query.request.endpoint), outcome: .failed(.timedOut))
    }

    /// What is known for a question now; when nothing is, it is learnt for the next load (and said not asked).
    private static func knownOrLearnt<Answer>(_ query: PTVQuery<Answer>, _ ask: Ask) -> Evidence<Answer> {
        if let known = ask.known(query) { return Evidence(Question(query.request.endpoint), known) }
        ask.learn(query)
        return Evidence(Question(query.request.endpoint), outcome: .notAsked)
    }
}

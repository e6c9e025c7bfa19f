import Foundation
import HTTPServer
import PTV

/// A run's address in the path (`/{mode}/{ref}`), read strictly, shared by the run and ride pages.
struct RunAddress {
    /// The run's mode.
    let type: RouteType
    /// PTV's run reference.
    let ref: String

    /// What the run and ride pages are built from.
    struct Loaded {
        let journey: Journey
        let pattern: Fetched<PatternResponse>
        let disruptions: DisruptionNotes
    }

    /// A run's address already read.
    init(type: RouteType, ref: String) {
        self.type = type
        self.ref = ref
    }

    /// Reads `mode` and `ref` from the path; either one malformed is a 400.
    init(_ context: TrakxContext) throws {
        type = try Params.mode(context.require("mode"))
        ref = try Params.runRef(context.require("ref"))
    }

    /// Loads the run's pattern and reads it as a journey, with the disruptions it names. A run PTV does not list
    /// is a 404 that says so without blaming the address (Trakx's own boards link runs); a failure says how PTV failed.
    /// - Parameters:
    ///   - ask: The way to PTV.
    ///   - words: Time words for now, for disruptions not on at the run's time.
    func load(_ ask: Ask, words: TimeWords) async throws -> Loaded {
        let noun = ModeWords.noun(type)
        let missing = "PTV does not list the stops and times of this \(noun) service, run \(ref), just now. It may have finished for the day, or its times may have changed."
        let advice = "Go back to the departures and choose the service again."
        let fetched: Fetched<PatternResponse>
        do {
            fetched = try await ask(.pattern(runRef: ref, routeType: type.rawValue))
                .required(missing: missing, couldNot: "load this \(noun) service's stops and times")
        } catch {
            // Its advice is for a run PTV no longer lists; a failure keeps what its own words advise (wait for a
            // throttled PTV, tell whoever runs Trakx of a refused key, try again in a minute).
            var error = error
            if error.status == 404 { error.advice = advice }
            throw error
        }
        let journey = Journey(fetched.value, routeType: type, asked: ref)
        guard !journey.calls.isEmpty else { throw HTTPError(404, missing, advice: advice) }
        let named = fetched.value.departures.map(\.disruptionIds)
        let known = DisruptionNotes.byID(fetched.value.disruptions)
        let looked = await ask.disruptionTextsNow(for: DisruptionNotes.unknownIDs(named: named, known: known))
        let disruptions = RunPage.disruptions(in: fetched.value, journey: journey, known: DisruptionNotes.known(known, looked.found),
                                              dated: looked.dated, words: words)
        return Loaded(journey: journey, pattern: fetched, disruptions: disruptions)
    }

    /// The journey a rider rides from stop `from` to stop `to` on this run (``Journey/riding(_:routeType:asked:from:to:)``):
    /// the trip asked for, or, for a stop on the trip the same train runs before or after it (a City Loop stop, or one
    /// past a handover), those trips too; with neither stop chosen, the trip as loaded.
    /// - Parameters:
    ///   - loaded: The run as loaded.
    ///   - from: The rider's stop, if chosen.
    ///   - visit: The timetabled minute of the rider's visit to it, when a board named one.
    ///   - to: The stop they get off at, if chosen.
    func journey(_ loaded: Loaded, from: Int?, at visit: Date? = nil, to: Int?) -> Journey {
        from == nil && to == nil ? loaded.journey
            : Journey.riding(loaded.pattern.value, routeType: type, asked: ref, from: from, at: visit, to: to)
    }

    /// The 400 message for a stop this run does not call at (or not after the rider's boarding stop), naming the stop:
    /// from the run's own pattern, else from PTV's stop call in one more round bounded by the page's second round
    /// (`Ask.secondRoundLeft`: a refusal is not held for PTV's whole wait), else by its number (the call goes on in the
    /// background, so the next refusal names it).
    /// - Parameters:
    ///   - stopID: The stop asked for.
    ///   - journey: The run's journey.
    ///   - ask: How PTV's stop call is made, when the pattern does not name the stop.
    ///   - boarding: The rider's boarding call, when the stop was asked as the one to get off at.
    func notServed(_ stopID: Int, in journey: Journey, ask: Ask, after boarding: Int? = nil) async -> String {
        var name = journey.calls.first { $0.stopID == stopID }.map(\.name)
        let details = PTVQuery.stop(stopID, routeType: type.rawValue)
        if name == nil, ask.known(details) == nil {
            await Ask.secondRound([ask.learn(details)], within: ask.secondRoundLeft)
        }
        if name == nil, let stop = ask.known(details)?.value.stop {
            name = SpokenName.stop(stop.stopName, withStopNumber: false)
        }
        // "after Richmond" only for a stop the run does call at, before the boarding stop.
        let before = boarding.flatMap { journey.index(of: stopID) == nil ? nil : journey.calls[$0].name }
        return RunStopWords.notServed(noun: ModeWords.noun(type), stop: name, stopID: stopID, after: before)
    }
}

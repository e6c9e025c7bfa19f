import PTV

/// Which of a through-running train's two runs a board row belongs to, where both are listed at the stop.
///
/// PTV lists a through-run's handover stop, and often the stop before it, under both runs (a Werribee train that
/// becomes a Frankston train at Flinders Street is listed at Southern Cross as both). The train a rider boards there
/// is the one its display shows: the run it continues as at the handover (Flinders Street, Town Hall) and past it,
/// the first run at a stop before it.
extension DepartureBoard {
    /// The runs whose rows at `stopID` are the same train listed under the other run of its through-run.
    /// - Parameters:
    ///   - runs: The answer's runs.
    ///   - listed: The runs the answer lists at the stop.
    ///   - stopID: The board's stop.
    ///   - type: The stop's mode (the city's stop ids are metro train stops).
    static func sameTrainListedTwice(_ runs: [String: Run], listed: Set<String>, stopID: Int, type: RouteType) -> Set<String> {
        var hidden = Set<String>()
        for ref in listed {
            guard let run = runs[ref], let next = PlatformDestination.advertisedNext(of: run), listed.contains(next.runRef) else { continue }
            // A train run ending at Flinders Street or Town Hall is still itself at any other stop before its end.
            let beforeHandover = type == .train && !Journey.handoverStops.contains(stopID)
                && Journey.handoverStops.contains(run.finalStopId)
            hidden.insert(beforeHandover ? next.runRef : ref)
        }
        return hidden
    }
}

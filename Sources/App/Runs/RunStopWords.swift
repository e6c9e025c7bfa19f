/// What is said when a link asks a run for a stop it does not serve.
enum RunStopWords {
    /// "This train does not stop at Oakleigh.", "This train does not stop at Caulfield after Richmond, where you
    /// board."; "stop number 1148" only when no answer names the stop.
    /// - Parameters:
    ///   - noun: "train", "tram", "bus".
    ///   - stop: The stop's spoken name, when known.
    ///   - stopID: The stop's number.
    ///   - after: The boarding stop's name, when the stop was asked as the one to get off at.
    static func notServed(noun: String, stop: String?, stopID: Int, after: String?) -> String {
        let named = stop.flatMap { $0.isEmpty ? nil : $0 } ?? "stop number \(stopID)"
        return "This \(noun) does not stop at \(named)" + (after.map { " after \($0), where you board." } ?? ".")
    }

    /// Said where the ride page would list the stops ahead, when none is left: never a heading with nothing under it.
    /// - Parameters:
    ///   - choosing: Whether the rider has yet to choose where to get off.
    ///   - from: The boarding stop's name, when given.
    ///   - fromIsLast: Whether the boarding stop is the run's last.
    static func noStopsLeft(choosing: Bool, from: String?, fromIsLast: Bool) -> String {
        if let from, fromIsLast { return "\(from) is the last stop of this service, so there is no stop after it to get off at." }
        return choosing ? "No stops are left on this service to get off at." : "No stops are left to list before your stop."
    }
}

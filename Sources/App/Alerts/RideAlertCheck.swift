import Foundation
import PTV

/// A ride alert read against the run's pattern, in the ride page's own words: "Get ready" once when the rider's stop
/// is next, "You are at" once when the vehicle is at it (live data only, as on the page), then done. A vehicle that
/// passed the stop before "You are at" could be said is told as the page tells it ("You have passed Richmond.").
enum RideAlertCheck {
    /// The step for `alert` on `journey` at `now`.
    /// - Parameters:
    ///   - alert: A ride alert.
    ///   - journey: The run's journey, from the pattern just asked.
    ///   - staleSince: When the pattern is a saved copy, since when.
    ///   - now: The clock.
    static func step(_ alert: Alert, journey: Journey, staleSince: Date?, now: Date) -> AlertStep {
        let calls = journey.calls
        guard case .ride(let runRef, let fromStop) = alert.watch else { return AlertStep(notice: nil, sent: alert.sent, done: true) }
        let from = fromStop.flatMap { journey.boarding(at: $0, getOff: alert.stopID) }
        guard let to = calls.indices.last(where: { calls[$0].stopID == alert.stopID && $0 > (from ?? -1) }) else {
            return AlertStep(notice: nil, sent: alert.sent, done: true)
        }
        let type = journey.routeType
        let noun = journey.noun
        let words = TimeWords(now: now)
        let progress = JourneyProgress(journey, now: now, staleSince: staleSince)
        let state = RideState(journey: journey, progress: progress, from: from, to: to)
        let sentence = RideWords(journey: journey, progress: progress, words: words, noun: noun).sentence(state, to: to)
        let ref = journey.first?.runRef ?? runRef
        let url = Paths.ride(type, ref, from: from.map { calls[$0].stopID }, at: from.flatMap(journey.visit), to: alert.stopID)
        let said = Set(alert.sent.split(separator: " ").map(String.init))
        let name = calls[to].name
        func notice(_ title: String, _ event: String) -> AlertNotice {
            AlertNotice(title: title, body: sentence, url: url, stopURL: Paths.alertStop(alert.stopCode), tag: "trakx-alert-\(alert.id)-\(event)")
        }
        func saying(_ event: String) -> String { (said.union([event])).sorted().joined(separator: " ") }
        switch state {
        case .getReady where !said.contains("ready") && !said.contains("at"):
            return AlertStep(notice: notice("Get ready, \(name) is next", "ready"), sent: saying("ready"), done: false)
        case .atYourStop where !said.contains("at"):
            return AlertStep(notice: notice("You are at \(name)", "at"), sent: saying("at"), done: true)
        case .passed where !said.contains("at"):
            return AlertStep(notice: notice("You have passed \(name)", "at"), sent: saying("at"), done: true)
        case .cancelled:
            return AlertStep(notice: notice("This \(noun) is cancelled", "cancelled"), sent: saying("cancelled"), done: true)
        case .passed, .ended, .atYourStop:
            return AlertStep(notice: nil, sent: alert.sent, done: true)
        case .getReady, .waiting, .left, .notStarted, .onTheWay:
            return AlertStep(notice: nil, sent: alert.sent, done: false)
        }
    }
}

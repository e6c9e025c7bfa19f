import Foundation
import PTV

/// The ride page's sentences. Nothing says "now" or "at" unless live data puts the vehicle there; with the
/// timetable only, times are "due".
struct RideWords {
    let journey: Journey
    let progress: JourneyProgress
    let words: TimeWords
    /// "train", "tram", "bus".
    let noun: String

    /// The state in one or two sentences.
    func sentence(_ state: RideState, to: Int?) -> String {
        let calls = journey.calls
        var text: String
        switch state {
        case .cancelled:
            return "This \(noun) is cancelled."
        case .ended:
            return "This \(noun) has finished its run at \(calls.last?.name ?? journey.destination)."
        case .waiting(let from):
            text = waiting(from)
        case .left(let from):
            let left = calls[from].time.map { " at \(words.clock($0))" } ?? ""
            return "This \(noun) has already left \(calls[from].name)\(left). If you are not on it, the next departures from \(calls[from].name) are on its stop page."
        case .notStarted:
            let first = calls.first
            guard let time = first?.time else { return "This \(noun) has not started its trip yet." }
            let until = words.until(time)
            let leaves = "This \(noun) has not started its trip yet. It is due to leave \(first?.name ?? "its first stop")"
            // More than two hours away: its time, and its day when that is not today ("tomorrow at 5 45 pm").
            if words.isFar(time) { return leaves + " \(words.at(time))." }
            return leaves + " at \(words.clock(time))" + (until.hasPrefix("in ") ? ", \(until)." : ".")
        case .getReady(let to):
            text = "Get ready, your stop, \(calls[to].name), is next" + due(to, prefix: ", ") + "."
        case .atYourStop(let to):
            text = "You are at your stop, \(calls[to].name)."
        case .passed(let to):
            if case .at(let index) = progress.place { return "You have passed \(calls[to].name). The \(noun) is at \(calls[index].name)." }
            return "You have passed \(calls[to].name)." + (progress.nextIndex.map { " The next stop is \(calls[$0].name)." } ?? "")
        case .onTheWay(let next):
            text = onTheWay(next)
            if let to {
                text += " Your stop, \(calls[to].name), is \(Plural.count(to - next + 1, "stop")) away" + due(to, prefix: ", ") + "."
            } else {
                text += " Choose where you are getting off, and this page will tell you when it is near."
            }
        }
        if let to, calls[to].cancelled { text += " This \(noun) does not stop at \(calls[to].name), as that stop is cancelled." }
        return text
    }

    private func waiting(_ from: Int) -> String {
        let calls = journey.calls
        let stop = calls[from].name
        // The platform as the board's row says it, where PTV gives one: the rider is waiting for it, or hurrying to it.
        let platform = calls[from].platform
        switch progress.place {
        case .at(let index) where index == from:
            return "Your \(noun) is at \(stop)" + (platform.map { ", platform \($0)." } ?? ".")
        case .at(let index):
            return "Your \(noun) is at \(calls[index].name), \(Plural.count(from - index, "stop")) before \(stop)" + due(from, prefix: ", ") + "."
        case .between(let previous, let next):
            return "Your \(noun) is between \(calls[previous].name) and \(calls[next].name), \(Plural.count(from - previous, "stop")) before \(stop)" + due(from, prefix: ", ") + "."
        case nil:
            let call = calls[from]
            guard let time = call.time else { return "Your \(noun) is due at \(stop). PTV gives no time for it." }
            let until = words.until(time)
            let fromPlatform = platform.map { " from platform \($0)" } ?? ""
            if time < words.now.addingTimeInterval(-30) {
                return "Your \(noun) was due at \(stop) at \(words.clock(time)). PTV has not said it has left."
            }
            // More than two hours away: its time, and its day when that is not today ("tomorrow at 2 15 pm").
            if words.isFar(time) {
                return "Your \(noun) is due at \(stop) \(words.at(time))" + fromPlatform + (call.isLive ? ", by live estimate." : ".")
            }
            if call.isLive { return "Your \(noun) is due at \(stop) \(until == "now" ? "about now" : until)\(fromPlatform), by live estimate." }
            return "Your \(noun) is due at \(stop) at \(words.clock(time))" + fromPlatform + (until.hasPrefix("in ") ? ", \(until)." : ".")
        }
    }

    private func onTheWay(_ next: Int) -> String {
        let calls = journey.calls
        switch progress.place {
        case .at(let index):
            return "The \(noun) is at \(calls[index].name). Next stop, \(calls[next].name)."
        case .between:
            return "Next stop, \(calls[next].name)."
        case nil where calls[next].isLive:
            return "Next stop, \(calls[next].name)" + due(next, prefix: ", ") + "."
        case nil:
            return "By the timetable, the next stop is \(calls[next].name)" + due(next, prefix: ", ") + "."
        }
    }

    /// ", due in 6 minutes" (live) or ", due 6 08 pm, in 6 minutes" (timetable); "" when no time is known.
    private func due(_ index: Int, prefix: String) -> String {
        let call = journey.calls[index]
        guard let time = call.time, !call.cancelled else { return "" }
        let until = words.until(time)
        // A time already past is said as the time it was due, never "departed": only evidence says that.
        guard until.hasPrefix("in ") || until == "now" else { return prefix + "due \(words.clock(time))" }
        if call.isLive { return prefix + "due " + (until == "now" ? "about now" : until) }
        return prefix + "due \(words.clock(time))" + (until == "now" ? "" : ", \(until)")
    }

    /// Where the information comes from. `live` is whether the stop that matters to the rider (their stop, else
    /// the next one) has a live estimate; `staleBecause` why a saved copy is shown; `wasLive` whether the page this
    /// one refreshed had live times (then a fresh answer without them says they were lost, and by when);
    /// `liveAsFarAs` the last stop with one, when the stop the rider waits at (or, on board, the next one) has one and
    /// their own has none.
    static func source(_ progress: JourneyProgress, live: Bool, words: TimeWords, noun: String,
                       staleBecause: PTVError.Kind? = nil, wasLive: Bool = false, liveAsFarAs: String? = nil) -> String {
        let listen = "Listen for the announcement on board, or ask the driver."
        if let since = progress.staleSince {
            let why = staleBecause.map { ", because \(EvidenceWords.reason($0))" } ?? ""
            return "Live information lost \(words.at(since))\(why). Times are "
                + (live ? "the last live estimates from then" : "from the timetable") + ", and where the \(noun) is now is not known. " + listen
        }
        switch progress.evidence {
        case .position(let age):
            if let seen = lastSeen(progress, words: words) { return "Live position, last seen \(seen)." }
            return "Live position, " + (age < 60 ? Plural.count(age, "second") : words.minutes(age / 60)) + " old."
        case .atPlatform:
            return "Live, PTV reports the \(noun) at the platform."
        case nil:
            if let lost = progress.lostAt {
                let seen = lastSeen(progress, words: words).map { ", the \(noun) was last seen \($0)" } ?? ""
                let times = live ? "live estimates" : liveAsFarAs.map { "live estimates as far as \($0), then the timetable" } ?? "from the timetable"
                return "Live position lost \(words.at(lost))\(seen). Times are \(times). " + listen
            }
            let ignored = progress.positionIgnored
                ? " PTV reports a position for this \(noun) that does not fit this trip yet, as it may still be on its previous trip, so it is not used." : ""
            if live { return (noun == "tram" ? "Live times. PTV gives no position for trams." : "Live times, with no vehicle position.") + ignored }
            if let liveAsFarAs { return "Live times as far as \(liveAsFarAs), then the timetable." + ignored + " " + listen }
            if wasLive {
                return "Live times lost by \(words.clock(words.now)), as PTV stopped sending them for this \(noun). Times are from the timetable."
                    + ignored + " " + listen
            }
            return "Timetable only." + ignored + " " + listen
        }
    }

    /// "3 minutes ago near Malvern", "2 minutes ago between Armadale and Malvern": where a position more than a
    /// minute old put the vehicle, with its age in whole minutes; nil for a younger position or none.
    static func lastSeen(_ progress: JourneyProgress, words: TimeWords) -> String? {
        guard let seen = progress.lastSeen else { return nil }
        let calls = progress.calls
        let near = switch seen.place {
        case .at(let index): "near \(calls[index].name)"
        case .between(let previous, let next): "between \(calls[previous].name) and \(calls[next].name)"
        }
        return "\(words.minutes(seen.age / 60)) ago \(near)"
    }

    /// "The train is heading northeast towards Westgarth.", from the bearing between the stops either side.
    static func orientation(journey: Journey, progress: JourneyProgress, noun: String) -> String? {
        // Only live evidence says which way the vehicle is going now; the heading is towards the stop after where it is.
        guard progress.staleSince == nil, let next = progress.headingIndex, next > 0 else { return nil }
        let a = journey.calls[next - 1], b = journey.calls[next]
        guard let lat1 = a.latitude, let lon1 = a.longitude, let lat2 = b.latitude, let lon2 = b.longitude,
              Compass.distance(fromLatitude: lat1, fromLongitude: lon1, toLatitude: lat2, toLongitude: lon2) > 50 else { return nil }
        let bearing = Compass.bearing(fromLatitude: lat1, fromLongitude: lon1, toLatitude: lat2, toLongitude: lon2)
        return "The \(noun) is heading \(Compass.word(bearing)) towards \(b.name)."
    }
}

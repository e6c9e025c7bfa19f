import Foundation
import PTV

/// The ride page: where the vehicle is, how far the rider's stop is, and the stops ahead.
struct RidePage: Sendable {
    /// One stop ahead.
    struct Stop: Sendable {
        let name: String
        /// "6 08 pm".
        let time: String
        /// Said after `time`: "in 5 minutes", "due in 5 minutes" (timetable), "cancelled".
        let when: String
        /// Link that makes this the rider's stop, when none is chosen yet.
        let chooseURL: String?
        let isYours: Bool
    }

    /// An event the page's script announces once.
    struct Event: Sendable {
        let key, text: String
    }

    /// "Frankston line to Frankston"; its summary says where the rider is and how far their stop is, in one or two sentences.
    let head: PageHead
    /// Where the information comes from: "Live position, 20 seconds old.", "Timetable only. …".
    let source: String
    /// "The train continues northeast towards Westgarth.", when known.
    let orientation: String?
    /// "Buses replace trains between Elsternwick and Sandringham.": works on now that change where the rider gets on or
    /// off, said before the stops to choose from (not again among the service's facts).
    let works: String?
    /// Stops ahead, up to the rider's stop (or to the end).
    let stops: [Stop]
    /// Whether the rider still has to choose where to get off.
    let choosing: Bool
    /// The heading over the stops: "Where are you getting off?", "Stops to your stop".
    let stopsHeading: String
    /// The boarding stop's departures, when the vehicle has already left it ("the next service from there").
    let nextFromStop: Link?
    /// Disruptions the pattern names, said as on the board and the run page.
    let disruptions: DisruptionNotes
    /// Said instead of the list's heading when no stop is left to list ("Richmond is the last stop …").
    let noStopsLeft: String?
    /// Events for the live region, each announced once by the script.
    let events: [Event]
    /// Whether live information is in use (for the script: "lost"/"back").
    let live: Bool
    /// Set when automatic refresh is on: the URL without it.
    let stopAutoURL: String?
    /// Automatic refresh choices, when it is off.
    let autoChoices: [Link]
    let refreshURL: String
    /// "6 43 pm", the minute of the update.
    let updated: String
    let runURL: String
    let facts: [String]
    /// The journey as a picture, and the rider's arrival (its `arrival` set by the controller).
    var door: RideDoor?
    /// The rider's stop's index once the vehicle is at it: where the controller loads the arrival.
    let arrivedAt: Int?
    /// The rider's stop's index when it is the next one ("get ready"): what the arrival will need is learnt now.
    let nextIsYours: Int?
    /// "Alert me on this phone", once the rider's stop is chosen and still ahead (set by the controller).
    var alerts: AlertOffer?
    /// Whether the ride can still alert the rider: their stop chosen, the run neither cancelled nor past it.
    let alertable: Bool

    /// Builds the page.
    /// - Parameters:
    ///   - journey: The run's journey.
    ///   - from: The rider's boarding stop index.
    ///   - to: The rider's alighting stop index.
    ///   - auto: Automatic refresh seconds, when asked for.
    ///   - pattern: The fetched pattern.
    ///   - context: Words, demo mode and path.
    ///   - disruptions: Disruptions the pattern names, said as on the board.
    ///   - wasLive: Whether the page this one refreshed had live times (`was=live`).
    init(journey: Journey, from: Int?, to: Int?, auto: Int?, pattern: Fetched<PatternResponse>, context: PageContext,
         disruptions: DisruptionNotes = .none, wasLive: Bool = false) {
        let words = context.words
        let progress = JourneyProgress(journey, now: words.now, staleSince: pattern.staleSince)
        let state = RideState(journey: journey, progress: progress, from: from, to: to)
        door = RideDoor(journey: journey, progress: progress, from: from, to: to)
        if case .atYourStop(let index) = state { arrivedAt = index } else { arrivedAt = nil }
        if case .getReady(let index) = state { nextIsYours = index } else { nextIsYours = nil }
        switch state {
        case .cancelled, .ended, .passed, .atYourStop: alertable = false
        default: alertable = to != nil
        }
        let type = journey.routeType
        let noun = journey.noun
        let calls = journey.calls
        let ref = journey.first?.runRef ?? ""
        let fromID = from.map { calls[$0].stopID }
        // A stop the train calls at twice: the page's links name the rider's visit.
        let visit = from.flatMap(journey.visit)
        let toID = to.map { calls[$0].stopID }
        let heading = journey.heading(from: from)
        // "Live times" only when the stop that matters to the rider has a live estimate.
        let focus = to ?? (from.flatMap { progress.hasDeparted($0) ? nil : $0 }) ?? progress.nextIndex
        let liveTimes = focus.map { calls[$0].isLive && !calls[$0].cancelled } ?? false
        let live = progress.evidence != nil || liveTimes
        self.live = live
        let sentence = RideWords(journey: journey, progress: progress, words: words, noun: noun).sentence(state, to: to)
        // Waiting at a stop PTV estimates (or on board, the next stop), for a stop it does not: the summary says the
        // train is due "by live estimate", and the list has live times, so the source says how far they go, never
        // "Timetable only." after it.
        let liveAsFarAs = liveTimes ? nil : to.flatMap { to -> String? in
            guard let start = from.flatMap({ progress.hasDeparted($0) ? nil : $0 }) ?? progress.nextIndex,
                  to > start, calls[start].isLive else { return nil }
            return calls[start ... to].last { $0.isLive && !$0.cancelled }?.name
        }
        source = RideWords.source(progress, live: liveTimes, words: words, noun: noun, staleBecause: pattern.staleBecause,
                                   wasLive: wasLive && progress.evidence == nil && !progress.hasLiveTimes, liveAsFarAs: liveAsFarAs)
        orientation = RideWords.orientation(journey: journey, progress: progress, noun: noun)
        // Where to get off can only be a stop after the boarding stop.
        let start = max(progress.nextIndex ?? calls.count, from.map { to == nil ? $0 + 1 : $0 } ?? 0)
        let end = to ?? (calls.count - 1)
        choosing = to == nil
        if case .left(let index) = state {
            stopsHeading = "If you are on it, where are you getting off?"
            nextFromStop = Link("Next departures from \(calls[index].name)", href: Paths.stop(type, calls[index].stopID))
        } else {
            stopsHeading = to == nil ? "Where are you getting off?" : "Stops to your stop"
            nextFromStop = nil
        }
        self.disruptions = disruptions
        stops = start <= end ? (start ... end).map { index in
            let call = calls[index]
            var when = call.isLive || call.cancelled ? progress.when(index, words: words) : call.time.map { words.due($0) } ?? "time not known"
            if let doubtful = call.doubtfulWords(words) { when += ", but \(doubtful)" }
            return Stop(name: call.name, time: call.time.map { words.clock($0) } ?? "", when: when,
                        chooseURL: to == nil ? Paths.ride(type, ref, from: fromID, at: visit, to: call.stopID) : nil, isYours: index == to)
        } : []
        noStopsLeft = stops.isEmpty ? RunStopWords.noStopsLeft(choosing: to == nil, from: from.map { calls[$0].name },
                                                                fromIsLast: from == calls.count - 1) : nil
        var events: [Event] = []
        if case .onTheWay(let next) = state, let to, to - next <= 3 {
            events.append(Event(key: "next-\(calls[next].stopID)", text: "Next stop, \(calls[next].name)."))
        }
        if let key = state.eventKey { events.append(Event(key: key, text: sentence)) }
        self.events = events
        stopAutoURL = auto.map { _ in Paths.ride(type, ref, from: fromID, at: visit, to: toID) }
        autoChoices = auto == nil ? RideRefresh.allowed.map { Link("every \($0) seconds", href: Paths.ride(type, ref, from: fromID, at: visit, to: toID, auto: $0)) } : []
        // The refresh carries whether this page had live times, so the next one can say they were lost.
        refreshURL = Paths.ride(type, ref, from: fromID, at: visit, to: toID, auto: auto, wasLive: progress.evidence != nil || progress.hasLiveTimes)
        updated = words.clock(words.now)
        runURL = Paths.run(type, ref, stop: fromID, at: visit)
        // Said first where the rider rides into them; works behind a train's rider, or beyond their stop, stay in the
        // disruptions below.
        works = ChangeWords.sentences(journey.worksOnRide(disruptions.replacements, from: from, to: to))
        facts = RunPage.notes(journey: journey, from: from)
            + [journey.cameFrom?.cameFromSentence, journey.continuesAs?.continuesSentence].compactMap { $0 }
        let title = "Riding the " + heading + (to.map { ", getting off at \(calls[$0].name)" } ?? "")
        head = PageHead(context.chrome(title: title, stale: context.staleNotice(pattern),
                                       scripts: ["/static/js/ride.js"]),
                        heading: heading, summary: sentence)
    }
}

/// The automatic refresh a rider may ask for without JavaScript.
enum RideRefresh {
    /// Allowed `auto` values, in seconds.
    static let allowed = [30, 60]
}

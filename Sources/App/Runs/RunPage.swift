import Foundation
import PTV

/// One stop in a stopping pattern, as the run page says it.
struct PatternRow: Sendable {
    let name: String
    /// The stop's page (the row's one link: riding from another stop is that stop's board's row; riding from the
    /// rider's stop is the page's "Ride this service").
    let href: String
    let time: String
    /// "departed", "before your stop", "in 5 minutes", "your stop, in 5 minutes".
    let when: String
    /// The same phrase as on the board: "live", "delayed 1 minute", "timetable"; nil when cancelled (`when` says so).
    let status: String?
    let platform: String?
    let isChosen: Bool
    let departed: Bool
    let anchor: String
    /// "Continues as the Werribee line train to Laverton." said before this stop, where the run changes name.
    let continuation: String?
}

/// The run page's view model: a run's whole journey, opened at the rider's stop.
struct RunPage: Sendable {
    /// "Frankston line to Frankston", and the rider's stop and how far the run goes from it.
    let head: PageHead
    /// Facts about the run: express, via, extra service, replacement buses, vehicle.
    let notes: [String]
    /// Stops before the rider's stop.
    let earlier: [PatternRow]
    let earlierLabel: String
    /// The rider's stop and the stops after it (every stop when no stop was chosen).
    let stops: [PatternRow]
    let lineURL: String?
    let rideURL: String
    let updated: String
    /// Disruptions the pattern names, said as on the board and the ride page.
    let disruptions: DisruptionNotes
    /// The journey as a picture.
    let strip: StripMap?
    /// "Before Flinders Street, this train runs from Werribee as the Werribee line.", with that trip's page.
    let cameFrom: Link?
    /// "At Flinders Street, this train continues as the Frankston line to Frankston.", with that trip's page.
    let continuesAs: Link?

    /// Builds the page.
    /// - Parameters:
    ///   - journey: The run's journey.
    ///   - fromStop: The rider's stop, if given (it must be one the run calls at).
    ///   - visit: The timetabled minute of the rider's visit to it, when a board named one (the run calls there twice).
    ///   - pattern: The fetched pattern (for its fetch time, staleness and disruptions).
    ///   - context: Words, demo mode, banner and path.
    init(journey: Journey, fromStop: Int?, visit: Date? = nil, pattern: Fetched<PatternResponse>, context: PageContext,
         disruptions: DisruptionNotes? = nil) {
        let words = context.words
        let progress = JourneyProgress(journey, now: words.now, staleSince: pattern.staleSince)
        let type = journey.routeType
        let chosen = fromStop.flatMap { journey.boarding(at: $0, visit: visit) }
        let first = journey.leg(for: chosen)
        // Headed by the part the rider boards (else the run asked for), named as its platform names it.
        let heading = journey.heading(from: chosen)
        var rows: [PatternRow] = []
        for (index, call) in journey.calls.enumerated() {
            // No train leaves a stop where it is cancelled.
            let departed = !call.cancelled && progress.hasDeparted(index)
            let source = ServiceWords.source(scheduled: call.scheduled, estimated: call.estimated, cancelled: call.cancelled)
            let when: String
            if departed {
                when = "departed"
            } else if let chosen, index < chosen {
                when = "before your stop"
            } else {
                when = progress.when(index, words: words)
            }
            var continuation: String?
            if index > 0, let leg = journey.legs.first(where: { $0.start == index }) {
                if journey.isCancelled(leg) {
                    continuation = "This service ends early at \(journey.calls[index - 1].name), and is cancelled from here."
                } else {
                    continuation = "Continues as the \(leg.service)\(type == .train || type == .vline ? " train" : "") to \(leg.destination)."
                }
            }
            rows.append(PatternRow(
                name: call.name.isEmpty ? "A stop PTV did not name" : call.name, href: Paths.stop(type, call.stopID),
                time: call.time.map { words.clock($0) } ?? "",
                when: when, status: call.cancelled ? nil : ([ServiceWords.status(source, words: words, staleSince: progress.staleSince)] + [call.doubtfulWords(words)].compactMap { $0 }).joined(separator: ", "),
                platform: call.platform.map { "platform \($0)" }, isChosen: index == chosen, departed: departed,
                anchor: "stop-\(call.stopID)", continuation: continuation))
        }
        let split = chosen ?? 0
        earlier = Array(rows[..<split])
        stops = Array(rows[split...])
        let departedEarlier = earlier.filter(\.departed).count
        let before = "\(Plural.count(earlier.count, "stop")) before yours"
        earlierLabel = before + (journey.isCancelled ? ", cancelled" : departedEarlier == earlier.count ? ", departed"
            : departedEarlier == 0 ? ", still to come" : ", \(departedEarlier) departed")
        let summary = Self.summary(journey: journey, chosen: chosen, progress: progress, words: words)
        lineURL = first?.route.map { Paths.line(type, $0.routeId) }
        rideURL = Paths.ride(type, first?.runRef ?? "", from: fromStop, at: chosen.flatMap(journey.visit))
        updated = words.clock(pattern.fetchedAt)
        self.disruptions = disruptions ?? Self.disruptions(in: pattern.value, journey: journey,
                                                                    known: DisruptionNotes.byID(pattern.value.disruptions), words: words)
        notes = Self.notes(journey: journey, from: chosen, replacements: self.disruptions.replacements)
        strip = StripMap(journey: journey, progress: progress, yours: chosen, noun: journey.noun)
        cameFrom = journey.cameFrom.map { Link($0.cameFromSentence, href: Paths.run(type, $0.runRef, stop: $0.stopID)) }
        continuesAs = journey.continuesAs.map { Link($0.continuesSentence, href: Paths.run(type, $0.runRef, stop: $0.stopID)) }
        let titleTime = (chosen ?? journey.calls.indices.first).flatMap { journey.calls[$0].time }.map { words.clock($0) }
        let titleStop = chosen.map { " from \(journey.calls[$0].name)" } ?? ""
        head = PageHead(context.chrome(title: heading + (titleTime.map { ", \($0)\(titleStop)" } ?? ""),
                                       stale: context.staleNotice(pattern)),
                        heading: heading, summary: summary)
    }

    /// The answer first: the rider's stop and how far the run goes from it.
    static func summary(journey: Journey, chosen: Int?, progress: JourneyProgress, words: TimeWords) -> String {
        if journey.isCancelled { return "This service is cancelled." }
        let continues = journey.continuesAs.map { " " + $0.continuesSentence } ?? ""
        guard let chosen else {
            let first = journey.calls.first?.name ?? ""
            return "\(Plural.count(journey.calls.count, "stop")), from \(first) to \(Self.end(journey, from: nil, last: journey.calls.count - 1))." + continues
        }
        let call = journey.calls[chosen]
        // A run cut short ends at its last stop that still runs.
        let last = journey.calls.lastIndex { !$0.cancelled } ?? journey.calls.count - 1
        if chosen == last { return "\(call.name) is the last stop of this service." + continues }
        // Counted as the whole run's summary and the list below count them, the rider's stop and the last among them
        // ("24 stops from East Pakenham", as the run says 24 stops from there; it said 23 beside the run's 24).
        let listed = last - chosen + 1
        var text = "\(Plural.count(listed, "stop")) from \(call.name) to \(Self.end(journey, from: chosen, last: last))"
        if let minutes = journey.minutes(from: chosen, to: last) { text += ", \(words.minutes(minutes))" }
        text += "."
        if call.cancelled {
            text += " It is cancelled at \(call.name)."
        } else if progress.hasDeparted(chosen) {
            text += " It has left \(call.name)."
        } else if progress.place == .at(chosen), progress.evidence != nil {
            text += " It is at \(call.name) now."
        } else if let time = call.time, time < words.now.addingTimeInterval(-30) {
            text += " It was due to leave \(call.name) at \(words.clock(time)). PTV has not said it has left."
        } else if let time = call.time {
            let until = words.until(time)
            text += " Leaves \(call.name) \(until)"
            text += !call.isLive ? ", timetable." : progress.staleSince.map { ", by the last live estimate, at \(words.clock($0))." } ?? ", live."
        }
        if let next = journey.legs.first(where: { $0.start > chosen }) {
            text += journey.isCancelled(next)
                ? " It ends early at \(journey.calls[next.start - 1].name), and its later stops are cancelled."
                : " At \(journey.calls[next.start].name) it continues as the \(next.service) to \(next.destination)."
        }
        return text + continues
    }

    /// Where the run goes from call `index` as the heading names it, then the rest of its way when it goes on past
    /// that ("Flinders Street, then via the City Loop to Parliament"), so the heading and the summary agree.
    static func end(_ journey: Journey, from index: Int?, last: Int) -> String {
        let named = journey.named(from: index)
        let lastName = journey.calls[last].name
        guard last == journey.calls.count - 1, named.name != lastName, let then = named.then else { return lastName }
        return "\(named.name), \(then)"
    }

    /// The disruptions a pattern's departures name (with their lines), said from the texts at hand.
    /// - Parameters:
    ///   - known: The texts by id: the pattern's own (``DisruptionNotes/byID(_:)``), and any looked up since.
    ///   - dated: Those looked up from older copies.
    ///   - words: Time words for now (a disruption not on at the run's time says when it starts or ended).
    static func disruptions(in pattern: PatternResponse, journey: Journey, known: [String: Disruption],
                            dated: DisruptionNotes.Dated? = nil, words: TimeWords) -> DisruptionNotes {
        let named = pattern.departures.map { departure in
            (departure.disruptionIds, ModeWords.service(pattern.routes[String(departure.routeId)], type: journey.routeType, routeID: departure.routeId))
        }
        return DisruptionNotes.read(named: named, known: known, stopID: nil, stopOwn: [], dated: dated,
                                    at: journey.calls.lazy.compactMap(\.time).first, words: words)
    }

    /// The City Loop stops it runs, express, via, extra service, replacement buses and the vehicle, from the run.
    /// - Parameters:
    ///   - journey: The run's journey.
    ///   - index: The rider's stop, when chosen.
    ///   - replacements: Replacement buses at its time (``DisruptionNotes/replacements``), said before the vehicle as a board row says them.
    static func notes(journey: Journey, from index: Int? = nil, replacements: [String] = []) -> [String] {
        var notes = journey.afterDestination(from: index).map { [$0] } ?? []
        let destination = journey.named(from: index).name
        for leg in journey.legs {
            let call = journey.calls[leg.start]
            // Of the flags, only a replacement bus is said here (as on the board's row): days and access are the board's.
            for note in ServiceWords.notes(run: leg.run, departureNote: call.note, flags: call.flags.filter { $0 == ServiceWords.replacementBusFlag },
                                           destination: destination)
            where !notes.contains(note) {
                if note == "Express", !journey.skipped.isEmpty {
                    notes.append("Express, runs past \(Plural.list(journey.skipped)) without stopping")
                } else if note == "Express", let count = leg.run?.expressStopCount {
                    notes.append("Express, runs past \(Plural.count(count, "stop")) without stopping")
                } else {
                    notes.append(note)
                }
            }
        }
        notes += journey.worksOnRide(replacements, from: index)
        if let vehicle = journey.legs.compactMap({ $0.run?.vehicleDescriptor }).first, !vehicle.description.isEmpty {
            notes.append(VehicleWords.described(vehicle.description))
        }
        return notes
    }
}

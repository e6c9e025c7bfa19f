import Foundation
import PTV

/// Service changes said on the row they change: replacement buses from the disruptions PTV names on a departure, and
/// the stops an express service runs past.
enum ChangeWords {
    /// "buses replace trains between Elsternwick and Sandringham", from a disruption whose title or type says buses
    /// (or coaches) replace trains or trams, in either of PTV's wordings ("Buses replace trams between ...", "Tram
    /// replacement buses between ..."; trams also when every route it names is a tram route); nil for any other.
    /// Where the title names no "between", a row says "on part of this line" (the row is the line); elsewhere the
    /// lines are named after it, so nothing is added ("Buses replace trains, on the Belgrave and Lilydale lines").
    /// PTV names planned works on every departure of the line, weeks ahead; a service (`at` its time) outside the
    /// disruption's own dates is not said to be replaced.
    /// - Parameters:
    ///   - disruption: A disruption PTV names on the departure.
    ///   - onRow: Whether it is said on a departure's row.
    ///   - time: When the service leaves, for a row or a run's notes (nil: the disruption's own page, which says its dates).
    static func replacement(_ disruption: Disruption, onRow: Bool = true, at time: Date? = nil) -> String? {
        if let time {
            switch DisruptionTiming(disruption, now: time) {
            case .planned, .ended: return nil
            case .now, .undated: break
            }
        }
        let title = disruption.title
        let said = (title + " " + disruption.disruptionType).lowercased()
        // "Buses replace trains ...", "Coaches replacing selected trains ...", and PTV's other wording, "Tram
        // replacement buses between ...".
        let wordings = [("buses", ["buses replac", "replacement bus"]), ("coaches", ["coaches replac", "replacement coach"])]
        guard let vehicle = wordings.first(where: { $0.1.contains { said.contains($0) } })?.0 else { return nil }
        let onTrams = !disruption.routes.isEmpty && disruption.routes.allSatisfy { $0.routeType == .tram }
        let replaced = said.contains("replace trams") || said.contains("replacing trams") || said.contains("tram replacement")
            || onTrams ? "trams" : "trains"
        let limit = limits(in: title)
        let what = "\(vehicle) replace " + (limit.some ? "selected " : "") + replaced
        let when = limit.when.map { " " + $0 } ?? ""
        // "on select sections" says the where as a row's "on part of this line" would: once.
        let part = onRow && !(limit.when ?? "").contains("section") ? " on part of this line" : ""
        guard let between = between(in: title) else { return what + part + when }
        return what + " between \(between.from) and \(between.to)" + when
    }

    /// What in a works title limits them to some services or some hours of their dates, which the dates alone do not
    /// say: "selected trains" (`some`), "after 8pm on select nights" (`when`, in PTV's words, its times said as Trakx
    /// says its own). The dates make works "on now" from their first to their last night, so a row at 1 pm would
    /// otherwise say buses replace trams that run as usual until 8 pm.
    static func limits(in title: String) -> (some: Bool, when: String?) {
        func find(_ text: String, in part: Substring) -> Range<String.Index>? { part.range(of: text, options: .caseInsensitive) }
        func starts(_ part: Substring, with text: String) -> Bool { part.prefix(text.count).caseInsensitiveCompare(text) == .orderedSame }
        let some = ["selected", "select", "some"].contains { word in
            ["trains", "trams", "services"].contains { find(" \(word) \($0)", in: title[...]) != nil }
        }
        // The words after the replacement (and its "between ... and ..."), up to where the dates start.
        guard let verb = find("replace ", in: title[...]) ?? find("replacing ", in: title[...]) else { return (some, nil) }
        var rest = title[verb.upperBound...]
        for word in ["selected ", "select ", "some "] where starts(rest, with: word) { rest = rest.dropFirst(word.count) }
        for noun in ["trains", "trams", "services"] where starts(rest, with: noun) { rest = rest.dropFirst(noun.count) }
        if starts(rest, with: " between "), let and = find(" and ", in: rest) {
            // Past the second place, to the first word after it ("between A and B after 8pm each night from ..."):
            // a limit only when that word starts one, never a later "after" among the dates.
            rest = rest[and.upperBound...]
            let ends = placeEnds.compactMap { find($0, in: rest) }
            guard let first = ends.min(by: { $0.lowerBound < $1.lowerBound }),
                  [" after ", " before ", " each ", " every "].contains(where: { starts(rest[first.lowerBound...], with: $0) })
                    || starts(rest[first.lowerBound...], with: " on select") else { return (some, nil) }
            rest = rest[first.lowerBound...]
        }
        var phrase = rest.drop(while: \.isWhitespace)
        let dates = [" from ", " until ", " to ", " due ", " this ", " while "]
        // Dates from the start ("this weekend", "from 8.30pm Friday"): what the dates say already.
        guard !dates.contains(where: { starts(phrase, with: String($0.dropFirst())) }) else { return (some, nil) }
        for end in dates + [",", ".", " ("] {
            if let found = find(end, in: phrase) { phrase = phrase[..<found.lowerBound] }
        }
        let markers = ["after ", "before ", "night", "evening", "morning", "weekend", "each ", "every ", "select", "section"]
        guard !phrase.isEmpty, phrase.count <= 40,
              markers.contains(where: { starts(phrase, with: $0) || find(" " + $0, in: phrase) != nil }) else { return (some, nil) }
        return (some, PTVSentences.heard(String(phrase)))
    }

    /// The works on at `time` that replace services, each once, as sentences said before a list of stops (a ride
    /// page's, a line page's): "Buses replace trains between Elsternwick and Sandringham."; nil when there are none.
    static func worksOn(_ disruptions: [Disruption], at time: Date) -> String? {
        sentences(replacements(disruptions, at: time))
    }

    /// What each of `disruptions` that replaces a service at `time` says (``replacement(_:onRow:at:)``), each wording
    /// once, in their order: a row's, a run's, a line's.
    static func replacements(_ disruptions: [Disruption], at time: Date?) -> [String] {
        var said: [String] = []
        for disruption in disruptions {
            if let text = replacement(disruption, at: time), !said.contains(text) { said.append(text) }
        }
        return said
    }

    /// A replacement without its where and when, as a row says it when the board says the rest once for its line:
    /// "buses replace trains" for "buses replace trains between Elsternwick and Sandringham".
    static func short(_ replacement: String) -> String {
        replacement.prefixMatch(of: #/(buses|coaches) replace (selected )?(trains|trams)/#).map { String($0.0) } ?? replacement
    }

    /// Replacements ("buses replace trains between Elsternwick and Sandringham") as sentences; nil when none.
    static func sentences(_ replacements: [String]) -> String? {
        replacements.isEmpty ? nil : replacements.map { $0.capitalisedFirst + "." }.joined(separator: " ")
    }

    /// What ends a place's name in a title: the words that start the when, or punctuation.
    private static let placeEnds = [" this ", " from ", " due ", " until ", " on ", " while ", " for ", " after ", " before ", " each ",
                                    " every ", ",", ".", " ("]

    /// The two places in "between Caulfield and Frankston this weekend", up to the words that start the when.
    static func between(in title: String) -> (from: String, to: String)? {
        guard let start = title.range(of: "between ", options: .caseInsensitive) else { return nil }
        let rest = title[start.upperBound...]
        guard let and = rest.range(of: " and ") else { return nil }
        let from = String(rest[..<and.lowerBound])
        var to = String(rest[and.upperBound...])
        for stop in placeEnds {
            if let found = to.range(of: stop, options: .caseInsensitive) { to = String(to[..<found.lowerBound]) }
        }
        for end in [" this weekend", " tonight"] where to.hasSuffix(end) { to = String(to.dropLast(end.count)) }
        let plain = { (text: String) in !text.isEmpty && text.count <= 40 && !text.contains(where: { ":;()\"".contains($0) }) }
        return plain(from) && plain(to) ? (from, to) : nil
    }

    /// Whether works (as said: "buses replace trains between Elsternwick and Sandringham") have `destination` as one of
    /// their two places: a service going there meets the buses on the way (or is one).
    static func ends(at destination: String, _ works: String) -> Bool {
        guard let places = between(in: works) else { return false }
        return [places.from, places.to].map(place).contains(place(destination))
    }

    /// Of a train's works (as said: "buses replace trains between Elsternwick and Sandringham"), those on the rider's
    /// ride: all but works whose two places are stations of this run and whose stretch between them the rider's ride,
    /// from `from` to `to` (or the run's end), does not share (a city train leaving Balaclava, the buses behind it; a
    /// ride from Prahran to Windsor, the buses beyond it). Where a place is not one of the run's stations (a tram
    /// stop's name never is) or is called at twice (a loop), or no stop is chosen, it cannot be told: the works are kept.
    /// - Parameters:
    ///   - works: The works, as said.
    ///   - stations: The run's stops in order, as named.
    ///   - from: The rider's stop.
    ///   - to: Where the rider gets off, when chosen.
    static func onTheWay(_ works: [String], stations: [String], from: Int?, to: Int? = nil) -> [String] {
        guard let from, from < stations.count else { return works }
        let end = min(to ?? stations.count - 1, stations.count - 1)
        guard end > from else { return works }
        let named = stations.map(place)
        return works.filter { said in
            guard let places = between(in: said) else { return true }
            let at = [place(places.from), place(places.to)].map { name in named.indices.filter { named[$0] == name } }
            guard at.allSatisfy({ $0.count == 1 }) else { return true }
            let (lower, upper) = (min(at[0][0], at[1][0]), max(at[0][0], at[1][0]))
            // Said when the ride and the replaced stretch share some line, not only a station at either end.
            return min(upper, end) > max(lower, from)
        }
    }

    /// A place as works and stations both name it: "Elsternwick Station" and "Elsternwick" are one place.
    private static func place(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " station", with: "").trimmingCharacters(in: .whitespaces)
    }

    /// Most stops named on a row before "or 3 more stops" (each name costs a listener about a second on every row).
    static let skippedNamed = 2

    /// "express, not stopping at Toorak or Hawksburn", "express, not stopping at A, B or 2 more stops", each
    /// station by its name alone (the row is a train's: "Station" would be said after every one; "runs" before
    /// "express" added 0.26 s a row at 175 words a minute and no fact);
    /// nil when the stops are not known (the row then says "Express").
    /// - Parameter names: The stops the service runs past after this one, in order.
    static func express(skipping names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        let named = names.prefix(skippedNamed).map { $0.hasSuffix(" Station") ? String($0.dropLast(" Station".count)) : $0 }
        let more = names.count - named.count
        let list = more > 0
            ? named.joined(separator: ", ") + " or \(Plural.count(more, "more stop", "more stops"))"
            : Plural.either(named)
        return "express, not stopping at \(list)"
    }

    /// The stops a run skips after `stopID`, from its pattern: the `skipped_stops` of every call from this stop on.
    /// - Parameters:
    ///   - pattern: The run's pattern.
    ///   - stopID: The rider's stop.
    static func skipped(in pattern: PatternResponse, after stopID: Int) -> [String] {
        guard let here = pattern.departures.firstIndex(where: { $0.stopId == stopID }) else { return [] }
        return pattern.departures[here...].flatMap(\.skippedStops).map { SpokenName.stop($0.stopName) }
    }
}

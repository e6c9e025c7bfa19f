import Foundation
import PTV

/// Disruptions where a rider meets them: the ones a board's departures or a run's pattern name, each said once with
/// the lines it affects, in the same words on the board, the run page and the ride page. "At this stop" is said
/// only of a disruption that names the stop; one whose text PTV did not send is still said to exist.
struct DisruptionNotes: Sendable {
    /// Disruptions that name this stop (boards only); a link's detail says when, for one that is not on at the time:
    /// PTV names next weekend's works on today's departures ("starts 8 30 pm on Saturday 5 December").
    let atStop: [Link]
    /// Disruptions on the lines here (or on this service) that do not name the stop; each link's detail says
    /// which lines ("on the Frankston line"), then when, for one that is not on at the time (below).
    let onLines: [Link]
    /// "PTV names 2 other disruptions on the Frankston line. Trakx has asked PTV for their details, which show when
    /// this page is loaded again." (texts not at hand are asked for in the background, never waited for).
    let unread: String?
    /// "These disruption details are from 8 12 am. Trakx has asked PTV for newer ones, which show when this page is
    /// loaded again.", when some texts said are older than `Ask.disruptionTextKept`.
    let dated: String?
    /// "Buses replace trains between Elsternwick and Sandringham", for a service (a run or ride page's notes), from the
    /// texts at hand that say buses or coaches replace it at its time; the board says the same on each row instead.
    let replacements: [String]

    /// Texts said from copies older than `Ask.disruptionTextKept`: which disruptions, and when PTV gave the oldest.
    struct Dated: Sendable, Equatable {
        let ids: Set<Int>
        let at: Date
    }

    /// Whether there is anything to say.
    var isEmpty: Bool { atStop.isEmpty && onLines.isEmpty && unread == nil }
    /// Every disruption link, stop's own first.
    var links: [Link] { atStop + onLines }

    /// Nothing to say.
    static let none = DisruptionNotes(atStop: [], onLines: [], unread: nil, dated: nil)

    private init(atStop: [Link], onLines: [Link], unread: String?, dated: String?, replacements: [String] = []) {
        self.atStop = atStop
        self.replacements = replacements
        self.onLines = onLines
        self.unread = unread
        self.dated = dated
    }

    /// Reads the disruptions named by the departures (or a pattern's departures) and, on a board, the stop's own.
    /// - Parameters:
    ///   - named: Each departure's disruption ids with its line's name ("Frankston line").
    ///   - known: Every disruption whose text Trakx has (the answer's own map, and any looked up since).
    ///   - stopID: The stop, on a board (nil on a run or ride page).
    ///   - stopOwn: The disruption ids the stop's details list.
    ///   - dated: The texts in `known` from older copies.
    ///   - time: When the disruptions matter (a board's now, a run's first time): one not on then says when it starts
    ///     or ended; on a run or ride page (no `stopID`), its replacements at that time are said (`replacements`).
    ///   - words: Time words for now.
    static func read(named: [(ids: [Int], line: String)], known: [String: Disruption], stopID: Int?, stopOwn: [Int],
                     dated: Dated? = nil, at time: Date? = nil, words: TimeWords? = nil) -> DisruptionNotes {
        var order: [Int] = []
        var lines: [Int: [String]] = [:]
        for (ids, line) in named {
            for id in ids {
                if lines[id] == nil { order.append(id) }
                if !(lines[id]?.contains(line) ?? false) { lines[id, default: []].append(line) }
            }
        }
        for id in stopOwn where lines[id] == nil {
            order.append(id)
            lines[id] = []
        }
        var atStop: [Link] = []
        var onLines: [Link] = []
        var unreadLines: [String] = []
        var unreadCount = 0
        var saidDated = 0
        // A run's or ride's facts (a board says them on each row instead).
        let replacements = stopID == nil && time != nil
            ? ChangeWords.replacements(order.compactMap { known[String($0)] }, at: time).map(\.capitalisedFirst) : []
        for id in order {
            let affected = lines[id] ?? []
            guard let disruption = known[String(id)] else {
                unreadCount += 1
                for line in affected where !unreadLines.contains(line) { unreadLines.append(line) }
                continue
            }
            if dated?.ids.contains(id) == true { saidDated += 1 }
            let when = time.flatMap { time in words.flatMap { Self.when(disruption, at: time, words: $0) } }
            let link = Link(disruption.heardTitleOpen, href: Paths.disruption(disruption.disruptionId), detail: when)
            let namesStop = stopID.map { stop in disruption.stops.contains { $0.stopId == stop } } ?? false
            let ownWithoutLines = stopOwn.contains(id) && disruption.routes.isEmpty && disruption.stops.isEmpty
            if namesStop || ownWithoutLines {
                atStop.append(link)
            } else {
                let lineNames = affected.isEmpty ? disruption.routes.map { ModeWords.service($0, type: $0.routeType) } : affected
                // PTV's titles start with what they affect ("Sandringham line: Buses replace ..."): not said again.
                let named = lineNames.isEmpty || Self.titleNames(lineNames, disruption.title)
                let detail = [named ? nil : "on the " + Self.lines(lineNames), when].compactMap { $0 }
                onLines.append(Link(link.name, href: link.href, detail: detail.isEmpty ? nil : detail.joined(separator: ", ")))
            }
        }
        var unread: String?
        if unreadCount > 0 {
            let some = unreadCount == 1 ? "a disruption" : "\(unreadCount) disruptions"
            let other = atStop.isEmpty && onLines.isEmpty ? some : (unreadCount == 1 ? "another disruption" : "\(unreadCount) other disruptions")
            let place = unreadLines.isEmpty ? (stopID == nil ? " on this service" : " at this stop") : " on the \(Self.lines(unreadLines))"
            unread = "PTV names \(other)\(place). Trakx has asked PTV for " + (unreadCount == 1 ? "its" : "their") + " details, which show when this page is loaded again."
        }
        var datedWords: String?
        if let dated, saidDated > 0 {
            let these = saidDated == atStop.count + onLines.count
                ? (saidDated == 1 ? "This disruption's details are" : "These disruption details are")
                : "The details of \(saidDated == 1 ? "one" : String(saidDated)) of these disruptions are"
            datedWords = "\(these) from \(TimeWords(now: dated.at).clock(dated.at)). Trakx has asked PTV for newer ones, which show when this page is loaded again."
        }
        return DisruptionNotes(atStop: atStop, onLines: onLines, unread: unread, dated: datedWords, replacements: replacements)
    }

    /// "starts 8 30 pm on Saturday 5 December", "ended 6 00 am today", for a disruption not on at `time` by its own
    /// dates; nil for one that is (or gives no start).
    static func when(_ disruption: Disruption, at time: Date, words: TimeWords) -> String? {
        switch DisruptionTiming(disruption, now: time) {
        case .planned(let from, _, let title): "starts " + DisruptionSentence.start(from, title: title, words: words, on: true)
        case .ended(let to): "ended " + DisruptionSentence.moment(to, words: words)
        case .now, .undated: nil
        }
    }

    /// "Frankston line"; "Frankston, Sunbury and Upfield lines" (the word said once); other services listed whole, as
    /// they read mid-sentence ("route 86 tram").
    static func lines(_ names: [String]) -> String {
        let suffix = " line"
        guard names.count > 1, names.allSatisfy({ $0.hasSuffix(suffix) }) else { return Plural.list(names.map(ModeWords.midSentence)) }
        return Plural.list(names.map { String($0.dropLast(suffix.count)) }) + suffix + "s"
    }

    /// Whether a title's head, before its colon ("Belgrave and Lilydale lines", "Routes 232, 235 and 237"), names each
    /// of `names` ("Belgrave line", "Route 232 bus"), so that "on the Belgrave and Lilydale lines" would say them again.
    static func titleNames(_ names: [String], _ title: String) -> Bool {
        guard let colon = title.firstIndex(of: ":") else { return false }
        let head = title[..<colon].lowercased()
        let words = head.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        return names.allSatisfy { name in
            var name = name.lowercased()
            if name.hasPrefix(ModeWords.vLine.lowercased() + " ") { name.removeFirst(ModeWords.vLine.count + 1) }
            for suffix in [" line", " tram", " bus"] where name.hasSuffix(suffix) {
                name.removeLast(suffix.count)
                break
            }
            let said = name.split(separator: " ").map(String.init)
            // "route 232": "Routes 232, 235 and 237" names it by its number after "Route" or "Routes".
            if said.count == 2, said[0] == "route" { return ["route", "routes"].contains(words.first) && words.contains(said[1]) }
            return !said.isEmpty && words.indices.contains { words[$0...].starts(with: said) }
        }
    }

    /// Every disruption text at hand, by id: the maps in order, an earlier map's text kept (PTV's answers' own texts
    /// first, those looked up since last).
    static func known(_ maps: [String: Disruption]...) -> [String: Disruption] {
        maps.reduce(into: [:]) { all, map in all.merge(map) { first, _ in first } }
    }

    /// A list of disruptions (a pattern's) by id, as `known` takes them.
    static func byID(_ list: [Disruption]) -> [String: Disruption] {
        Dictionary(list.map { (String($0.disruptionId), $0) }) { first, _ in first }
    }

    /// The disruption ids `named` mentions that `known` has no text for.
    static func unknownIDs(named: [[Int]], known: [String: Disruption]) -> [Int] {
        var seen = Set<Int>()
        return named.joined().filter { known[String($0)] == nil && seen.insert($0).inserted }
    }
}

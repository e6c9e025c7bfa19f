import Foundation
import HTTPServer
import PTV
import Storage

/// One-off confirmations after a change, naming what changed ("Renamed Huntingdale Station to Home.").
///
/// The change leaves a short code and a few fields as a notice for the browser that made it (`Notices`), never
/// in the address, and the page its redirect leads to turns them into a sentence. Counts and entry numbers are
/// read as numbers, reasons are codes, names are cut to a limit and stripped of control characters (and
/// Mustache escapes them), and a page that knows the stop's real name (the stop page, the favourites page) says
/// that name instead.
enum Banner {
    /// What a notice names: the code (`done`) and its companions, by name.
    typealias Fields = [(String, String)]

    /// The codes a redirect may carry.
    enum Code: String {
        case added, renamed, removed, imported, unnamed, switched
        /// An alert turned on (`what` is ride or leave), and alerts stopped (`count` of them).
        case alertOn = "alert-on", alertsOff = "alerts-off"
    }

    /// Longest stop or line words a banner repeats.
    static let maxThingLength = 120
    /// Most skipped entries a banner lists one by one.
    static let maxSkippedListed = 5

    /// The notice for a change to `favourite`: the code, the stop (mode, id, name), the line, and for a rename the
    /// new own name.
    static func fields(_ code: Code, _ favourite: FavouriteStop, ownName: String? = nil) -> Fields {
        var fields = [("done", code.rawValue), ("mode", RouteType(rawValue: favourite.routeType).slug ?? ""),
                      ("stop_id", String(favourite.stopID)), ("stop", SpokenName.stop(favourite.stopName))]
        if favourite.routeID != nil { fields.append(("line", FavouriteWords.line(favourite))) }
        if let ownName { fields.append(("name", ownName)) }
        return fields.map { ($0.0, limited($0.1, to: maxThingLength)) }
    }

    /// The notice after an import: how many were added and already there, and which entries were skipped.
    static func importFields(added: Int, already: Int, skipped: [FavouritesFile.Skip]) -> Fields {
        var fields = [("done", "imported"), ("count", String(added))]
        if already > 0 { fields.append(("already", String(already))) }
        if !skipped.isEmpty {
            let listed = skipped.prefix(maxSkippedListed).map { "\($0.entry).\($0.reason.rawValue)" }.joined(separator: ",")
            fields += [("skipped", listed), ("skipped_total", String(skipped.count))]
        }
        return fields
    }

    /// The sentence for a notice's `done` code and its companions, if any.
    /// - Parameters:
    ///   - notice: The notice left for this browser.
    ///   - knownNames: Real spoken stop names the page knows, by stop; used in place of the notice's `stop`.
    static func text(from notice: Fields, knownNames: [FavouriteKey: String] = [:]) -> String? {
        let request = Notice(fields: notice)
        guard let code = request.query("done").flatMap(Code.init(rawValue:)) else { return nil }
        switch code {
        case .switched: return "This browser now uses the favourites list from your private link."
        case .imported: return imported(request)
        case .alertOn, .alertsOff: return AlertWords.banner(code, what: request.query("what"), count: number(request.query("count")))
        default: break
        }
        let thing = thing(request, knownNames: knownNames)
        switch code {
        case .added: return "Added \(thing) to favourites."
        case .renamed:
            let name = limited(request.query("name") ?? "", to: Params.maxNameLength)
            return name.isEmpty ? "Renamed \(thing)." : "Renamed \(thing) to \(name)."
        case .unnamed: return "Removed your own name for \(thing)."
        case .removed: return "Removed \(thing) from favourites."
        case .switched, .imported, .alertOn, .alertsOff: return nil
        }
    }

    /// "Flinders Street Station", or "Frankston line towards Frankston at Flinders Street Station".
    private static func thing(_ request: Notice, knownNames: [FavouriteKey: String]) -> String {
        var stop = limited(request.query("stop") ?? "", to: maxThingLength)
        if let type = request.query("mode").flatMap(RouteType.init(slug:)), let id = request.query("stop_id").flatMap({ Int($0) }),
           let known = knownNames[FavouriteKey(routeType: type.rawValue, stopID: id)] {
            stop = known
        }
        if stop.isEmpty { stop = "the stop" }
        let line = limited(request.query("line") ?? "", to: maxThingLength)
        return line.isEmpty ? stop : "\(line) at \(stop)"
    }

    /// "Imported 3 favourites, and 2 were already there." and what was skipped, in words.
    private static func imported(_ request: Notice) -> String {
        let count = number(request.query("count"))
        let already = number(request.query("already"))
        var sentence: String
        switch (count, already) {
        case (0, 0): sentence = "That file had no favourites to import."
        case (0, _): sentence = already == 1 ? "Nothing new to import. The favourite in that file was already there."
            : "Nothing new to import. All \(already) favourites in that file were already there."
        default:
            sentence = "Imported \(count) \(count == 1 ? "favourite" : "favourites")"
            if already > 0 { sentence += ", and \(already) \(already == 1 ? "was" : "were") already there" }
            sentence += "."
        }
        if let skipped = skippedWords(request) { sentence += " " + skipped }
        return sentence
    }

    /// "Skipped 2 entries that could not be used. Entry 2, its kind of transport is not one Trakx knows. Entry 5, …."
    private static func skippedWords(_ request: Notice) -> String? {
        let listed = (request.query("skipped") ?? "").split(separator: ",").prefix(maxSkippedListed).compactMap { item -> FavouritesFile.Skip? in
            let parts = item.split(separator: ".", maxSplits: 1)
            guard parts.count == 2, let entry = Int(parts[0]), (1 ... FavouritesFile.maxEntries).contains(entry),
                  let reason = FavouritesFile.SkipReason(rawValue: String(parts[1])) else { return nil }
            return FavouritesFile.Skip(entry: entry, reason: reason)
        }
        guard !listed.isEmpty else { return nil }
        let total = max(number(request.query("skipped_total")), listed.count)
        let head = total == 1 ? "Skipped 1 entry that could not be used" : "Skipped \(total) entries that could not be used"
        var items = listed.map { "Entry \($0.entry), \($0.reason.words)." }
        if total > listed.count { items.append("And \(total - listed.count) more.") }
        return head + ". " + items.joined(separator: " ")
    }

    /// A whole number from 0 to the most entries a file may hold (0 when absent or not a number).
    private static func number(_ text: String?) -> Int {
        guard let text, text.utf8.count <= 4, let value = Int(text), value >= 0 else { return 0 }
        return min(value, FavouritesFile.maxEntries)
    }

    /// `text` without control characters, trimmed and cut to `limit` characters.
    private static func limited(_ text: String, to limit: Int) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        return String(clean.trimmingCharacters(in: .whitespacesAndNewlines).prefix(limit))
    }
}

/// A notice's fields, looked up by name.
private struct Notice {
    let fields: Banner.Fields

    /// The first value of `name`.
    func query(_ name: String) -> String? {
        fields.first { $0.0 == name }?.1
    }
}

import Foundation
import HTTPServer
import PTV

/// What has just gone. A board's refresh link carries the departures it showed that were due soon (`?seen=`);
/// when the refreshed board comes from a fresh answer that no longer lists one whose time has passed, it says so
/// once ("The 8 32 am Frankston line train has left."), instead of the row silently vanishing. The refreshed
/// board's own link carries only what it shows, so the sentence is not said again. A saved copy or a failed
/// question says nothing of what left, and its link carries the departures on, for the next fresh answer.
struct JustLeft: Sendable, Equatable {
    /// One departure a board showed: its run, the minute it was due to leave (so it is past once that minute and
    /// 30 seconds more are) and its route.
    struct Seen: Sendable, Equatable {
        let runRef: String
        let at: Date
        let routeID: Int
    }

    /// The query parameter.
    static let parameter = "seen"
    /// Most departures a refresh link carries (the soonest).
    static let most = 6
    /// A departure due within this long of the board's time is carried.
    static let window: TimeInterval = 30 * 60
    /// A departure carried on from a board that could not be refreshed is dropped once it is this long past.
    static let forgetAfter: TimeInterval = 60 * 60

    /// What the refreshed board says, if anything left.
    let sentence: String?
    /// What its own refresh link carries.
    let carried: [Seen]

    /// Reads `?seen=`: entries `RUN~MINUTE~ROUTE` (the run reference, the Unix minute it was due, the route id) joined by commas.
    /// - Parameter text: The parameter's value, if given.
    /// - Throws: `HTTPError` 400 when the value is not such a list.
    static func parse(_ text: String?) throws -> [Seen] {
        guard let text, !text.isEmpty else { return [] }
        let entries = text.split(separator: ",", omittingEmptySubsequences: false)
        guard entries.count <= most else { throw malformed }
        return try entries.map { entry in
            let parts = entry.split(separator: "~", omittingEmptySubsequences: false)
            guard parts.count == 3, let minute = Int(parts[1]), minute > 0, minute < 100_000_000,
                  let route = Int(parts[2]), route >= 0, route <= Int(Int32.max),
                  let runRef = try? Params.runRef(String(parts[0])) else { throw malformed }
            return Seen(runRef: runRef, at: Date(timeIntervalSince1970: TimeInterval(minute * 60)), routeID: route)
        }
    }

    /// The value for `seen`, or nil when it is empty.
    static func encode(_ seen: [Seen]) -> String? {
        seen.isEmpty ? nil : seen.map { "\($0.runRef)~\(Paths.minute($0.at))~\($0.routeID)" }
            .joined(separator: ",")
    }

    /// What left, from the departures a rider saw and the refreshed board.
    /// - Parameters:
    ///   - seen: The departures the rider's board showed (`?seen=`).
    ///   - departures: The refreshed board's departures evidence.
    ///   - shown: The refreshed board's rows.
    ///   - type: The stop's mode.
    ///   - words: Time words for now.
    init(seen: [Seen], departures: Evidence<DeparturesResponse>, shown: [DepartureRow], type: RouteType, words: TimeWords) {
        let now = words.now
        guard let answer = departures.value, departures.staleSince == nil else {
            // Nothing is known of what left: what the rider saw goes on to the next refresh, until it is long past.
            sentence = nil
            let kept = seen.filter { now.timeIntervalSince($0.at) < Self.forgetAfter }
            carried = kept.isEmpty ? Self.due(shown, now: now) : kept
            return
        }
        let listed = Set(answer.departures.map(\.runRef))
        let names = seen.filter { !listed.contains($0.runRef) && $0.at.addingTimeInterval(90) < now }.map { gone in
            "the \(words.clock(gone.at)) " + Self.vehicle(answer.routes[String(gone.routeID)], type: type)
        }
        let said = Plural.list(names)
        sentence = names.isEmpty ? nil : said.prefix(1).uppercased() + said.dropFirst() + (names.count == 1 ? " has left." : " have left.")
        carried = Self.due(shown, now: now)
    }

    /// The refresh link's query ("seen=…"), or nil when it carries nothing.
    var query: String? { Self.encode(carried).map { "\(Self.parameter)=\($0)" } }

    /// The departures a board shows that its refresh link carries: those due within `window`, soonest first,
    /// neither cancelled nor gone already.
    static func due(_ rows: [DepartureRow], now: Date) -> [Seen] {
        Array(rows.filter { !$0.cancelled && !$0.departed && !$0.wasDue && $0.at.timeIntervalSince(now) <= window }
            .sorted { $0.at < $1.at }
            .prefix(most)
            .map { Seen(runRef: $0.runRef, at: $0.at, routeID: $0.routeID) })
    }

    /// "Frankston line train", "route 86 tram", or the mode alone when the route is not known.
    static func vehicle(_ route: Route?, type: RouteType) -> String {
        guard route != nil else { return ModeWords.noun(type) }
        let service = ModeWords.midSentence(ModeWords.service(route, type: type))
        return service.hasSuffix(" line") ? service + " train" : service
    }

    private static var malformed: HTTPError {
        Params.foreignRefreshLink("Open the stop again from its own address.")
    }
}

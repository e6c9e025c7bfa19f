import Foundation
import HTTPClient
import PTV

/// Every URL Trakx links to, built in one place.
enum Paths {
    /// `/`.
    static let home = "/"
    /// `/favourites`.
    static let favourites = "/favourites"

    /// `/favourites/train/1071`: a stop's favourites (its `/rename`, `/remove` and so on are below it).
    static func favourite(mode: String, _ stopID: Int) -> String { "\(favourites)/\(mode)/\(stopID)" }

    /// `/stops/{mode}/{id}`.
    static func stop(_ type: RouteType, _ id: Int) -> String { "/stops/\(ModeWords.slug(type))/\(id)" }

    /// `/lines/{mode}/{id}[?direction=]`.
    static func line(_ type: RouteType, _ id: Int, direction: Int? = nil) -> String {
        "/lines/\(ModeWords.slug(type))/\(id)" + (direction.map { "?direction=\($0)" } ?? "")
    }

    /// `/runs/{mode}/{ref}[?stop=]`.
    static func run(_ type: RouteType, _ ref: String, stop: Int? = nil, at visit: Date? = nil) -> String {
        "/runs/\(ModeWords.slug(type))/\(PercentEncoding.encode(ref))"
            + (stop.map { "?stop=\($0)" + (visit.map { "&at=\(minute($0))" } ?? "") } ?? "")
    }

    /// `/ride/{mode}/{ref}[?from=][&at=][&to=][&auto=][&was=live]` (`at`: the visit to the boarding stop, by its timetabled
    /// Unix minute, for a run that calls there twice; `was=live`: the page refreshed from had live times).
    static func ride(_ type: RouteType, _ ref: String, from: Int? = nil, at visit: Date? = nil, to: Int? = nil, auto: Int? = nil,
                     wasLive: Bool = false) -> String {
        let query = [from.map { "from=\($0)" }, from.flatMap { _ in visit.map { "at=\(minute($0))" } }, to.map { "to=\($0)" },
                     auto.map { "auto=\($0)" }, wasLive ? "was=live" : nil]
            .compactMap { $0 }
        return "/ride/\(ModeWords.slug(type))/\(PercentEncoding.encode(ref))" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// A time as the Unix minute a link names it by (a ride's visit, a board's `seen`).
    static func minute(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 60).rounded(.down)) }

    /// `/disruptions/{id}`.
    static func disruption(_ id: Int64) -> String { "/disruptions/\(id)" }

    /// `/disruptions[?mode=]`.
    static func disruptions(mode: String? = nil) -> String {
        "/disruptions" + (mode.map { "?mode=\(PercentEncoding.encode($0))" } ?? "")
    }

    /// `/nearby?lat=&lon=`.
    static func nearby(latitude: Double, longitude: Double) -> String {
        "/nearby?lat=\(coordinate(latitude))&lon=\(coordinate(longitude))"
    }

    /// `/walk/{mode}/{id}[?lat=&lon=]`: walking to a stop, from a point when one is known.
    static func walk(_ type: RouteType, _ id: Int, from: (latitude: Double, longitude: Double)? = nil) -> String {
        "/walk/\(ModeWords.slug(type))/\(id)" + (from.map { "?lat=\(coordinate($0.latitude))&lon=\(coordinate($0.longitude))" } ?? "")
    }

    /// `/arrived/{mode}/{id}[?run=]`: where a rider is on getting off.
    static func arrived(_ type: RouteType, _ id: Int, run: String? = nil) -> String {
        "/arrived/\(ModeWords.slug(type))/\(id)" + (run.map { "?run=\(PercentEncoding.encode($0))" } ?? "")
    }

    /// `/search?q=`.
    static func search(_ query: String) -> String { "/search?q=\(PercentEncoding.encode(query))" }

    private static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.5f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

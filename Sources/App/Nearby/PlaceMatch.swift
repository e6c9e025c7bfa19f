import Foundation
import PTV

/// A point and the words it is said by: a stop, a suburb (the middle of its stops) or "the point you gave".
struct NamedPoint: Sendable, Equatable {
    /// "Box Hill Station", the suburb "Box Hill", or "the point you gave".
    let name: String
    let latitude, longitude: Double
}

/// The point a typed place is searched from: the best of PTV's search answer for it, named.
///
/// PTV's search lists every stop whose name or suburb matches, in no useful order ("Box Hill" answers a street stop
/// in the suburb before Box Hill Station). A stop whose own name is the place ("Box Hill", "Box Hill Station") comes
/// first, a station before a tram or bus stop; then a stop whose name starts with the place; then, when only
/// suburbs match, the suburb itself, from the middle of its stops; a stop that merely contains the words is last.
struct PlaceMatch: Sendable, Equatable {
    /// "Box Hill Station", or the suburb "Box Hill", and where it is.
    let point: NamedPoint
    /// What the rider typed.
    let query: String
    /// Whether the point is a suburb's (the middle of the stops PTV lists in it), not one stop's.
    let isSuburb: Bool

    /// "Box Hill Station, the best match for Box Hill", so the rider hears where the list is measured from and what
    /// was searched for (no quote marks, which a screen reader says as "left quote"); a suburb is "the middle of Box
    /// Hill’s stops, …".
    var described: String {
        (isSuburb ? "the middle of \(point.name)’s stops" : point.name) + ", the best match for \(query)"
    }

    /// The best match for `query` among PTV's search answer, or nil when no stop has a position.
    /// - Parameters:
    ///   - query: What the rider typed.
    ///   - stops: PTV's matching stops, in its order.
    static func best(_ query: String, in stops: [Stop]) -> PlaceMatch? {
        let place = folded(SpokenName.stop(query, withStopNumber: false))
        let placed = stops.filter { $0.stopLatitude != nil && $0.stopLongitude != nil }
        guard !placed.isEmpty else { return nil }
        let ranked = placed.enumerated().map { index, stop in (stop, rank(stop, place: place), index) }
        // Highest rank, then PTV's order.
        guard let (best, rank, _) = ranked.max(by: { ($0.1, -$0.2) < ($1.1, -$1.2) }) else { return nil }
        if rank.name < 2, let suburb = suburb(place, in: placed) {
            return PlaceMatch(point: suburb, query: query, isSuburb: true)
        }
        let point = NamedPoint(name: SpokenName.stop(best.stopName), latitude: best.stopLatitude ?? 0, longitude: best.stopLongitude ?? 0)
        return PlaceMatch(point: point, query: query, isSuburb: false)
    }

    /// How well one stop matches: by name (3 the place itself or "… Station", 2 starts with it, 1 contains it),
    /// then by mode (a station first).
    static func rank(_ stop: Stop, place: String) -> Rank {
        let name = folded(SpokenName.stop(stop.stopName, withStopNumber: false))
        let whole = name.components(separatedBy: " at ").first ?? name
        let byName = whole == place || whole == place + " station" ? 3 : name.hasPrefix(place + " ") ? 2 : name.contains(place) ? 1 : 0
        let byMode: Int = switch stop.routeType {
        case .train, .vline: 2
        case .tram: 1
        default: 0
        }
        return Rank(name: byName, mode: byMode)
    }

    /// How well a stop matches a place, compared name first.
    struct Rank: Comparable {
        let name: Int
        let mode: Int

        static func < (lhs: Rank, rhs: Rank) -> Bool { (lhs.name, lhs.mode) < (rhs.name, rhs.mode) }
    }

    /// The suburb the place names, and the middle of its stops in the answer; nil when no stop's suburb is the place.
    static func suburb(_ place: String, in stops: [Stop]) -> NamedPoint? {
        let inSuburb = stops.filter { folded($0.stopSuburb) == place }
        guard let first = inSuburb.first else { return nil }
        let count = Double(inSuburb.count)
        return NamedPoint(name: first.stopSuburb.trimmingCharacters(in: .whitespaces),
                          latitude: inSuburb.compactMap(\.stopLatitude).reduce(0, +) / count,
                          longitude: inSuburb.compactMap(\.stopLongitude).reduce(0, +) / count)
    }

    /// Lower case, single spaces.
    static func folded(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

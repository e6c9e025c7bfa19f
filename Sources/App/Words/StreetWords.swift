import Foundation

/// A stop's place in words, from its PTV name: PTV names kerbside stops "Cross Street/Street" ("Hotham St/Glen
/// Huntly Rd" is on Glen Huntly Road at Hotham Street), and stations by their own name.
enum StreetWords {
    /// The street a stop is on and its cross street (or the place it is named after), or nil for names that are
    /// not "one thing/a street" (stations).
    /// - Parameter official: PTV's stop name.
    static func parts(_ official: String) -> (street: String, cross: String)? {
        let parts = official.split(separator: "/").map { String($0).trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { return nil }
        let cross = SpokenName.stop(parts[0], withStopNumber: false)
        let street = SpokenName.stop(parts[1], withStopNumber: false)
        guard !cross.isEmpty, !street.isEmpty else { return nil }
        return (street, cross)
    }

    /// The street, cross street (or the place a stop is named after) and landmark as facts, where the name and
    /// PTV say them.
    /// - Parameters:
    ///   - official: PTV's stop name.
    ///   - landmark: PTV's landmark ("" when none).
    static func facts(_ official: String, landmark: String) -> [StopFacts.Fact] {
        var facts: [StopFacts.Fact] = []
        if let parts = parts(official) {
            facts.append(.init(term: "Street", detail: parts.street))
            facts.append(.init(term: isStreet(parts.cross) ? "Cross street" : "At", detail: parts.cross))
        }
        let landmark = landmark.trimmingCharacters(in: .whitespaces)
        if !landmark.isEmpty { facts.append(.init(term: "Landmark", detail: landmark)) }
        return facts
    }

    /// Whether a spoken name is a street ("Hotham Street", "Punt Road"), not a place ("Elsternwick Station").
    static func isStreet(_ spoken: String) -> Bool {
        let kinds: Set<String> = ["Street", "Road", "Avenue", "Parade", "Highway", "Drive", "Boulevard", "Esplanade", "Lane",
                                  "Way", "Crescent", "Place", "Grove", "Terrace", "Court", "Square"]
        return spoken.split(separator: " ").last.map { kinds.contains(String($0)) } ?? false
    }

    /// "on Glen Huntly Road at Hotham Street", or nil for a stop without a street in its name.
    /// - Parameter official: PTV's stop name.
    static func place(_ official: String) -> String? {
        parts(official).map { "on \($0.street) at \($0.cross)" }
    }

    /// "The stop is 240 metres northwest of Elsternwick Station, in a straight line."
    /// - Parameters:
    ///   - metres: The distance.
    ///   - bearing: The bearing from the start to the stop.
    ///   - start: The start in words ("Elsternwick Station", "the point you gave").
    static func distance(_ metres: Double, bearing: Double, from start: String) -> String {
        guard metres >= 15 else { return "The stop is within 15 metres of \(start)." }
        return "The stop is \(Compass.describe(distance: metres, bearing: bearing)) of \(start), in a straight line."
    }
}

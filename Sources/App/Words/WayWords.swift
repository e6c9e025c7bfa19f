import Foundation

/// Which way services leave a stop, in words: "towards Clifton Hill and Elwood, heading west". Two stops of one
/// name on both sides of a road differ exactly here.
enum WayWords {
    /// Most direction names said before "and 2 more".
    static let namesSaid = 3

    /// "towards Ringwood, heading northeast"; "towards Frankston, heading southeast, and towards City, heading
    /// northwest"; "towards Elwood" when no heading is known; nil when no way is known.
    /// - Parameter ways: The ways, in the order to say them.
    static func phrase(_ ways: [StopWays.Way]) -> String? {
        // Directions that leave the same way are said together: "towards A and B, heading west".
        var groups: [(heading: String?, names: [String])] = []
        for way in ways {
            let name = SpokenName.stop(way.towards)
            guard !name.isEmpty else { continue }
            let heading = way.bearing.map(Compass.word)
            if let index = groups.firstIndex(where: { $0.heading == heading }) {
                if !groups[index].names.contains(name) { groups[index].names.append(name) }
            } else {
                groups.append((heading, [name]))
            }
        }
        guard !groups.isEmpty else { return nil }
        var left = namesSaid
        var parts: [String] = []
        var unsaid = 0
        for group in groups {
            let said = Array(group.names.prefix(left))
            unsaid += group.names.count - said.count
            left -= said.count
            guard !said.isEmpty else { continue }
            parts.append("towards " + Plural.list(said) + (group.heading.map { ", heading \($0)" } ?? ""))
        }
        var text = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + ", and " + parts[parts.count - 1] : parts[0]
        if unsaid > 0 { text += ", and \(unsaid) more" }
        return text
    }

    /// "Buses from here go towards Ringwood, heading northeast."; nil when no way is known.
    /// - Parameters:
    ///   - plural: The mode's plural ("buses").
    ///   - ways: The ways.
    static func sentence(_ plural: String, _ ways: [StopWays.Way]) -> String? {
        clause(plural, ways).map { $0 + "." }
    }

    /// The same without its full stop, for a fact: "Buses from here go towards Ringwood, heading northeast".
    static func clause(_ plural: String, _ ways: [StopWays.Way]) -> String? {
        phrase(ways).map { "\(plural.capitalisedFirst) from here go \($0)" }
    }

    /// The side of the road a kerbside stop is on, from the way its services leave: Victoria drives on the left, so
    /// a bus heading north stops on the west side. Nil unless every way with a heading leaves within 45 degrees of
    /// the first (a stop where services leave in different directions has no one side).
    /// - Parameter ways: The ways.
    static func side(_ ways: [StopWays.Way]) -> String? {
        let bearings = ways.compactMap(\.bearing)
        guard let first = bearings.first else { return nil }
        for bearing in bearings {
            let apart = abs((bearing - first + 540).truncatingRemainder(dividingBy: 360) - 180)
            guard apart <= 45 else { return nil }
        }
        return "on the \(Compass.word(first - 90)) side of the road"
    }
}

import Foundation
import HTTPServer

/// Spoils a real answer the way a careless upstream might, for the `scrambled` fault: a share of its fields dropped
/// or null, lists emptied, doubled or reversed, values of another type, and values no answer could mean (a number
/// past `Int.max`, a placeholder date, a control character, markup, a name 400 letters long). The same seed and
/// path always spoil the same way, so a failure found once is found again.
enum AnswerScrambler {
    /// `response` with its JSON body spoiled; an error answer, or a body that is not a JSON object, stays as it is.
    static func scramble(_ response: Response, path: String, seed: UInt64, share: Double) -> Response {
        var generator = SplitMix64(seed: seed ^ LiveModel.fnv1a(path))
        return SimulatorResponder.rewritingJSON(response) { spoil($0, share: share, with: &generator) }
    }

    /// Numbers a field may become.
    static var numbers: [Any] { [0, -1, 2_147_483_648, -2_147_483_648, 1.5, 1e300, -1e300, Int64.max, Int64.min, 1e19, "12"] }
    /// Texts a field may become.
    static let texts: [String] = ["", " ", "\u{0}x", "a\u{7}b", "<b>x</b>&amp;\"'", String(repeating: "x", count: 400), "0", "-1",
                                  "1970-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "2099-01-01T00:00:00Z", "2026-13-45T99:00:00Z"]
    /// What any value may be swapped for.
    static var others: [Any] { [[String: Any](), [Any](), "x", 7, NSNull(), ["a": 1], [1, 2], true] }

    private static func spoil(_ node: Any, share: Double, with generator: inout SplitMix64) -> Any {
        if generator.chance(share * 0.1) { return others[generator.index(others.count)] }
        switch node {
        case let object as [String: Any]:
            var out: [String: Any] = [:]
            for key in object.keys.sorted() {
                if generator.chance(share * 0.3) { continue }
                out[key] = generator.chance(share * 0.2) ? NSNull() : spoil(object[key]!, share: share, with: &generator)
            }
            return out
        case let list as [Any]:
            let items = list.map { spoil($0, share: share, with: &generator) }
            guard !items.isEmpty else { return items }
            let roll = generator.nextUnit()
            if roll < share * 0.3 { return [Any]() }
            if roll < share * 0.6 { return items + items.prefix(1) }
            if roll < share * 0.8 { return Array(items.reversed()) }
            return items
        case is String:
            return generator.chance(share) ? texts[generator.index(texts.count)] : node
        case is NSNumber:
            return generator.chance(share) ? numbers[generator.index(numbers.count)] : node
        default:
            return node
        }
    }
}

extension SplitMix64 {
    /// True with the given probability.
    fileprivate mutating func chance(_ probability: Double) -> Bool { nextUnit() < probability }

    /// An index below `count`.
    fileprivate mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }
}

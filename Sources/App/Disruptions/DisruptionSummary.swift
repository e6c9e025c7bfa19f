import Foundation
import PTV

/// One disruption as lists and its own page say it: title, when (from its dates), kind, and what it affects.
struct DisruptionSummary: Sendable {
    /// The headline.
    let title: String
    /// Its page.
    let href: String
    /// When, from the dates.
    let timing: DisruptionTiming
    /// "Now, until Sunday 29 November, 11 59 pm".
    let when: String
    /// What, where and until when, in one sentence (`DisruptionSentence`).
    let first: String
    /// "Planned works", or nil when PTV gave no kind.
    let kind: String?
    /// "routes 1, 5 and 16 trams", or nil when no route is named.
    let affects: String?
    /// The description, or nil when it only repeats the title.
    let description: String?
    /// Position in the fixed severity order (0 is most severe).
    let severity: Int
    /// For a stable order.
    let id: Int64
    /// Start, for ordering within a severity.
    let from: Date?

    /// PTV's disruption types, most severe first; anything else follows them.
    static let severityOrder = ["suspended", "part suspended", "major delays", "minor delays", "delays",
                                "planned closure", "planned works", "service change", "service information"]

    /// Words for one disruption at `words.now`.
    init(_ disruption: Disruption, words: TimeWords) {
        id = disruption.disruptionId
        let headline = disruption.heardTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        title = headline.isEmpty ? "Disruption \(disruption.disruptionId)" : headline
        href = Paths.disruption(disruption.disruptionId)
        timing = DisruptionTiming(disruption, now: words.now)
        when = timing.words(words)
        first = DisruptionSentence.first(disruption, timing: timing, words: words)
        let type = disruption.disruptionType.trimmingCharacters(in: .whitespacesAndNewlines)
        kind = type.isEmpty ? nil : type.prefix(1).uppercased() + type.dropFirst().lowercased()
        severity = Self.severityOrder.firstIndex(of: type.lowercased()) ?? Self.severityOrder.count
        from = timing.plannedStart ?? disruption.fromDate
        let named = ModeWords.routes(disruption.routes)
        affects = named.isEmpty ? nil : named
        let text = PTVSentences.heard(disruption.description).trimmingCharacters(in: .whitespacesAndNewlines)
        description = text.isEmpty || Self.same(text, headline) ? nil : text
    }

    /// Current first, then planned, each in the fixed severity order, then by start and id.
    static func ordered(_ items: [DisruptionSummary]) -> [DisruptionSummary] {
        items.sorted {
            ($0.timing.rank, $0.severity, $0.from ?? .distantPast, $0.id) < ($1.timing.rank, $1.severity, $1.from ?? .distantPast, $1.id)
        }
    }

    /// Whether two texts say the same thing, ignoring case, spacing and a final full stop.
    static func same(_ a: String, _ b: String) -> Bool {
        func plain(_ text: String) -> String {
            var words = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            while words.hasSuffix(".") { words.removeLast() }
            return words
        }
        return plain(a) == plain(b)
    }
}

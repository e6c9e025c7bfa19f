import Foundation
import PTV

/// The disruptions list: a count, mode filters, then one section per PTV bucket, each on-now first.
struct DisruptionsPage: Sendable {
    /// One bucket's disruptions.
    struct Group: Sendable {
        /// "Trams (3)".
        let heading: String
        /// PTV's bucket name, for the section id.
        let id: String
        let items: [DisruptionSummary]
    }

    /// A mode filter link; `current` marks the one shown.
    struct Filter: Sendable {
        let link: Link
        let current: Bool
    }

    /// Said when PTV answers the list with "not found".
    static let missing = "PTV has no disruptions to list right now."

    /// "Disruptions, Trams"; "12 disruptions, 5 on now and 7 planned." (no colon: a screen reader says it).
    let head: PageHead
    let groups: [Group]
    /// Train, tram, bus, V/Line, night bus: the same words as `/stops/{mode}`.
    let filters: [Filter]
    /// Back to every mode, when filtered.
    let allURL: String?
    let updated: String

    /// Builds the list.
    /// - Parameters:
    ///   - mode: The mode filter, or nil for every disruption.
    ///   - disruptions: PTV's answer.
    ///   - context: Words, demo mode, banner and path.
    init(mode: RouteType?, disruptions: Fetched<DisruptionsResponse>, context: PageContext) {
        let words = context.words
        let buckets = DisruptionBucket.all.filter { mode == nil || $0.mode == mode }
        let summaries = disruptions.value.disruptions.map { ($0, DisruptionSummary($0, words: words)) }
        groups = buckets.compactMap { bucket in
            let items = DisruptionSummary.ordered(summaries.filter { DisruptionBucket.of($0.0) == bucket }.map(\.1))
            guard !items.isEmpty else { return nil }
            return Group(heading: "\(bucket.label), \(items.count)", id: bucket.id, items: items)
        }
        let shown = groups.flatMap(\.items)
        let summary: String
        let what = mode.map { " for \(ModeWords.plural($0))" } ?? ""
        if shown.isEmpty {
            summary = "No disruptions reported\(what)."
        } else {
            let ranks: [(Int, String)] = [(0, "on now"), (1, "planned"), (2, "with no start date"), (3, "ended")]
            let parts = ranks.compactMap { rank, phrase -> String? in
                let n = shown.filter { $0.timing.rank == rank }.count
                return n == 0 ? nil : "\(n) \(phrase)"
            }
            summary = Plural.count(shown.count, "disruption") + what + ", " + Plural.list(parts) + "."
        }
        filters = ModeWords.offered.map { type in
            Filter(link: Link(ModeWords.label(type), href: Paths.disruptions(mode: ModeWords.slug(type))), current: type == mode)
        }
        allURL = mode == nil ? nil : Paths.disruptions()
        let heading = mode.map { "Disruptions, \(ModeWords.label($0))" } ?? "Disruptions"
        updated = words.clock(disruptions.fetchedAt)
        head = PageHead(context.chrome(title: heading, section: .disruptions,
                                       stale: context.staleNotice(disruptions)),
                        heading: heading, summary: summary)
    }
}

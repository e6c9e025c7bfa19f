import Foundation
import PTV

extension Ask {
    /// Most disruptions one page asks PTV about by id.
    static let disruptionsLearntPerPage = 6

    /// How long after PTV last gave a disruption's text Trakx still says it as it is, while a fresh copy is learnt. The
    /// answer that names the disruption is fresh, so it is current; only its wording may have changed since.
    static let disruptionTextKept: Double = 10 * 60

    /// How long after PTV last gave a disruption's text Trakx still says it, dated ("These disruption details are from
    /// 8 12 am."): a rider who looks again hours later hears what PTV last said of a disruption it names now, rather
    /// than only that its details were asked for.
    static let disruptionTextDated: Double = 6 * 3600

    /// The texts of disruptions an answer named but left out, from what Trakx already knows (each asked by id, or
    /// PTV's list of every disruption, given in the last `disruptionTextDated`), without waiting on PTV: any still
    /// unknown is asked by id in the background (through the cache, at most `disruptionsLearntPerPage`), so the next
    /// load can say it.
    ///
    /// PTV's real answers name disruptions without their texts (11 of the 12 recorded patterns, and departures, carry
    /// ids and an empty `disruptions`), so when the list of every disruption is not at hand fresh it is learnt too, in
    /// the background: then the pages after this one, for any line, say their disruptions on their first load, and a
    /// list that has passed its two minutes still gives their texts (rather than "asked") while it is learnt again.
    /// - Parameter ids: The disruption ids named without a text.
    /// - Returns: The texts found; whether any is still being learnt (a page saying so must not be kept); and those
    ///   found older than `disruptionTextKept`, with when PTV gave the oldest of them (the page dates them).
    func disruptionTexts(for ids: [Int]) -> (found: [String: Disruption], learning: Bool, dated: DisruptionNotes.Dated?) {
        guard !ids.isEmpty else { return ([:], false, nil) }
        let held = held(.disruptions(), within: Self.disruptionTextDated)
        let list = held?.value.disruptions ?? []
        let listFresh = known(.disruptions()) != nil
        let listDated = held.flatMap { self.held(.disruptions(), within: Self.disruptionTextKept) == nil ? $0.fetchedAt : nil }
        var found: [String: Disruption] = [:]
        var fromOldList = false
        var datedAt: Date?
        var datedIDs: Set<Int> = []
        var learning = 0
        for id in ids {
            let query = PTVQuery.disruption(Int64(id))
            if let single = self.held(query, within: Self.disruptionTextDated), let disruption = single.value.disruption {
                found[String(id)] = disruption
                if self.held(query, within: Self.disruptionTextKept) == nil {
                    datedAt = min(datedAt ?? single.fetchedAt, single.fetchedAt)
                    datedIDs.insert(id)
                }
                // Said from the copy held; an old one is asked again, for the next load.
                if known(query) == nil, learning < Self.disruptionsLearntPerPage {
                    learning += 1
                    learn(query)
                }
            } else if let listed = list.first(where: { $0.disruptionId == Int64(id) }) {
                found[String(id)] = listed
                fromOldList = fromOldList || !listFresh
                if let listDated {
                    datedAt = min(datedAt ?? listDated, listDated)
                    datedIDs.insert(id)
                }
            } else if learning < Self.disruptionsLearntPerPage {
                learning += 1
                learn(query)
            }
        }
        if !listFresh, found.count < ids.count || fromOldList { learn(.disruptions()) }
        return (found, found.count < ids.count || datedAt != nil, datedAt.map { DisruptionNotes.Dated(ids: datedIDs, at: $0) })
    }
}

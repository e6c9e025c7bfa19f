import Foundation
import PTV

extension Ask {
    /// Most disruptions one page asks PTV about by id.
    static let disruptionsLearntPerPage = 6

    /// The texts of disruptions an answer named but left out, from what Trakx already knows (each asked by id, or
    /// PTV's list of every disruption), without waiting on PTV: any still unknown is asked by id in the background
    /// (through the cache, at most `disruptionsLearntPerPage`), so the next load can say it.
    ///
    /// PTV's real answers name disruptions without their texts (11 of the 12 recorded patterns, and departures, carry
    /// ids and an empty `disruptions`), so when the list of every disruption is not at hand it is learnt too, in the
    /// background: then the pages after this one, for any line, say their disruptions on their first load.
    /// - Parameter ids: The disruption ids named without a text.
    /// - Returns: The texts found, and whether any is still being learnt (a page saying so must not be kept).
    func disruptionTexts(for ids: [Int]) -> (found: [String: Disruption], learning: Bool) {
        guard !ids.isEmpty else { return ([:], false) }
        let listed = known(.disruptions())
        let list = listed?.value.disruptions ?? []
        var found: [String: Disruption] = [:]
        var learning = 0
        for id in ids {
            if let disruption = known(.disruption(Int64(id)))?.value.disruption ?? list.first(where: { $0.disruptionId == Int64(id) }) {
                found[String(id)] = disruption
            } else if learning < Self.disruptionsLearntPerPage {
                learning += 1
                learn(.disruption(Int64(id)))
            }
        }
        if listed == nil, found.count < ids.count { learn(.disruptions()) }
        return (found, found.count < ids.count)
    }
}

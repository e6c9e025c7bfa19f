import Foundation
import PTV

extension Ask {
    /// Most disruptions one page asks PTV about by id.
    static let disruptionsLearntPerPage = 6

    /// The texts of disruptions an answer named but left out, from what Trakx already knows (each asked by id, or
    /// PTV's list of every disruption), without waiting on PTV: any still unknown is asked by id in the background
    /// (through the cache, at most `disruptionsLearntPerPage`), so the next load can say it.
    /// - Parameter ids: The disruption ids named without a text.
    /// - Returns: The texts found, and whether any is still being learnt (a page saying so must not be kept).
    func disruptionTexts(for ids: [Int]) -> (found: [String: Disruption], learning: Bool) {
        guard !ids.isEmpty else { return ([:], false) }
        let list = known(.disruptions())?.value.disruptions ?? []
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
        return (found, found.count < ids.count)
    }
}

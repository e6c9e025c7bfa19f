import Foundation
import PTV

extension TransitSource {
    /// The texts of disruptions that an answer named but left out, found in PTV's list of every disruption (one
    /// call, cached for every page); nil when nothing is missing, so nothing is asked.
    func disruptionTexts(for ids: [Int]) async -> Evidence<[String: Disruption]>? {
        guard !ids.isEmpty else { return nil }
        let wanted = Set(ids.map(Int64.init))
        let all = await Evidence.ask(.disruptions) { try await disruptions() }
        return all.map { response in
            var found: [String: Disruption] = [:]
            for disruption in response.disruptions where wanted.contains(disruption.disruptionId) {
                found[String(disruption.disruptionId)] = disruption
            }
            return found
        }
    }
}

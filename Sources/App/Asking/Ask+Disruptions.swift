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
    /// - Parameters:
    ///   - ids: The disruption ids named without a text.
    ///   - byID: Most ids asked one by one (the list of every disruption is learnt whatever this is).
    /// - Returns: The texts found, whether any is still being learnt, those dated, and the questions started.
    func disruptionTexts(for ids: [Int], byID: Int = disruptionsLearntPerPage) -> Texts {
        guard !ids.isEmpty else { return Texts(found: [:], learning: false, dated: nil) }
        let list = textCopy(.disruptions())
        let listFresh = known(.disruptions()) != nil
        var found: [String: Disruption] = [:]
        var fromOldList = false
        var dated: DisruptionNotes.Dated?
        func date(_ id: Int, _ at: Date?) {
            guard let at else { return }
            dated = DisruptionNotes.Dated(ids: (dated?.ids ?? []).union([id]), at: min(dated?.at ?? at, at))
        }
        var learning = 0
        var asking: [Task<Void, Never>] = []
        for id in ids {
            let query = PTVQuery.disruption(Int64(id))
            if let single = textCopy(query), let disruption = single.value.disruption {
                found[String(id)] = disruption
                date(id, single.datedAt)
                // Said from the copy held; an old one is asked again, for the next load.
                if known(query) == nil, learning < byID {
                    learning += 1
                    asking.append(learn(query))
                }
            } else if let listed = list?.value.disruptions.first(where: { $0.disruptionId == Int64(id) }) {
                found[String(id)] = listed
                fromOldList = fromOldList || !listFresh
                date(id, list?.datedAt)
            } else if learning < byID {
                learning += 1
                asking.append(learn(query))
            }
        }
        if !listFresh, found.count < ids.count || fromOldList { asking.append(learn(.disruptions())) }
        return Texts(found: found, learning: found.count < ids.count || dated != nil, dated: dated, asking: asking)
    }

    /// `disruptionTexts(for:byID:)` for a page that says them now: when some named disruption has no text held at all
    /// (not even a dated copy), the questions just started are waited for, up to `secondRoundLeft`, and the texts looked up
    /// again, so the first load says what the second would. Costs one more round only when a text is missing: PTV's real
    /// answers name disruptions by id only, and a lift out of service at the rider's station is the answer for a rider
    /// in a wheelchair, not something for "the next load". Past it the page says the text was asked for, as before.
    /// - Parameter ids: The disruption ids named without a text.
    func disruptionTextsNow(for ids: [Int]) async -> Texts {
        let first = disruptionTexts(for: ids)
        guard first.found.count < ids.count, !first.asking.isEmpty else { return first }
        let asking = first.asking
        await Self.secondRound(asking, within: secondRoundLeft)
        return disruptionTexts(for: ids)
    }

    /// The texts of the disruptions a departures answer names (on one route's departures, when given): the answer's
    /// own, then what Trakx already knows, the rest learnt in the background. A row given them says works that
    /// replace its service, as the stop's board does, on a favourite, an alert or the arrival page. Only the list of
    /// every disruption is learnt, never an id on its own: a home page of 40 favourites would otherwise ask PTV for
    /// up to 6 disruptions each.
    func disruptionTexts(namedIn departures: DeparturesResponse, routeID: Int? = nil) -> [String: Disruption] {
        let own = DisruptionNotes.known(departures.disruptions)
        let named = departures.departures.filter { departure in routeID.map { $0 == departure.routeId } ?? true }.map(\.disruptionIds)
        return DisruptionNotes.known(own, disruptionTexts(for: DisruptionNotes.unknownIDs(named: named, known: own), byID: 0).found)
    }

    /// What Trakx could say of the disruptions a page's answers name without their texts.
    struct Texts: Sendable {
        /// The texts found, by id.
        let found: [String: Disruption]
        /// Whether any is still being learnt (a page saying so must not be kept).
        let learning: Bool
        /// Those found older than `disruptionTextKept`, with when PTV gave the oldest of them (the page dates them).
        let dated: DisruptionNotes.Dated?
        /// The questions started for them, which a page may wait for (`disruptionTextsNow(for:)`).
        var asking: [Task<Void, Never>] = []
    }

    /// The copy Trakx holds of `query`, up to `disruptionTextDated` old, and when PTV gave it if that was longer ago
    /// than `disruptionTextKept` (a text said from it is dated).
    private func textCopy<Answer>(_ query: PTVQuery<Answer>) -> (value: Answer, datedAt: Date?)? {
        guard let copy = held(query, within: Self.disruptionTextDated) else { return nil }
        return (copy.value, held(query, within: Self.disruptionTextKept) == nil ? copy.fetchedAt : nil)
    }
}

import Foundation
import PTV
import Synchronization

/// Places searched for, kept ahead (issue 54): `/nearby?place=` asks PTV's search, then the stops near the place, two
/// rounds; with the place kept in the database, an instance that has not searched it since its start (a restart, or
/// another instance of the fleet) asks only for the stops. Every write is tracked in `work`; a kept place past
/// `refreshAfter` is said and searched again in the background, never on the rider's wait.
final class KeptPlaces: Sendable {
    /// How long a kept place is said without PTV's search confirming it: four weeks. A place is a stop or a suburb, and
    /// stops rarely move (a stop moved for works keeps its number and name, a new station opens a few times a decade);
    /// a place searched for at least once a week is refreshed long before then, and one PTV's search stopped finding is
    /// forgotten at the first refresh, so four weeks bounds only what a place nobody asks keeps in the table.
    static let keptFor: TimeInterval = 28 * 86_400
    /// How old a kept place may be before a page that says it also searches it again in the background: a week, so a
    /// renamed or removed stop is said at most a week after PTV's search changed, at one search a week per place.
    static let refreshAfter: TimeInterval = 7 * 86_400

    /// The most a page waits for the database's answer before it asks PTV's search as it would with nothing kept: a
    /// second, far above a read's few milliseconds, so only a database that has stopped answering costs the page.
    static let readWithin: Duration = .seconds(1)

    /// Where places are kept.
    let store: PlaceStore
    /// Where writes and refreshes are tracked (shutdown finishes them; tests wait for them by this handle).
    let work: BackgroundWork
    private let now: @Sendable () -> Date
    /// Queries being searched again, so several pages saying one stale place search it once.
    private let refreshing = Mutex<Set<String>>([])

    /// Creates it.
    /// - Parameters:
    ///   - store: Where places are kept.
    ///   - work: Where writes and refreshes are tracked.
    ///   - now: The clock.
    init(store: PlaceStore, work: BackgroundWork, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.work = work
        self.now = now
    }

    /// The place kept for `query`, named for this query as a fresh search names it, when it was learnt within
    /// `keptFor`; nil when none is (or the database cannot be read within `readWithin`: the page then asks PTV's
    /// search). A place older than `refreshAfter` is searched again in the background with `ask`.
    /// - Parameters:
    ///   - query: What the rider typed.
    ///   - ask: The page's asking, whose allowance a refresh is charged to.
    func place(for query: String, ask: Ask) async -> PlaceMatch? {
        let store = self.store
        guard let kept = await read({ try await store.place(query) }) ?? nil else { return nil }
        let age = now().timeIntervalSince(kept.learntAt)
        guard age < Self.keptFor else { return nil }
        if age >= Self.refreshAfter { refresh(query, ask: ask) }
        return PlaceMatch(point: kept.point, query: query, isSuburb: kept.isSuburb)
    }

    /// Keeps what PTV's search answered for `query` (tracked, not waited for): its best match, or, when none matches,
    /// that the place kept for it is no longer said.
    /// - Parameters:
    ///   - query: What the rider typed.
    ///   - match: The best match in PTV's answer, or nil when none.
    ///   - time: When PTV answered.
    func learnt(_ query: String, match: PlaceMatch?, at time: Date) {
        let store = self.store
        work.start {
            if let match { try? await store.keep(match, at: time) } else { try? await store.forget(query, asOf: time) }
        }
    }

    /// Searches `query` again in the background and keeps what PTV's search says now; a failure keeps the place as it
    /// was, until `keptFor`.
    private func refresh(_ query: String, ask: Ask) {
        let key = PlaceStore.key(query)
        guard refreshing.withLock({ $0.insert(key).inserted }) else { return }
        let asking = ask.unbounded
        work.start { [self] in
            let evidence = await UpstreamClock.$current.withValue(nil) { await asking(.search(query)) }
            if case .notFound = evidence.outcome {
                learnt(query, match: nil, at: now())
            } else if evidence.isWhole, let fetched = evidence.fetched {
                learnt(query, match: PlaceMatch.best(query, in: fetched.value.stops), at: fetched.fetchedAt)
            }
            _ = refreshing.withLock { $0.remove(key) }
        }
    }

    /// How many places are kept (nil when the database cannot be read within `readWithin`).
    func count() async -> Int? {
        let store = self.store
        return await read { try await store.count() }
    }

    /// What `body` reads from the database, or nil when it fails or takes longer than `readWithin` (the read then goes
    /// on, tracked in `work`, until the database answers).
    private func read<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async -> T? {
        let reading = Task { try? await body() }
        work.start { _ = await reading.value }
        return await Deadline.value(of: reading, within: Self.readWithin) ?? nil
    }

    /// The Prometheus gauge `trakx_places_kept`.
    /// - Parameter count: How many places are kept.
    static func render(_ count: Int) -> String {
        "# HELP trakx_places_kept Places searched for whose match is kept in the database (nearby pages for them ask PTV one round).\n"
            + "# TYPE trakx_places_kept gauge\n"
            + "trakx_places_kept \(count)\n"
    }
}

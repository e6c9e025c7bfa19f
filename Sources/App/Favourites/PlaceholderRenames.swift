import Foundation
import HTTPServer
import Logging
import Storage
import Synchronization

/// A favourite starred while PTV could not name its stop is stored as "Stop 1099". A page that sees the stop's
/// real name shows it at once and notes it here; the stored name is replaced in the background, never by the
/// page's own request: a GET writes nothing. Nor are the stored pages forgotten: they name stops from PTV's answers,
/// never from a stored name, so a placeholder's rename changes none of them.
final class PlaceholderRenames: Sendable {
    /// One stored placeholder and the real name seen for its stop.
    private struct Rename: Sendable {
        let favourite: FavouriteStop
        let name: String
        let list: FavouriteListKey
    }

    private struct State: Sendable {
        var pending: [Rename] = []
        /// The background task storing names, while one runs.
        var running: Task<Void, Never>?
    }

    private let state = Mutex(State())
    private let store: any FavouritesStore
    private let logger: Logger

    init(store: any FavouritesStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Notes real names seen for favourites stored with a placeholder, to be stored in the background.
    /// - Parameters:
    ///   - found: Favourites, each with PTV's official name for its stop (others are ignored).
    ///   - list: Their list.
    func note(_ found: [(FavouriteStop, String)], in list: FavouriteListKey) {
        let renames = found.filter { $0.0.hasPlaceholderName }.map { Rename(favourite: $0.0, name: $0.1, list: list) }
        guard !renames.isEmpty else { return }
        state.withLock { state in
            state.pending += renames
            guard state.running == nil else { return }
            state.running = Task.detached { [self] in await drain() }
        }
    }

    /// Waits until every name noted so far is stored (tests, and shutdown).
    func settled() async {
        while let running = state.withLock({ $0.running }) { await running.value }
    }

    /// Stores pending names until none are left. A failure is logged and changes nothing (pages show the real name).
    private func drain() async {
        while true {
            let batch = state.withLock { state -> [Rename] in
                defer { state.pending = [] }
                if state.pending.isEmpty { state.running = nil }
                return state.pending
            }
            guard !batch.isEmpty else { return }
            var done: Set<String> = []
            for rename in batch {
                let favourite = rename.favourite
                guard done.insert("\(rename.list.value)|\(favourite.routeType)|\(favourite.stopID)").inserted else { continue }
                do {
                    try await store.refreshStopName(routeType: favourite.routeType, stopID: favourite.stopID,
                                                               from: favourite.stopName, to: rename.name, in: rename.list)
                } catch {
                    logger.warning("Could not store the real name of stop \(favourite.stopID) for \(rename.list): \(error)")
                }
            }
        }
    }
}

import Foundation
import HTTPServer
import Logging
import Storage

/// Whose favourites a request sees: on your own machine the one local list; on a shared server the browser's
/// own list, named by the secret id in its `trakx_list` cookie (no cookie: no list yet, so none is stored).
///
/// Every change to favourites goes through here, and each one forgets the stored pages (which show favourites)
/// itself: callers never invalidate. Placeholder names seen on a page are stored in the background (`renames`).
struct FavouriteLists: Sendable {
    /// The cookie holding a browser's list id.
    static let cookieName = "trakx_list"

    /// Where favourites are kept: read and written only through the methods here.
    private let store: any FavouritesStore
    /// The stored pages, forgotten after every change.
    private let pages: PageStore
    /// Real names for placeholder names, stored off the read path.
    let renames: PlaceholderRenames
    /// Whether each browser has its own list.
    let shared: Bool
    /// Most favourites in one list.
    let limit: Int
    /// Lists started per address per minute (shared server only).
    let limiter: ListCreationLimiter

    /// - Parameters:
    ///   - store: Where favourites are kept.
    ///   - pages: The stored pages, forgotten after every change.
    ///   - shared: Whether each browser has its own list.
    ///   - limit: Most favourites in one list.
    ///   - limiter: Lists started per address per minute.
    ///   - logger: Where a failed background rename is said.
    init(store: any FavouritesStore, pages: PageStore, shared: Bool, limit: Int, limiter: ListCreationLimiter, logger: Logger) {
        self.store = store
        self.pages = pages
        self.shared = shared
        self.limit = limit
        self.limiter = limiter
        renames = PlaceholderRenames(store: store, logger: logger)
    }

    /// The browser's list id (shared server, well-formed cookie only).
    func id(_ request: Request) -> ListID? {
        guard shared else { return nil }
        return request.cookies[Self.cookieName].flatMap(ListID.parse)
    }

    /// The list this request reads; nil on a shared server when the browser has no list id.
    func current(_ request: Request) -> FavouriteListKey? {
        shared ? id(request)?.storageKey : .local
    }

    /// Every favourite in the request's list.
    func all(_ request: Request) async throws -> [FavouriteStop] {
        guard let list = current(request) else { return [] }
        return try await guarded { try await store.all(in: list) }
    }

    /// The request's favourites at one stop; none when the database cannot be reached just now, so the stop's board
    /// still answers (its favourite button then offers to add, and pressing it says favourites cannot be saved).
    func atStop(_ request: Request, routeType: Int, stopID: Int) async throws -> [FavouriteStop] {
        guard let list = current(request) else { return [] }
        do {
            return try await store.atStop(routeType: routeType, stopID: stopID, in: list)
        } catch where StoreUnavailable.isUnavailable(error) {
            return []
        }
    }

    /// The favourite `key` in `list`, if stored.
    func find(_ key: FavouriteKey, in list: FavouriteListKey) async throws -> FavouriteStop? {
        try await guarded { try await store.find(key, in: list) }
    }

    /// How many favourites `list` holds.
    func count(in list: FavouriteListKey) async throws -> Int {
        try await guarded { try await store.all(in: list).count }
    }

    /// Whether `list` has been stored.
    func exists(_ list: FavouriteListKey) async throws -> Bool {
        try await guarded { try await store.exists(list) }
    }

    /// Adds a favourite (at most `limit` in a list).
    func add(_ favourite: FavouriteStop, to list: FavouriteListKey) async throws -> FavouriteAddOutcome {
        defer { pages.invalidate() }
        return try await guarded { try await store.add(favourite, to: list, limit: limit) }
    }

    /// Gives a favourite its own name, or takes it away (nil).
    func rename(_ key: FavouriteKey, to name: String?, in list: FavouriteListKey) async throws {
        defer { pages.invalidate() }
        _ = try await guarded { try await store.rename(key, to: name, in: list) }
    }

    /// Removes a favourite.
    func remove(_ key: FavouriteKey, from list: FavouriteListKey) async throws {
        defer { pages.invalidate() }
        _ = try await guarded { try await store.remove(key, from: list) }
    }

    /// Adds imported favourites, all or none (at most `limit` in a list).
    func merge(_ favourites: [FavouriteStop], into list: FavouriteListKey) async throws -> FavouriteMergeOutcome {
        defer { pages.invalidate() }
        return try await guarded { try await store.merge(favourites, into: list, limit: limit) }
    }

    /// The list a change writes to, and the cookie to set when the change starts a new list. On a shared
    /// server a new list counts against the client address's lists-per-minute limit (429 when over).
    func writable(_ request: Request) async throws -> (list: FavouriteListKey, cookie: String?) {
        guard shared else { return (.local, nil) }
        let id = id(request) ?? ListID.make()
        let stored = try await guarded { try await store.exists(id.storageKey) }
        if stored { return (id.storageKey, nil) }
        guard await limiter.allow(request.remoteAddress) else {
            throw HTTPError(429, "Too many new favourites lists were started from your network in the last minute, so nothing was saved. Wait a minute, then try again.")
        }
        return (id.storageKey, cookie(for: id))
    }

    /// Runs store calls, turning the database being unreachable into the 503 page that says so.
    private func guarded<T>(_ work: () async throws -> T) async throws -> T {
        try await StoreUnavailable.guarding(StoreUnavailable.favourites, work)
    }

    /// The `Set-Cookie` value that makes a browser use list `id`.
    func cookie(for id: ListID) -> String {
        "\(Self.cookieName)=\(id.text); Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"
    }
}

import Foundation

/// What adding a favourite did.
public enum FavouriteAddOutcome: Sendable, Equatable {
    /// It was added (and its list created when it was the first).
    case added
    /// It was already there; the existing entry and its own name were kept.
    case alreadyThere
    /// The list already holds the most favourites allowed; nothing was written.
    case full
}

/// What merging favourites (an import) did.
public enum FavouriteMergeOutcome: Sendable, Equatable {
    /// This many new favourites were added.
    case added(Int)
    /// The list would go over the limit (it would hold `wouldHold`); nothing was written.
    case full(wouldHold: Int)
}

/// Where favourites are kept: lists of favourites, each created with its first favourite and deleted with its last.
public protocol FavouritesStore: Sendable {
    /// All favourites in `list`, grouped by route type then oldest first.
    func all(in list: FavouriteListKey) async throws -> [FavouriteStop]
    /// The favourites in `list` at one stop (whole-stop and line favourites).
    func atStop(routeType: Int, stopID: Int, in list: FavouriteListKey) async throws -> [FavouriteStop]
    /// One favourite, if starred.
    func find(_ key: FavouriteKey, in list: FavouriteListKey) async throws -> FavouriteStop?
    /// Stars a stop or line (keeps an existing entry and its own name), unless the list holds `limit` already.
    func add(_ favourite: FavouriteStop, to list: FavouriteListKey, limit: Int) async throws -> FavouriteAddOutcome
    /// Sets or clears the own name; false when it is not starred.
    @discardableResult func rename(_ key: FavouriteKey, to name: String?, in list: FavouriteListKey) async throws -> Bool
    /// Unstars it; false when it was not starred. The list goes when its last favourite does.
    @discardableResult func remove(_ key: FavouriteKey, from list: FavouriteListKey) async throws -> Bool
    /// Adds every favourite not already present, in one transaction, unless the list would then hold more than `limit`.
    func merge(_ favourites: [FavouriteStop], into list: FavouriteListKey, limit: Int) async throws -> FavouriteMergeOutcome
    /// Replaces the placeholder stop name `old` ("Stop 1099", see `FavouriteStop.placeholderName(stopID:)`) with `new`
    /// on every favourite at one stop in `list` still stored under it; does nothing when `old` is not the placeholder.
    /// Other names and every own name are left alone. Returns how many changed.
    @discardableResult func refreshStopName(routeType: Int, stopID: Int, from old: String, to new: String,
                                            in list: FavouriteListKey) async throws -> Int
    /// Whether `list` is stored (it has favourites). Does the same index lookup whether or not it exists.
    func exists(_ list: FavouriteListKey) async throws -> Bool
}

extension FavouritesStore {
    /// The most favourites a list holds unless a caller says otherwise.
    public static var defaultLimit: Int { 100 }

    /// All favourites in the local list.
    public func all() async throws -> [FavouriteStop] { try await all(in: .local) }

    /// The local list's whole-stop favourite for one stop, if starred.
    public func find(routeType: Int, stopID: Int) async throws -> FavouriteStop? {
        try await find(FavouriteKey(routeType: routeType, stopID: stopID), in: .local)
    }

    /// Stars a stop in the local list; true when added.
    @discardableResult public func add(_ favourite: FavouriteStop) async throws -> Bool {
        try await add(favourite, to: .local, limit: Self.defaultLimit) == .added
    }

    /// Renames a whole-stop favourite in the local list; false when not starred.
    @discardableResult public func rename(routeType: Int, stopID: Int, to name: String?) async throws -> Bool {
        try await rename(FavouriteKey(routeType: routeType, stopID: stopID), to: name, in: .local)
    }

    /// Unstars a whole-stop favourite in the local list; false when not starred.
    @discardableResult public func remove(routeType: Int, stopID: Int) async throws -> Bool {
        try await remove(FavouriteKey(routeType: routeType, stopID: stopID), from: .local)
    }

    /// Refreshes a stop name in the local list; see `refreshStopName(routeType:stopID:from:to:in:)`.
    @discardableResult public func refreshStopName(routeType: Int, stopID: Int, from old: String, to new: String) async throws -> Int {
        try await refreshStopName(routeType: routeType, stopID: stopID, from: old, to: new, in: .local)
    }

    /// Merges into the local list; returns how many were added (0 when over the limit).
    public func merge(_ favourites: [FavouriteStop]) async throws -> Int {
        if case .added(let count) = try await merge(favourites, into: .local, limit: Self.defaultLimit) { return count }
        return 0
    }
}

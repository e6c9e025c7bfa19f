import Foundation

/// The favourites store's earlier name, from when SQLite was its only engine.
public typealias SQLiteFavouritesStore = SQLFavouritesStore

/// Favourites in SQL, the same statements on SQLite and PostgreSQL: `favourite_list` rows made on a list's first
/// favourite and deleted with its last.
public struct SQLFavouritesStore: FavouritesStore {
    let database: any SQLDatabase

    /// Creates the store.
    /// - Parameter database: The open database (SQLite's `Database` or `PostgresDatabase`).
    public init(database: any SQLDatabase) {
        self.database = database
    }

    private static let columns = """
        f.route_type, f.stop_id, f.route_id, f.direction_id, f.stop_name, f.line_name, f.direction_name, f.own_name, f.created_at
        """
    private static let keyMatch = "f.route_type = ? AND f.stop_id = ? AND f.route_id = ? AND f.direction_id = ?"

    /// See `FavouritesStore.all(in:)`.
    public func all(in list: FavouriteListKey) async throws -> [FavouriteStop] {
        try await database.withConnection { db in
            try Self.select(db, where: "", [], list: list)
        }
    }

    /// See `FavouritesStore.atStop(routeType:stopID:in:)`.
    public func atStop(routeType: Int, stopID: Int, in list: FavouriteListKey) async throws -> [FavouriteStop] {
        try await database.withConnection { db in
            try Self.select(db, where: "AND f.route_type = ? AND f.stop_id = ?", [.integer(Int64(routeType)), .integer(Int64(stopID))], list: list)
        }
    }

    /// See `FavouritesStore.find(_:in:)`.
    public func find(_ key: FavouriteKey, in list: FavouriteListKey) async throws -> FavouriteStop? {
        try await database.withConnection { db in
            try Self.select(db, where: "AND " + Self.keyMatch, Self.values(key), list: list).first
        }
    }

    /// See `FavouritesStore.add(_:to:limit:)`.
    public func add(_ favourite: FavouriteStop, to list: FavouriteListKey, limit: Int) async throws -> FavouriteAddOutcome {
        try await database.withConnection { db in
            do {
                return try db.transaction {
                    let listID = try Self.lockedList(db, list, at: favourite.createdAt)
                    if try Self.insert(favourite, listID: listID, into: db) {
                        if try Self.count(db, listID: listID) > limit { throw Rollback.full }
                        return FavouriteAddOutcome.added
                    }
                    return .alreadyThere
                }
            } catch Rollback.full {
                return .full
            }
        }
    }

    /// See `FavouritesStore.rename(_:to:in:)`.
    @discardableResult public func rename(_ key: FavouriteKey, to name: String?, in list: FavouriteListKey) async throws -> Bool {
        try await database.withConnection { db in
            try db.run("""
                UPDATE favourite SET own_name = ? WHERE list_id = (SELECT id FROM favourite_list WHERE key_hash = ?)
                AND route_type = ? AND stop_id = ? AND route_id = ? AND direction_id = ?
                """, [name.map(SQLiteValue.text) ?? .null, .text(list.value)] + Self.values(key)) > 0
        }
    }

    /// See `FavouritesStore.refreshStopName(routeType:stopID:from:to:in:)`.
    @discardableResult public func refreshStopName(routeType: Int, stopID: Int, from old: String, to new: String,
                                                   in list: FavouriteListKey) async throws -> Int {
        // Only a placeholder is ever replaced: a name PTV gave, or the file imported, stays as it was.
        guard old == FavouriteStop.placeholderName(stopID: stopID), old != new, !new.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return 0 }
        return try await database.withConnection { db in
            try db.run("""
                UPDATE favourite SET stop_name = ? WHERE list_id = (SELECT id FROM favourite_list WHERE key_hash = ?)
                AND route_type = ? AND stop_id = ? AND stop_name = ?
                """, [.text(new), .text(list.value), .integer(Int64(routeType)), .integer(Int64(stopID)), .text(old)])
        }
    }

    /// See `FavouritesStore.remove(_:from:)`.
    @discardableResult public func remove(_ key: FavouriteKey, from list: FavouriteListKey) async throws -> Bool {
        try await database.withConnection { db in
            try db.transaction {
                guard let listID = try Self.listID(db, list), try Self.lock(db, listID) else { return false }
                let removed = try db.run("DELETE FROM favourite WHERE list_id = ? AND route_type = ? AND stop_id = ? AND route_id = ? AND direction_id = ?",
                                         [.integer(listID)] + Self.values(key)) > 0
                if try Self.count(db, listID: listID) == 0 {
                    try db.run("DELETE FROM favourite_list WHERE id = ?", [.integer(listID)])
                }
                return removed
            }
        }
    }

    /// See `FavouritesStore.merge(_:into:limit:)`.
    public func merge(_ favourites: [FavouriteStop], into list: FavouriteListKey, limit: Int) async throws -> FavouriteMergeOutcome {
        guard !favourites.isEmpty else { return .added(0) }
        return try await database.withConnection { db in
            do {
                return try db.transaction {
                    let listID = try Self.lockedList(db, list, at: Date())
                    let added = try favourites.reduce(0) { count, favourite in
                        try Self.insert(favourite, listID: listID, into: db) ? count + 1 : count
                    }
                    let total = try Self.count(db, listID: listID)
                    if total > limit { throw Rollback.over(total) }
                    if total == 0 { try db.run("DELETE FROM favourite_list WHERE id = ?", [.integer(listID)]) }
                    return FavouriteMergeOutcome.added(added)
                }
            } catch Rollback.over(let total) {
                return .full(wouldHold: total)
            }
        }
    }

    /// See `FavouritesStore.exists(_:)`.
    public func exists(_ list: FavouriteListKey) async throws -> Bool {
        try await database.withConnection { db in try Self.listID(db, list) != nil }
    }

    /// Why a transaction was rolled back on purpose.
    private enum Rollback: Error {
        case full
        case over(Int)
    }

    private static func select(_ db: any SQLConnection, where extra: String, _ values: [SQLiteValue], list: FavouriteListKey) throws -> [FavouriteStop] {
        try db.rows("""
            SELECT \(columns) FROM favourite f JOIN favourite_list l ON l.id = f.list_id
            WHERE l.key_hash = ? \(extra)
            ORDER BY f.route_type, f.created_at, f.stop_id, f.route_id, f.direction_id
            """, [.text(list.value)] + values).map(favourite)
    }

    private static func values(_ key: FavouriteKey) -> [SQLiteValue] {
        [.integer(Int64(key.routeType)), .integer(Int64(key.stopID)), .integer(key.storedRouteID), .integer(key.storedDirectionID)]
    }

    private static func listID(_ db: any SQLConnection, _ list: FavouriteListKey) throws -> Int64? {
        try db.integer("SELECT id FROM favourite_list WHERE key_hash = ?", [.text(list.value)])
    }

    private static func createList(_ db: any SQLConnection, _ list: FavouriteListKey, at date: Date) throws -> Int64 {
        // Another instance (PostgreSQL) may start the same list at the same moment: then both use the one row.
        try db.run("INSERT INTO favourite_list (key_hash, created_at) VALUES (?, ?) ON CONFLICT (key_hash) DO NOTHING",
                   [.text(list.value), .integer(milliseconds(date))])
        return try listID(db, list) ?? 0
    }

    /// The list's id, made when it is not stored, and locked until the transaction ends: on PostgreSQL, changes to one
    /// list from several connections take turns, so the limit holds and a list is never deleted under a favourite
    /// being added (SQLite's writes already take turns). A list deleted meanwhile is made again.
    private static func lockedList(_ db: any SQLConnection, _ list: FavouriteListKey, at date: Date) throws -> Int64 {
        let listID = try Self.listID(db, list) ?? createList(db, list, at: date)
        return try lock(db, listID) ? listID : createList(db, list, at: date)
    }

    /// Locks list `listID`'s row (an update that changes nothing); false when the list is gone.
    private static func lock(_ db: any SQLConnection, _ listID: Int64) throws -> Bool {
        try db.run("UPDATE favourite_list SET created_at = created_at WHERE id = ?", [.integer(listID)]) > 0
    }

    private static func count(_ db: any SQLConnection, listID: Int64) throws -> Int {
        Int(try db.integer("SELECT COUNT(*) FROM favourite WHERE list_id = ?", [.integer(listID)]) ?? 0)
    }

    private static func insert(_ favourite: FavouriteStop, listID: Int64, into db: any SQLConnection) throws -> Bool {
        let key = favourite.key
        return try db.run("""
            INSERT INTO favourite (list_id, route_type, stop_id, route_id, direction_id, stop_name, line_name, direction_name, own_name, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (list_id, route_type, stop_id, route_id, direction_id) DO NOTHING
            """, [.integer(listID)] + values(key) + [
                .text(favourite.stopName), favourite.lineName.map(SQLiteValue.text) ?? .null,
                favourite.directionName.map(SQLiteValue.text) ?? .null, favourite.ownName.map(SQLiteValue.text) ?? .null,
                .integer(milliseconds(favourite.createdAt)),
            ]) > 0
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func favourite(_ row: SQLRow) -> FavouriteStop {
        let routeID = row.int(2)
        let directionID = row.int(3)
        return FavouriteStop(
            routeType: Int(row.int(0)), stopID: Int(row.int(1)),
            routeID: routeID > 0 ? Int(routeID) : nil, directionID: directionID >= 0 ? Int(directionID) : nil,
            stopName: row.text(4) ?? "", lineName: row.text(5), directionName: row.text(6), ownName: row.text(7),
            createdAt: Date(timeIntervalSince1970: Double(row.int(8)) / 1000))
    }
}

import Foundation

/// Favourites in SQLite: `favourite_list` rows made on a list's first favourite and deleted with its last.
public struct SQLiteFavouritesStore: FavouritesStore {
    let database: Database

    /// Creates the store.
    /// - Parameter database: The open database.
    public init(database: Database) {
        self.database = database
    }

    private static let columns = """
        f.route_type, f.stop_id, f.route_id, f.direction_id, f.stop_name, f.line_name, f.direction_name, f.own_name, f.created_at
        """
    private static let keyMatch = "f.route_type = ? AND f.stop_id = ? AND f.route_id = ? AND f.direction_id = ?"

    /// See `FavouritesStore.all(in:)`.
    public func all(in list: FavouriteListKey) async throws -> [FavouriteStop] {
        try await database.perform { db in
            try Self.select(db, where: "", [], list: list)
        }
    }

    /// See `FavouritesStore.atStop(routeType:stopID:in:)`.
    public func atStop(routeType: Int, stopID: Int, in list: FavouriteListKey) async throws -> [FavouriteStop] {
        try await database.perform { db in
            try Self.select(db, where: "AND f.route_type = ? AND f.stop_id = ?", [.integer(Int64(routeType)), .integer(Int64(stopID))], list: list)
        }
    }

    /// See `FavouritesStore.find(_:in:)`.
    public func find(_ key: FavouriteKey, in list: FavouriteListKey) async throws -> FavouriteStop? {
        try await database.perform { db in
            try Self.select(db, where: "AND " + Self.keyMatch, Self.values(key), list: list).first
        }
    }

    /// See `FavouritesStore.add(_:to:limit:)`.
    public func add(_ favourite: FavouriteStop, to list: FavouriteListKey, limit: Int) async throws -> FavouriteAddOutcome {
        try await database.perform { db in
            do {
                return try db.transaction {
                    let listID = try Self.listID(db, list) ?? Self.createList(db, list, at: favourite.createdAt)
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
        try await database.perform { db in
            try db.run("""
                UPDATE favourite SET own_name = ? WHERE list_id = (SELECT id FROM favourite_list WHERE key_hash = ?)
                AND route_type = ? AND stop_id = ? AND route_id = ? AND direction_id = ?
                """, [name.map(SQLiteValue.text) ?? .null, .text(list.value)] + Self.values(key))
            return db.changes > 0
        }
    }

    /// See `FavouritesStore.refreshStopName(routeType:stopID:from:to:in:)`.
    @discardableResult public func refreshStopName(routeType: Int, stopID: Int, from old: String, to new: String,
                                                   in list: FavouriteListKey) async throws -> Int {
        // Only a placeholder is ever replaced: a name PTV gave, or the file imported, stays as it was.
        guard old == FavouriteStop.placeholderName(stopID: stopID), old != new, !new.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return 0 }
        return try await database.perform { db in
            try db.run("""
                UPDATE favourite SET stop_name = ? WHERE list_id = (SELECT id FROM favourite_list WHERE key_hash = ?)
                AND route_type = ? AND stop_id = ? AND stop_name = ?
                """, [.text(new), .text(list.value), .integer(Int64(routeType)), .integer(Int64(stopID)), .text(old)])
            return Int(db.changes)
        }
    }

    /// See `FavouritesStore.remove(_:from:)`.
    @discardableResult public func remove(_ key: FavouriteKey, from list: FavouriteListKey) async throws -> Bool {
        try await database.perform { db in
            try db.transaction {
                guard let listID = try Self.listID(db, list) else { return false }
                try db.run("DELETE FROM favourite WHERE list_id = ? AND route_type = ? AND stop_id = ? AND route_id = ? AND direction_id = ?",
                           [.integer(listID)] + Self.values(key))
                let removed = db.changes > 0
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
        return try await database.perform { db in
            do {
                return try db.transaction {
                    let listID = try Self.listID(db, list) ?? Self.createList(db, list, at: Date())
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
        try await database.perform { db in try Self.listID(db, list) != nil }
    }

    /// Why a transaction was rolled back on purpose.
    private enum Rollback: Error {
        case full
        case over(Int)
    }

    private static func select(_ db: SQLiteConnection, where extra: String, _ values: [SQLiteValue], list: FavouriteListKey) throws -> [FavouriteStop] {
        let statement = try db.prepare("""
            SELECT \(columns) FROM favourite f JOIN favourite_list l ON l.id = f.list_id
            WHERE l.key_hash = ? \(extra)
            ORDER BY f.route_type, f.created_at, f.stop_id, f.route_id, f.direction_id
            """)
        try statement.bind([.text(list.value)] + values)
        var result: [FavouriteStop] = []
        while try statement.step() { result.append(row(statement)) }
        return result
    }

    private static func values(_ key: FavouriteKey) -> [SQLiteValue] {
        [.integer(Int64(key.routeType)), .integer(Int64(key.stopID)), .integer(key.storedRouteID), .integer(key.storedDirectionID)]
    }

    private static func listID(_ db: SQLiteConnection, _ list: FavouriteListKey) throws -> Int64? {
        let statement = try db.prepare("SELECT id FROM favourite_list WHERE key_hash = ?")
        try statement.bind([.text(list.value)])
        return try statement.step() ? statement.int(0) : nil
    }

    private static func createList(_ db: SQLiteConnection, _ list: FavouriteListKey, at date: Date) throws -> Int64 {
        try db.run("INSERT INTO favourite_list (key_hash, created_at) VALUES (?, ?)", [.text(list.value), .integer(milliseconds(date))])
        return try listID(db, list) ?? 0
    }

    private static func count(_ db: SQLiteConnection, listID: Int64) throws -> Int {
        let statement = try db.prepare("SELECT COUNT(*) FROM favourite WHERE list_id = ?")
        try statement.bind([.integer(listID)])
        return try statement.step() ? Int(statement.int(0)) : 0
    }

    private static func insert(_ favourite: FavouriteStop, listID: Int64, into db: SQLiteConnection) throws -> Bool {
        let key = favourite.key
        try db.run("""
            INSERT INTO favourite (list_id, route_type, stop_id, route_id, direction_id, stop_name, line_name, direction_name, own_name, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (list_id, route_type, stop_id, route_id, direction_id) DO NOTHING
            """, [.integer(listID)] + values(key) + [
                .text(favourite.stopName), favourite.lineName.map(SQLiteValue.text) ?? .null,
                favourite.directionName.map(SQLiteValue.text) ?? .null, favourite.ownName.map(SQLiteValue.text) ?? .null,
                .integer(milliseconds(favourite.createdAt)),
            ])
        return db.changes > 0
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func row(_ statement: SQLiteStatement) -> FavouriteStop {
        let routeID = statement.int(2)
        let directionID = statement.int(3)
        return FavouriteStop(
            routeType: Int(statement.int(0)), stopID: Int(statement.int(1)),
            routeID: routeID > 0 ? Int(routeID) : nil, directionID: directionID >= 0 ? Int(directionID) : nil,
            stopName: statement.text(4) ?? "", lineName: statement.text(5), directionName: statement.text(6), ownName: statement.text(7),
            createdAt: Date(timeIntervalSince1970: Double(statement.int(8)) / 1000))
    }
}

import Foundation

/// A starred stop.
public struct FavouriteStop: Sendable, Equatable, Codable {
    /// PTV route type (0 train, 1 tram, 2 bus, 3 V/Line, 4 night bus).
    public var routeType: Int
    /// PTV stop id.
    public var stopID: Int
    /// The stop's official name when it was starred.
    public var stopName: String
    /// The user's own name for it ("Home"), if any.
    public var ownName: String?
    /// When it was starred.
    public var createdAt: Date

    /// Creates a favourite.
    /// - Parameters:
    ///   - routeType: Route type.
    ///   - stopID: Stop id.
    ///   - stopName: Official name.
    ///   - ownName: User's name.
    ///   - createdAt: Time starred.
    public init(routeType: Int, stopID: Int, stopName: String, ownName: String? = nil, createdAt: Date = Date()) {
        self.routeType = routeType
        self.stopID = stopID
        self.stopName = stopName
        self.ownName = ownName
        self.createdAt = createdAt
    }
}

/// Where favourites are kept.
public protocol FavouritesStore: Sendable {
    /// All favourites, grouped by route type then oldest first.
    func all() async throws -> [FavouriteStop]
    /// The favourite for one stop, if starred.
    func find(routeType: Int, stopID: Int) async throws -> FavouriteStop?
    /// Stars a stop (keeps the existing entry and its own name when already starred); true when added.
    @discardableResult func add(_ favourite: FavouriteStop) async throws -> Bool
    /// Sets or clears the own name; false when the stop is not starred.
    @discardableResult func rename(routeType: Int, stopID: Int, to name: String?) async throws -> Bool
    /// Unstars a stop; false when it was not starred.
    @discardableResult func remove(routeType: Int, stopID: Int) async throws -> Bool
    /// Adds every favourite not already present, in one transaction; returns how many were added.
    func merge(_ favourites: [FavouriteStop]) async throws -> Int
}

/// Favourites in SQLite.
public struct SQLiteFavouritesStore: FavouritesStore {
    let database: Database

    /// Creates the store.
    /// - Parameter database: The open database.
    public init(database: Database) {
        self.database = database
    }

    /// See `FavouritesStore.all()`.
    public func all() async throws -> [FavouriteStop] {
        try await database.perform { db in
            let statement = try db.prepare("""
                SELECT route_type, stop_id, stop_name, own_name, created_at FROM favourite_stop
                ORDER BY route_type, created_at, stop_id
                """)
            var result: [FavouriteStop] = []
            while try statement.step() { result.append(Self.row(statement)) }
            return result
        }
    }

    /// See `FavouritesStore.find(routeType:stopID:)`.
    public func find(routeType: Int, stopID: Int) async throws -> FavouriteStop? {
        try await database.perform { db in
            let statement = try db.prepare("""
                SELECT route_type, stop_id, stop_name, own_name, created_at FROM favourite_stop
                WHERE route_type = ? AND stop_id = ?
                """)
            try statement.bind([.integer(Int64(routeType)), .integer(Int64(stopID))])
            return try statement.step() ? Self.row(statement) : nil
        }
    }

    /// See `FavouritesStore.add(_:)`.
    public func add(_ favourite: FavouriteStop) async throws -> Bool {
        try await database.perform { db in
            try Self.insert(favourite, into: db)
        }
    }

    /// See `FavouritesStore.rename(routeType:stopID:to:)`.
    public func rename(routeType: Int, stopID: Int, to name: String?) async throws -> Bool {
        try await database.perform { db in
            try db.run("UPDATE favourite_stop SET own_name = ? WHERE route_type = ? AND stop_id = ?",
                       [name.map(SQLiteValue.text) ?? .null, .integer(Int64(routeType)), .integer(Int64(stopID))])
            return db.changes > 0
        }
    }

    /// See `FavouritesStore.remove(routeType:stopID:)`.
    public func remove(routeType: Int, stopID: Int) async throws -> Bool {
        try await database.perform { db in
            try db.run("DELETE FROM favourite_stop WHERE route_type = ? AND stop_id = ?",
                       [.integer(Int64(routeType)), .integer(Int64(stopID))])
            return db.changes > 0
        }
    }

    /// See `FavouritesStore.merge(_:)`.
    public func merge(_ favourites: [FavouriteStop]) async throws -> Int {
        try await database.perform { db in
            try db.transaction {
                try favourites.reduce(0) { count, favourite in try Self.insert(favourite, into: db) ? count + 1 : count }
            }
        }
    }

    private static func insert(_ favourite: FavouriteStop, into db: SQLiteConnection) throws -> Bool {
        try db.run("""
            INSERT INTO favourite_stop (route_type, stop_id, stop_name, own_name, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (route_type, stop_id) DO NOTHING
            """, [.integer(Int64(favourite.routeType)), .integer(Int64(favourite.stopID)), .text(favourite.stopName),
                  favourite.ownName.map(SQLiteValue.text) ?? .null,
                  .integer(Int64((favourite.createdAt.timeIntervalSince1970 * 1000).rounded()))])
        return db.changes > 0
    }

    private static func row(_ statement: SQLiteStatement) -> FavouriteStop {
        FavouriteStop(routeType: Int(statement.int(0)), stopID: Int(statement.int(1)), stopName: statement.text(2) ?? "",
                      ownName: statement.text(3), createdAt: Date(timeIntervalSince1970: Double(statement.int(4)) / 1000))
    }
}

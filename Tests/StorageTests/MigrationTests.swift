import Foundation
import Storage
import Testing
import TestSupport

/// Files made by older Trakx versions open, upgrade in one transaction, and keep every favourite.
struct MigrationTests {
    /// Writes a schema-version-1 file exactly as Trakx 1 made it (raw SQL, not `Migrations`), with a bus stop too.
    static func writeVersion1(at path: String, extra: String = "") throws {
        try Version1Database.write(at: path, extra: "INSERT INTO favourite_stop VALUES (2, 13142, 'Bus stop', 'Home – “Café”', 1795728500000);\n" + extra)
    }

    static func rows(at path: String) throws -> (version: Int, names: [String]) {
        let connection = try SQLiteConnection(path: path)
        defer { connection.close() }
        let statement = try connection.prepare("SELECT stop_id, coalesce(own_name, '-') FROM favourite_stop ORDER BY stop_id")
        var names: [String] = []
        while try statement.step() { names.append("\(statement.int(0)) \(statement.text(1) ?? "")") }
        return (try connection.userVersion, names)
    }

    @Test func versionOneFileUpgradesKeepingEveryFavouriteAndItsOwnName() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/v1.sqlite"
            try Self.writeVersion1(at: path)
            let database = try Database(path: path)
            defer { database.close() }
            let version = try await database.perform { try $0.userVersion }
            #expect(version == Migrations.all.count)
            let all = try await SQLiteFavouritesStore(database: database).all()
            #expect(all.map(\.stopID) == [1071, 2218, 13142])
            #expect(all.map(\.ownName) == ["Work", nil, "Home – “Café”"])
            #expect(all.map(\.stopName) == ["Flinders Street Station", "Swanston St/Flinders St #1", "Bus stop"])
            #expect(all.allSatisfy { $0.routeID == nil && $0.directionID == nil })
            #expect(all.first?.createdAt == Date(timeIntervalSince1970: 1_795_728_600))
            let oldTable = try await database.perform { db -> Bool in
                try db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'favourite_stop'").step()
            }
            #expect(!oldTable)
        }
    }

    @Test func emptyVersionOneFileStoresNoList() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/v1-empty.sqlite"
            let connection = try SQLiteConnection(path: path)
            try Migrations.migrate(connection, to: 1)
            connection.close()
            let database = try Database(path: path)
            defer { database.close() }
            let lists = try await database.perform { db -> Int64 in
                let statement = try db.prepare("SELECT COUNT(*) FROM favourite_list")
                return try statement.step() ? statement.int(0) : -1
            }
            #expect(lists == 0)
        }
    }

    @Test func failedUpgradeLeavesTheFileAsItWasAndSaysSo() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/v1-broken.sqlite"
            // A table in the way of version 2: the upgrade fails half way through its statements.
            try Self.writeVersion1(at: path, extra: "CREATE TABLE favourite (x INTEGER);")
            let before = try Self.rows(at: path)
            #expect(throws: SQLiteError.self) { try Database(path: path).close() }
            do {
                let database = try Database(path: path)
                database.close()
            } catch let error as SQLiteError {
                #expect(error.description.contains("from schema version 1 to \(Migrations.all.count) failed"))
                #expect(error.description.contains("left as it was"))
            }
            let after = try Self.rows(at: path)
            #expect(after.version == 1)
            #expect(after.names == before.names)
            #expect(after.names == ["1071 Work", "2218 -", "13142 Home – “Café”"])
            let connection = try SQLiteConnection(path: path)
            defer { connection.close() }
            #expect(try !connection.prepare("SELECT 1 FROM sqlite_master WHERE name = 'favourite_list'").step())
        }
    }

    @Test func fileFromANewerTrakxIsRefusedUnchanged() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/future.sqlite"
            let connection = try SQLiteConnection(path: path)
            try connection.execute("PRAGMA user_version = 99")
            connection.close()
            #expect(throws: SQLiteError.self) { try Database(path: path).close() }
            let reopened = try SQLiteConnection(path: path)
            defer { reopened.close() }
            #expect(try reopened.userVersion == 99)
        }
    }
}

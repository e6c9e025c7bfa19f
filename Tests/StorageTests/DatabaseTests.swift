import Foundation
import Storage
import Testing
import TestSupport

/// Opens a database in a fresh temporary folder, runs `body`, then closes it.
func withTemporaryDatabase(_ body: (Database, String) async throws -> Void) async throws {
    try await withTemporaryDirectory { folder in
        let path = folder + "/nested/trakx.sqlite"
        let database = try Database(path: path)
        defer { database.close() }
        try await body(database, path)
    }
}

struct DatabaseTests {
    @Test func migrationsRunOnceAndSetUserVersion() async throws {
        try await withTemporaryDatabase { database, path in
            let version = try await database.perform { try $0.userVersion }
            #expect(version == Migrations.all.count)
            let journal = try await database.perform { db -> String in
                let statement = try db.prepare("PRAGMA journal_mode")
                return try statement.step() ? statement.text(0) ?? "" : ""
            }
            #expect(journal == "wal")
            database.close()
            let reopened = try Database(path: path)
            defer { reopened.close() }
            let v1 = try await reopened.perform { try $0.userVersion }
            #expect(v1 == Migrations.all.count)
        }
    }

    @Test func defaultPathFollowsXDG() {
        #expect(Database.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]) == "/data/trakx/trakx.sqlite")
        #expect(Database.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/trakx/trakx.sqlite")
        #expect(Database.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.local/share/trakx/trakx.sqlite")
    }

    @Test(arguments: StorageEngine.all) func favouritesAddRenameRemove(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLFavouritesStore(database: database)
            let v2 = try await store.add(FavouriteStop(routeType: 0, stopID: 1071, stopName: "Flinders Street Station"))
            #expect(v2)
            let v3 = try await store.add(FavouriteStop(routeType: 0, stopID: 1071, stopName: "Again"))
            #expect(!v3)
            let v4 = try await store.add(FavouriteStop(routeType: 1, stopID: 2001, stopName: "Swanston St/Flinders St #1"))
            #expect(v4)
            let v5 = try await store.rename(routeType: 0, stopID: 1071, to: "Work")
            #expect(v5)
            let v6 = try await store.find(routeType: 0, stopID: 1071)?.ownName
            #expect(v6 == "Work")
            let v7 = try await store.find(routeType: 0, stopID: 1071)?.stopName
            #expect(v7 == "Flinders Street Station")
            let v8 = try await store.rename(routeType: 3, stopID: 1071, to: "Nope")
            #expect(!v8)
            let v9 = try await store.remove(routeType: 1, stopID: 2001)
            #expect(v9)
            let v10 = try await store.remove(routeType: 1, stopID: 2001)
            #expect(!v10)
            let v11 = try await store.all().map(\.stopID)
            #expect(v11 == [1071])
        }
    }

    @Test(arguments: StorageEngine.all) func namesAreBoundNotInterpolated(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLFavouritesStore(database: database)
            let hostile = "Robert'); DROP TABLE favourite_stop;--"
            _ = try await store.add(FavouriteStop(routeType: 2, stopID: 5, stopName: hostile, ownName: hostile))
            let v12 = try await store.all().first?.ownName
            #expect(v12 == hostile)
        }
    }

    @Test(arguments: StorageEngine.all) func mergeAddsOnlyMissing(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLFavouritesStore(database: database)
            _ = try await store.add(FavouriteStop(routeType: 0, stopID: 1071, stopName: "Flinders Street Station", ownName: "Work"))
            let added = try await store.merge([
                FavouriteStop(routeType: 0, stopID: 1071, stopName: "Flinders Street Station", ownName: "Other"),
                FavouriteStop(routeType: 4, stopID: 9, stopName: "Night stop"),
            ])
            #expect(added == 1)
            let all = try await store.all()
            #expect(all.map(\.routeType) == [0, 4])
            #expect(all.first?.ownName == "Work")
        }
    }
}

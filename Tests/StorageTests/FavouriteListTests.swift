import Foundation
import Storage
import Testing
import TestSupport

/// Lists: kept apart, created with their first favourite and gone with their last, and never over the limit.
struct FavouriteListTests {
    static let a = FavouriteListKey(hash: String(repeating: "a", count: 64))
    static let b = FavouriteListKey(hash: String(repeating: "b", count: 64))

    static func listCount(_ database: any SQLDatabase) async throws -> Int64 {
        try await database.withConnection { db in try db.integer("SELECT COUNT(*) FROM favourite_list") ?? -1 }
    }

    @Test(arguments: StorageEngine.all) func listsAreSeparateAndStoredOnlyWhileTheyHaveFavourites(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLFavouritesStore(database: database)
            #expect(try await Self.listCount(database) == 0)
            #expect(try await !store.exists(Self.a))
            let added = try await store.add(FavouriteStop(routeType: 0, stopID: 1071, stopName: "Flinders Street Station", ownName: "Home"),
                                            to: Self.a, limit: 100)
            #expect(added == .added)
            #expect(try await store.exists(Self.a))
            #expect(try await store.all(in: Self.b).isEmpty)
            #expect(try await store.all().isEmpty)
            #expect(try await !store.rename(FavouriteKey(routeType: 0, stopID: 1071), to: "Mine", in: Self.b))
            #expect(try await !store.remove(FavouriteKey(routeType: 0, stopID: 1071), from: Self.b))
            #expect(try await store.all(in: Self.a).first?.ownName == "Home")
            #expect(try await Self.listCount(database) == 1)
            #expect(try await store.remove(FavouriteKey(routeType: 0, stopID: 1071), from: Self.a))
            #expect(try await !store.exists(Self.a))
            #expect(try await Self.listCount(database) == 0)
        }
    }

    @Test(arguments: StorageEngine.all) func aLineAtAStopIsItsOwnFavourite(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLFavouritesStore(database: database)
            let line = FavouriteStop(routeType: 0, stopID: 1071, routeID: 6, directionID: 0, stopName: "Flinders Street Station",
                                     lineName: "Frankston line", directionName: "Frankston")
            #expect(try await store.add(line, to: Self.a, limit: 100) == .added)
            #expect(try await store.add(FavouriteStop(routeType: 0, stopID: 1071, stopName: "Flinders Street Station"), to: Self.a, limit: 100) == .added)
            #expect(try await store.add(FavouriteStop(routeType: 0, stopID: 1071, routeID: 6, directionID: 1, stopName: "F"), to: Self.a, limit: 100) == .added)
            #expect(try await store.add(line, to: Self.a, limit: 100) == .alreadyThere)
            let atStop = try await store.atStop(routeType: 0, stopID: 1071, in: Self.a)
            #expect(atStop.count == 3)
            let found = try await store.find(line.key, in: Self.a)
            #expect(found?.lineName == "Frankston line")
            #expect(found?.directionName == "Frankston")
            #expect(found?.directionID == 0)
            #expect(try await store.rename(line.key, to: "Home", in: Self.a))
            #expect(try await store.find(FavouriteKey(routeType: 0, stopID: 1071), in: Self.a)?.ownName == nil)
            #expect(try await store.remove(FavouriteKey(routeType: 0, stopID: 1071), from: Self.a))
            #expect(try await store.all(in: Self.a).map(\.ownName) == ["Home", nil])
        }
    }

    @Test(arguments: StorageEngine.all) func aFullListRefusesMoreAndWritesNothing(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLFavouritesStore(database: database)
            for stop in 1 ... 3 {
                #expect(try await store.add(FavouriteStop(routeType: 2, stopID: stop, stopName: "S\(stop)"), to: Self.a, limit: 3) == .added)
            }
            #expect(try await store.add(FavouriteStop(routeType: 2, stopID: 4, stopName: "S4"), to: Self.a, limit: 3) == .full)
            #expect(try await store.add(FavouriteStop(routeType: 2, stopID: 1, stopName: "S1"), to: Self.a, limit: 3) == .alreadyThere)
            let merged = try await store.merge([FavouriteStop(routeType: 2, stopID: 1, stopName: "S1"), FavouriteStop(routeType: 2, stopID: 9, stopName: "S9")],
                                               into: Self.a, limit: 3)
            #expect(merged == .full(wouldHold: 4))
            #expect(try await store.all(in: Self.a).map(\.stopID) == [1, 2, 3])
            // A new list that would start over the limit leaves no list row behind.
            let many = (1 ... 5).map { FavouriteStop(routeType: 2, stopID: $0, stopName: "S\($0)") }
            #expect(try await store.merge(many, into: Self.b, limit: 3) == .full(wouldHold: 5))
            #expect(try await !store.exists(Self.b))
            #expect(try await store.add(FavouriteStop(routeType: 2, stopID: 1, stopName: "S1"), to: Self.b, limit: 0) == .full)
            #expect(try await !store.exists(Self.b))
            #expect(try await Self.listCount(database) == 1)
        }
    }

    /// Adds and removes at once on one list (on PostgreSQL over several connections) keep the limit, and a list
    /// emptied while another favourite is added is never left with a favourite and no list.
    @Test(arguments: StorageEngine.all) func changesAtOnceKeepTheLimit(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLFavouritesStore(database: database)
            let outcomes = try await withThrowingTaskGroup(of: FavouriteAddOutcome.self) { group in
                for stop in 1 ... 12 {
                    group.addTask { try await store.add(FavouriteStop(routeType: 2, stopID: stop, stopName: "S\(stop)"), to: Self.a, limit: 5) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .added }.count == 5)
            #expect(try await store.all(in: Self.a).count == 5)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for stop in 1 ... 12 {
                    group.addTask {
                        if stop <= 5 { try await store.remove(FavouriteKey(routeType: 2, stopID: stop), from: Self.a) }
                        else { _ = try await store.add(FavouriteStop(routeType: 2, stopID: stop, stopName: "S\(stop)"), to: Self.a, limit: 5) }
                    }
                }
                try await group.waitForAll()
            }
            let left = try await store.all(in: Self.a).count
            #expect(left <= 5)
            #expect(try await store.exists(Self.a) == (left > 0))
        }
    }
}

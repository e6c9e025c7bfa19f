import Foundation
import Storage
import Testing
import TestSupport

/// A stop starred while PTV could not name it keeps the placeholder only until a real name is seen.
struct StopNameRefreshTests {
    static let other = FavouriteListKey(hash: String(repeating: "c", count: 64))

    @Test(arguments: StorageEngine.all) func aPlaceholderIsReplacedButNoRealNameOrOwnNameIsTouched(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLFavouritesStore(database: database)
            let placeholder = FavouriteStop.placeholderName(stopID: 1099)
            #expect(placeholder == "Stop 1099")
            try await store.add(FavouriteStop(routeType: 0, stopID: 1099, stopName: placeholder, ownName: "Home"))
            // A line at the same stop, stored under the placeholder too.
            _ = try await store.add(FavouriteStop(routeType: 0, stopID: 1099, routeID: 11, directionID: 1, stopName: placeholder,
                                                  lineName: "Hurstbridge line"), to: .local, limit: 100)
            // The same stop in another list, and a stop with a real name the rider must keep.
            _ = try await store.add(FavouriteStop(routeType: 0, stopID: 1099, stopName: placeholder), to: Self.other, limit: 100)
            try await store.add(FavouriteStop(routeType: 0, stopID: 1071, stopName: "Flinders Street Station"))
            // A tram stop with the same number is another stop.
            try await store.add(FavouriteStop(routeType: 1, stopID: 1099, stopName: "Stop 1099"))

            #expect(try await store.all().first { $0.stopID == 1099 }?.hasPlaceholderName == true)
            let changed = try await store.refreshStopName(routeType: 0, stopID: 1099, from: placeholder, to: "Hurstbridge Station")
            #expect(changed == 2)
            let all = try await store.all()
            let train1099 = all.filter { $0.routeType == 0 && $0.stopID == 1099 }
            #expect(train1099.map(\.stopName) == ["Hurstbridge Station", "Hurstbridge Station"])
            #expect(train1099.first { $0.routeID == nil }?.ownName == "Home")
            #expect(train1099.first { $0.routeID == 11 }?.lineName == "Hurstbridge line")
            #expect(all.first { $0.routeType == 1 }?.stopName == "Stop 1099")
            #expect(try await store.all(in: Self.other).first?.stopName == placeholder)

            // Only the placeholder is replaced: a real name stays even when another is offered.
            #expect(try await store.refreshStopName(routeType: 0, stopID: 1071, from: placeholder, to: "Somewhere Else") == 0)
            #expect(try await store.refreshStopName(routeType: 0, stopID: 1071, from: "Flinders Street Station", to: "Somewhere Else") == 0)
            #expect(try await store.find(routeType: 0, stopID: 1071)?.stopName == "Flinders Street Station")
            // An empty name is never stored.
            #expect(try await store.refreshStopName(routeType: 1, stopID: 1099, from: "Stop 1099", to: " ") == 0)
        }
    }
}

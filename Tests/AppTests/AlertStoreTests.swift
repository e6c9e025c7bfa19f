import Foundation
import PTV
import Storage
import Testing
import TestSupport
@testable import App

/// Alerts kept in a real SQLite file read back as they were stored: each kind's own details, and none of the other's.
struct AlertStoreTests {
    @Test func eachKindOfAlertReadsBackWithItsOwnDetails() async throws {
        try await withTemporaryDirectory { folder in
            let database = try Database(path: folder + "/alerts.sqlite")
            defer { database.close() }
            let store = SQLiteAlertStore(database: database)
            let now = Date(timeIntervalSince1970: 1_795_728_600)
            let phone = AlertCheckTests.phone
            let asked = [
                Alert.ride(type: .train, runRef: "948123", from: 1071, to: 1162, subscription: phone, now: now),
                Alert.ride(type: .tram, runRef: "8-86-mf2-1", from: nil, to: 2019, subscription: phone, now: now),
                Alert.leave(type: .train, stopID: 1071, routeID: 14, directionID: 0, minutes: 12, subscription: phone, now: now),
                Alert.leave(type: .bus, stopID: 17906, routeID: 7701, directionID: 0, minutes: 1, subscription: phone, now: now),
            ]
            var stored: [Alert] = []
            for alert in asked { stored.append(try #require(try await store.add(alert, perPhone: 10))) }
            #expect(stored.map(\.id) == [1, 2, 3, 4])
            let read = try await store.active(at: now)
            #expect(read == stored)
            #expect(read.map(\.watch) == [
                .ride(runRef: "948123", from: 1071), .ride(runRef: "8-86-mf2-1", from: nil),
                .leave(routeID: 14, directionID: 0, minutes: 12), .leave(routeID: 7701, directionID: 0, minutes: 1),
            ])
        }
    }
}

import Foundation
import PTV
import Storage
import Testing
import TestSupport
import WebPush
@testable import App

/// Alerts kept in a real database (SQLite and PostgreSQL) read back as they were stored: each kind's own details, and
/// none of the other's; and an alert's id, its Web Push topic, is never issued twice (issue 56).
struct AlertStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_728_600)

    static func leave(minutes: Int) -> Alert {
        Alert.leave(type: .train, stopID: 1071, routeID: 14, directionID: 0, minutes: minutes, subscription: AlertCheckTests.phone, now: now)
    }

    @Test(arguments: StorageEngine.all) func eachKindOfAlertReadsBackWithItsOwnDetails(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLAlertStore(database: database)
            let now = Self.now
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

    @Test(arguments: StorageEngine.all) func anAlertsIdIsNeverIssuedAgainEvenAfterReopening(engine: StorageEngine) async throws {
        try await engine.withLocation { location in
            var ids: [Int64] = []
            let database = try openDatabase(at: location)
            let store = SQLAlertStore(database: database)
            let first = try #require(try await store.add(Self.leave(minutes: 5), perPhone: 10))
            try await store.remove(id: first.id)
            let second = try #require(try await store.add(Self.leave(minutes: 6), perPhone: 10))
            try await store.remove(id: second.id)
            ids += [first.id, second.id]
            await database.shutdown()
            let reopened = try openDatabase(at: location)
            let third = try #require(try await SQLAlertStore(database: reopened).add(Self.leave(minutes: 7), perPhone: 10))
            await reopened.shutdown()
            ids.append(third.id)
            #expect(ids == [1, 2, 3])
        }
    }

    /// A file from before migration 5 keeps its alerts and their ids, and the next id follows the highest.
    @Test func aVersionFourFileKeepsItsAlertsAndNeverReissuesTheirIds() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/v4.sqlite"
            let connection = try SQLiteConnection(path: path)
            try Migrations.migrate(connection, to: 4)
            let phone = AlertCheckTests.phone
            for id in 1 ... 3 {
                try connection.run("""
                    INSERT INTO push_alert (id, stop_code, kind, route_type, stop_id, minutes, endpoint, p256dh, auth, created_at, expires_at)
                    VALUES (?, ?, 'leave', 0, 1071, 5, ?, ?, ?, 1795728600, 1795732200)
                    """, [.integer(Int64(id)), .text("code\(id)"), .text(phone.endpoint), .text(phone.p256dh), .text(phone.auth)])
            }
            connection.close()
            let database = try Database(path: path)
            defer { database.close() }
            let store = SQLAlertStore(database: database)
            #expect(try await store.active(at: Self.now).map(\.id) == [1, 2, 3])
            try await store.remove(id: 3)
            let next = try #require(try await store.add(Self.leave(minutes: 9), perPhone: 10))
            #expect(next.id == 4)
            #expect(try await database.perform { try $0.userVersion } == Migrations.all.count)
        }
    }
}

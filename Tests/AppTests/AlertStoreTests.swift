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

    /// A fleet: one instance holds a watched run or stop an interval, and a dead instance's lease passes once it expires.
    @Test(arguments: StorageEngine.all) func aTargetIsLeasedToOneInstanceUntilItsLeaseExpires(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLAlertStore(database: database)
            /// `holder` asks for `targets` `at` seconds after the start, for 30 seconds.
            func take(_ targets: [String], _ holder: String, at seconds: Double) async throws -> Set<String> {
                let now = Self.now.addingTimeInterval(seconds)
                return try await store.lease(targets, holder: holder, until: now.addingTimeInterval(30), now: now)
            }
            let first = try await take(["ride 0 1", "leave 0 1071"], "a", at: 0)
            #expect(first == ["ride 0 1", "leave 0 1071"])
            let other = try await take(["ride 0 1", "leave 0 2"], "b", at: 0)
            #expect(other == ["leave 0 2"])
            let renewed = try await take(["ride 0 1"], "a", at: 30)
            #expect(renewed == ["ride 0 1"])
            // a stops renewing the stop: its lease passes to b once it has expired.
            let early = try await take(["leave 0 1071"], "b", at: 29)
            #expect(early.isEmpty)
            let passed = try await take(["leave 0 1071"], "b", at: 30)
            #expect(passed == ["leave 0 1071"])
        }
    }

    /// Two instances at once on PostgreSQL (two connections): each target goes to exactly one of them.
    @Test(arguments: StorageEngine.all) func leasesAskedAtOnceGoToOneEach(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLAlertStore(database: database)
            let targets = (1 ... 40).map { "leave 0 \($0)" }
            let held = try await withThrowingTaskGroup(of: Set<String>.self) { group in
                for holder in ["a", "b", "c", "d"] {
                    group.addTask { try await store.lease(targets.shuffled(), holder: holder, until: Self.now.addingTimeInterval(30), now: Self.now) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(held.reduce(0) { $0 + $1.count } == targets.count)
            #expect(held.reduce(into: Set<String>()) { $0.formUnion($1) } == Set(targets))
        }
    }

    /// What was said is recorded by one instance only: the other learns it was said and sends nothing.
    @Test(arguments: StorageEngine.all) func whatWasSaidIsRecordedOnceSoItIsSentOnce(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLAlertStore(database: database)
            let alert = try #require(try await store.add(Self.leave(minutes: 5), perPhone: 10))
            let ready = AlertStep(notice: nil, sent: "ready", done: false), finished = AlertStep(notice: nil, sent: "ready", done: true)
            let until = Self.now.addingTimeInterval(60)
            #expect(try await store.record(ready, for: alert, outgoing: nil, holder: "a", heldUntil: until)?.count == 0)
            #expect(try await store.record(ready, for: alert, outgoing: nil, holder: "b", heldUntil: until) == nil)
            #expect(try await store.record(finished, for: alert, outgoing: nil, holder: "b", heldUntil: until) == nil)
            var moved = alert
            moved.sent = "ready"
            #expect(try await store.record(finished, for: moved, outgoing: nil, holder: "a", heldUntil: until)?.count == 0)
            #expect(try await store.active(at: Self.now).isEmpty)
        }
    }
}

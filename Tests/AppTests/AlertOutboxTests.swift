import Foundation
import Storage
import Testing
import TestSupport
import WebPush
@testable import App

/// Notifications decided but not yet answered, kept with the decision (issue 53 part 3): one instance keeps each,
/// a live sender's claim is left alone, a dead sender's passes to one other instance, an answered one is gone, and
/// one past its use is never sent. On both engines.
struct AlertOutboxTests {
    static let now = AlertStoreTests.now

    /// An alert kept, and its "Get ready" decided for it.
    static func decided(_ store: SQLAlertStore) async throws -> (Alert, AlertStep, OutgoingPush) {
        let alert = try #require(try await store.add(AlertStoreTests.leave(minutes: 5), perPhone: 10))
        let notice = AlertNotice(title: "Get ready, Richmond is next", body: "Live.", url: "/ride", stopURL: "/alerts/stop/x", tag: "trakx-alert-\(alert.id)-ready")
        return (alert, AlertStep(notice: notice, sent: "ready", done: false), OutgoingPush(notice, for: alert, at: now))
    }

    @Test(arguments: StorageEngine.all) func aDecidedNotificationIsKeptOnceWithItsMessage(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLAlertStore(database: database)
            let (alert, step, outgoing) = try await Self.decided(store)
            let until = Self.now.addingTimeInterval(60)
            async let one = store.record(step, for: alert, outgoing: outgoing, holder: "a", heldUntil: until)
            async let two = store.record(step, for: alert, outgoing: outgoing, holder: "b", heldUntil: until)
            let kept = try await [one, two]
            #expect(kept.compactMap { $0 }.count == 1, "one instance keeps the decision, the other finds it moved on")
            let sent = try #require(kept.compactMap { $0 }.first?.first)
            #expect(sent.id > 0)
            #expect(sent.message.topic == "a\(alert.id)")
            #expect(String(decoding: sent.message.payload, as: UTF8.self).contains("Get ready, Richmond is next"))
            // Its sender is alive (the claim holds): nobody else takes it.
            #expect(try await store.claimOutgoing(holder: "c", until: Self.now.addingTimeInterval(120), now: Self.now.addingTimeInterval(59)).isEmpty)
        }
    }

    @Test(arguments: StorageEngine.all) func aDeadSendersNotificationPassesToOneOtherInstanceOnce(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLAlertStore(database: database)
            let (alert, step, outgoing) = try await Self.decided(store)
            let kept = try #require(try await store.record(step, for: alert, outgoing: outgoing, holder: "dead", heldUntil: Self.now.addingTimeInterval(60))?.first)
            let later = Self.now.addingTimeInterval(61)
            let claimed = try await withThrowingTaskGroup(of: [OutgoingPush].self) { group in
                for holder in ["b", "c", "d"] {
                    group.addTask { try await store.claimOutgoing(holder: holder, until: later.addingTimeInterval(60), now: later) }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claimed.map(\.id) == [kept.id], "claimed by exactly one of three instances")
            #expect(claimed.first?.subscription.endpoint == alert.subscription.endpoint)
            // Answered: gone for good.
            try await store.answered(outgoing: kept.id)
            #expect(try await store.claimOutgoing(holder: "b", until: later.addingTimeInterval(600), now: later.addingTimeInterval(120)).isEmpty)
        }
    }

    @Test(arguments: StorageEngine.all) func aReleasedNotificationIsTakenAtOnceAndAStaleOneNever(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLAlertStore(database: database)
            let (alert, step, outgoing) = try await Self.decided(store)
            let kept = try #require(try await store.record(step, for: alert, outgoing: outgoing, holder: "stopping", heldUntil: Self.now.addingTimeInterval(60))?.first)
            try await store.release(outgoing: kept.id)
            #expect(try await store.claimOutgoing(holder: "b", until: Self.now.addingTimeInterval(60), now: Self.now).map(\.id) == [kept.id])
            try await store.release(outgoing: kept.id)
            // Past its TTL (a ride's three minutes) it is no use to the rider: dropped, not sent.
            let stale = outgoing.expiresAt.addingTimeInterval(1)
            #expect(try await store.claimOutgoing(holder: "c", until: stale.addingTimeInterval(60), now: stale).isEmpty)
            #expect(try await database.withConnection { try $0.rows("SELECT count(*) FROM alert_outbox", []).first?.int(0) } == 0)
        }
    }
    /// "You are at" decided while "Get ready" waits for a dead sender's claim to pass: the older is never sent after it.
    @Test(arguments: StorageEngine.all) func aNewerNoticeOfTheSameAlertSupersedesAnUnansweredOne(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = SQLAlertStore(database: database)
            let (alert, step, outgoing) = try await Self.decided(store)
            _ = try #require(try await store.record(step, for: alert, outgoing: outgoing, holder: "dead", heldUntil: Self.now.addingTimeInterval(60))?.first)
            let movedOn = try #require(try await store.active(at: Self.now).first { $0.id == alert.id })
            let at = AlertNotice(title: "You are at Richmond", body: "Live.", url: "/ride", stopURL: "/alerts/stop/x", tag: "trakx-alert-\(alert.id)-at")
            let arrived = Self.now.addingTimeInterval(30)
            let kept = try #require(try await store.record(AlertStep(notice: at, sent: "at ready", done: true), for: movedOn,
                                                           outgoing: OutgoingPush(at, for: movedOn, at: arrived), holder: "live",
                                                           heldUntil: arrived.addingTimeInterval(60))?.first)
            let later = Self.now.addingTimeInterval(121)
            let claimed = try await store.claimOutgoing(holder: "b", until: later.addingTimeInterval(60), now: later)
            #expect(claimed.map(\.id) == [kept.id], "only the newer notice is left to send")
            #expect(claimed.allSatisfy { String(decoding: $0.message.payload, as: UTF8.self).contains("You are at Richmond") })
        }
    }
}


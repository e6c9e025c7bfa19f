@testable import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// Two Trakx instances sharing one PostgreSQL database (a fleet), both watching at the same moments: each ride's
/// notifications arrive once each, in order, never twice (issue 53 part 3).
@Suite(.serialized, .enabled(if: TestServices.postgresEnabled))
struct PushAlertFleetTests {
    /// Two instances on one new PostgreSQL database and the tests' push service, with a ride alert set through the
    /// first for a phone "rider" (two stops on from a train at its platform), on `clock`.
    static func withRideAlert(_ clock: TestClock, _ body: (LoopbackPushService, TestApp, TestApp) async throws -> Void) async throws {
        try await LoopbackPushService.with { push in
            try await withTemporaryPostgres { url in
                try await TestApp.with(configure: PushAlertTests.configure(clock, database: url)) { first in
                    try await TestApp.with(configure: PushAlertTests.configure(clock, database: url)) { second in
                        let rider = try await push.subscribe("rider")
                        let (example, stops) = try await first.trainAtPlatform(at: clock.now)
                        let from = try #require(stops.firstIndex(of: example.stopID))
                        let answer = try await first.post("/alerts/ride", form: [("mode", "train"), ("run", example.runRef),
                                                                                ("from", String(example.stopID)), ("to", String(stops[from + 2]))]
                                                           + rider.fields, session: try await first.session())
                        #expect(answer.status == 303)
                        try await body(push, first, second)
                    }
                }
            }
        }
    }

    @Test func twoInstancesWatchingOneRideSayEachThingOnce() async throws {
        let clock = TestClock(fixedNow)
        try await Self.withRideAlert(clock) { push, first, second in
            for _ in 0 ..< 120 {
                clock.advance(15)
                async let one: Void = PushAlertTests.look(first)
                async let two: Void = PushAlertTests.look(second)
                _ = await (one, two)
                if try await push.received("rider").messages.count > 1 { break }
        }
        // Both look a few times more: nothing more is said.
        for _ in 0 ..< 3 {
            clock.advance(15)
            async let one: Void = PushAlertTests.look(first)
            async let two: Void = PushAlertTests.look(second)
            _ = await (one, two)
        }
        let titles = try await push.received("rider").messages.map(\.payload.title)
        #expect(titles.count == 2)
        #expect(titles.first?.hasPrefix("Get ready, ") == true)
        #expect(titles.last?.hasPrefix("You are at ") == true)
        }
    }

    /// An instance that decided "Get ready" and died before the push service answered: the notification is not lost,
    /// another instance sends it once its claim has passed, and only once however many look.
    @Test func aNotificationWhoseSenderDiedIsSentByAnotherInstanceOnce() async throws {
        let clock = TestClock(fixedNow)
        try await Self.withRideAlert(clock) { push, first, second in
            // The dead instance's decision, kept as the watcher keeps it, its push never made.
            let store = first.app.alerts.store
            let alert = try #require(try await store.active(at: clock.now).first)
            let notice = AlertNotice(title: "Get ready, the next stop is yours", body: "Live.", url: "/ride", stopURL: "/alerts/stop/x",
                                     tag: "trakx-alert-\(alert.id)-ready")
            let claim = OutgoingPush.claim(interval: 0)
            _ = try #require(try await store.record(AlertStep(notice: notice, sent: "ready", done: false), for: alert,
                                                    outgoing: OutgoingPush(notice, for: alert, at: clock.now), holder: "dead",
                                                    heldUntil: clock.now.addingTimeInterval(claim)))
            clock.advance(claim - 5)
            await PushAlertTests.look(second)
            #expect(try await push.received("rider").attempts == 0, "the sender's claim still holds")
            clock.advance(6)
            async let one: Void = PushAlertTests.look(first)
            async let two: Void = PushAlertTests.look(second)
            _ = await (one, two)
            for _ in 0 ..< 3 { await PushAlertTests.look(second); await PushAlertTests.look(first) }
            let received = try await push.received("rider").messages
            #expect(received.map(\.payload.title).filter { $0 == notice.title }.count == 1)
            #expect(received.first?.topic == "a\(alert.id)")
        }
    }
}

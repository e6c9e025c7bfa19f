@testable import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// Two Trakx instances sharing one PostgreSQL database (a fleet), both watching at the same moments: each ride's
/// notifications arrive once each, in order, never twice (issue 53 part 3).
@Suite(.serialized, .enabled(if: TestServices.postgresEnabled))
struct PushAlertFleetTests {
    @Test func twoInstancesWatchingOneRideSayEachThingOnce() async throws {
        let clock = TestClock(fixedNow)
        try await LoopbackPushService.with { push in
            try await withTemporaryPostgres { url in
                try await TestApp.with(configure: PushAlertTests.configure(clock, database: url)) { first in
                    try await TestApp.with(configure: PushAlertTests.configure(clock, database: url)) { second in
                        let rider = try await push.subscribe("rider")
                        let (example, stops) = try await first.trainAtPlatform(at: clock.now)
                        let from = try #require(stops.firstIndex(of: example.stopID))
                        let session = try await first.session()
                        let answer = try await first.post("/alerts/ride", form: [("mode", "train"), ("run", example.runRef),
                                                                                ("from", String(example.stopID)), ("to", String(stops[from + 2]))]
                                                           + rider.fields, session: session)
                        #expect(answer.status == 303)
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
            }
        }
    }
}

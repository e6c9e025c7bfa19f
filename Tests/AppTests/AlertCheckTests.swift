import Foundation
import PTV
import Testing
import WebPush
@testable import App

/// What an alert says when, read against real recorded PTV answers (issue 32): the ride page's own sentences, once
/// each; a reminder's one notification, and a cancellation or delay while waiting.
struct AlertCheckTests {
    static let phone = try! PushSubscription(endpoint: "https://push.example.net/p/1",
                                             p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
                                             auth: "BTBZMqHH6r4Tts7J_aSIgg")

    /// A ride alert on the recorded Richmond pattern (the train stands at Richmond at 9:10 UTC).
    func ride(to name: String, sent: String = "") throws -> (alert: Alert, journey: Journey, page: (String) -> RidePage) {
        let pattern = try Recorded.load("tdn-3230-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let from = try #require(journey.calls.firstIndex { $0.name == "Box Hill" })
        let to = try #require(journey.calls.firstIndex { $0.name == name })
        var alert = Alert.ride(type: .train, runRef: journey.first?.runRef ?? "", from: journey.calls[from].stopID, to: journey.calls[to].stopID,
                               subscription: Self.phone, now: Recorded.at("2025-06-12T09:00:00Z"))
        alert.sent = sent
        let fetched = Fetched(value: pattern, fetchedAt: Recorded.at("2025-06-12T09:10:00Z"))
        return (alert, journey, { _ in RidePage(journey: journey, from: from, to: to, auto: nil, pattern: fetched,
                                                context: Recorded.context(Recorded.at("2025-06-12T09:10:00Z"))) })
    }

    @Test func aRideAlertSaysThePagesOwnSentenceOnceEach() throws {
        let now = Recorded.at("2025-06-12T09:10:00Z")
        let next = try ride(to: "Flinders Street")
        let ready = RideAlertCheck.step(next.alert, journey: next.journey, staleSince: nil, now: now)
        #expect(ready.notice?.title == "Get ready, Flinders Street is next")
        #expect(ready.notice?.body == next.page("").head.summary)
        #expect(ready.sent == "ready" && !ready.done)
        let again = try ride(to: "Flinders Street", sent: "ready")
        #expect(RideAlertCheck.step(again.alert, journey: again.journey, staleSince: nil, now: now) == AlertStep(notice: nil, sent: "ready", done: false))

        let here = try ride(to: "Richmond", sent: "ready")
        let at = RideAlertCheck.step(here.alert, journey: here.journey, staleSince: nil, now: now)
        #expect(at.notice?.title == "You are at Richmond")
        #expect(at.notice?.body == "You are at your stop, Richmond.")
        #expect(at.sent == "at ready" && at.done)

        // Seen only after it passed the stop: said as the page says it, then done.
        let passed = try ride(to: "Camberwell")
        let late = RideAlertCheck.step(passed.alert, journey: passed.journey, staleSince: nil, now: now)
        #expect(late.notice?.title == "You have passed Camberwell")
        #expect(late.notice?.body == "You have passed Camberwell. The train is at Richmond.")
        #expect(late.done)
        let stillFar = try ride(to: "Flagstaff")
        #expect(RideAlertCheck.step(stillFar.alert, journey: stillFar.journey, staleSince: nil, now: now).notice == nil)
    }

    /// The recorded Frankston departure (5:20 pm Melbourne time, platform 2), changed by `edit`.
    func departures(_ edit: (inout Departure) -> Void = { _ in }) throws -> DeparturesResponse {
        var answer = try Recorded.load("metro-departures-fkn", as: DeparturesResponse.self)
        answer.departures = answer.departures.map { var departure = $0; edit(&departure); return departure }
        return answer
    }

    @Test func aReminderWaitsThenSaysTheTimePlatformAndWhetherLiveOnce() throws {
        let now = Recorded.at("2024-11-06T06:00:00Z")
        var alert = Alert.leave(type: .train, stopID: 1073, routeID: 6, directionID: 1, minutes: 10, subscription: Self.phone, now: now)
        let waiting = LeaveAlertCheck.step(alert, departures: try departures(), staleSince: nil, now: now)
        #expect(waiting.notice == nil && !waiting.done)
        #expect(waiting.sent.hasPrefix("0 /ride/train/952450"))
        alert.sent = waiting.sent
        let go = LeaveAlertCheck.step(alert, departures: try departures(), staleSince: nil, now: now.addingTimeInterval(11 * 60))
        #expect(go.done)
        let notice = try #require(go.notice)
        #expect(notice.title.hasPrefix("Time to go, ") && notice.title.hasSuffix(" in 9 minutes"))
        #expect(notice.body.contains("5\u{202F}20 pm, in 9 minutes from platform 2, live"))
        #expect(notice.url == "/stops/train/1073")
    }

    @Test func aReminderSaysACancellationAndADelayWhileWaiting() throws {
        let now = Recorded.at("2024-11-06T05:50:00Z")
        var alert = Alert.leave(type: .train, stopID: 1073, routeID: 6, directionID: 1, minutes: 10, subscription: Self.phone, now: now)
        alert.sent = LeaveAlertCheck.step(alert, departures: try departures(), staleSince: nil, now: now).sent
        let later = try departures { $0.reportedEstimateUTC = Recorded.at("2024-11-06T06:26:00Z") }
        let delayed = LeaveAlertCheck.step(alert, departures: later, staleSince: nil, now: now)
        #expect(delayed.notice?.title.hasSuffix(" is delayed") == true)
        #expect(delayed.notice?.body.contains("delayed 6 minutes") == true)
        #expect(delayed.sent.hasPrefix("6 ") && !delayed.done)
        // Later still by less than 3 minutes: nothing more.
        var told = alert
        told.sent = delayed.sent
        let slightly = try departures { $0.reportedEstimateUTC = Recorded.at("2024-11-06T06:27:00Z") }
        #expect(LeaveAlertCheck.step(told, departures: slightly, staleSince: nil, now: now).notice == nil)
        let cancelled = LeaveAlertCheck.step(told, departures: try departures { $0.flags = "RR_CAN" }, staleSince: nil, now: now)
        #expect(cancelled.notice?.title.hasSuffix(" is cancelled") == true)
        #expect(cancelled.sent == "" && !cancelled.done)
    }
}

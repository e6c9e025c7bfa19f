import Foundation
import Logging
import PTV
import Synchronization
import WebPush

/// Watches every alert's run or stop and sends what is due. Each interval it asks PTV once per watched run (its
/// pattern) or stop (its departures, the board's own question) however many phones watch it, through `Ask` and so
/// the shared cache (a board or ride page asked the same question costs nothing more), each question on the watcher's
/// own visitor allowance (`UpstreamBudget`, as "trakx-alerts"): past it, a target waits for the next interval. In a
/// fleet sharing PostgreSQL, each target is leased to one instance an interval (a dead one's lease passes when it
/// expires, after one interval), and a notification is sent only by the instance that recorded it as said.
final class AlertWatcher: Sendable {
    let store: any AlertStore
    let source: any TransitSource
    let budget: UpstreamBudget?
    let push: AlertPush
    let now: @Sendable () -> Date
    /// Seconds between looks; 0: only when `tick()` is called (tests).
    let interval: Double
    let logger: Logger
    /// This instance's name in alert leases and claimed notifications: its host and process, so an operator reading
    /// `alert_lease` knows which instance holds what, and a random part, new each start.
    let holder = "\(ProcessInfo.processInfo.hostName) pid \(getpid()) \(UUID().uuidString.prefix(8))"
    private let loop = Mutex<Task<Void, Never>?>(nil)

    /// A watcher.
    /// - Parameters:
    ///   - store: Where alerts are kept.
    ///   - source: Where PTV's answers come from (asked through `Ask`).
    ///   - budget: The visitor budget the watcher's questions are charged to (nil: not counted).
    ///   - push: Sends the notifications.
    ///   - now: The clock.
    ///   - interval: Seconds between looks.
    ///   - logger: Logger (alert ids and outcomes only, never an endpoint).
    init(store: any AlertStore, source: any TransitSource, budget: UpstreamBudget?, push: AlertPush, now: @escaping @Sendable () -> Date,
         interval: Double, logger: Logger) {
        self.store = store
        self.source = source
        self.budget = budget
        self.push = push
        self.now = now
        self.interval = interval
        self.logger = logger
    }

    /// Starts looking every `interval` seconds (nothing when it is 0).
    func start() {
        guard interval > 0 else { return }
        let task = Task { [self] in
            while !Task.isCancelled {
                await tick()
                try? await Task.sleep(for: .milliseconds(Int(interval * 1000)))
            }
        }
        loop.withLock { $0 = task }
    }

    /// Stops looking, and sending: a notification waiting to be tried again is given up (it was kept as said, so
    /// it is not sent after a restart either), one under way ends by its timeout.
    func shutdown() async {
        let task = loop.withLock { task in defer { task = nil }; return task }
        task?.cancel()
        await task?.value
        await push.stop()
    }

    /// One look at every alert: one question per watched run or stop, then each alert's step.
    func tick() async {
        let now = now()
        await sendOrphans(now: now)
        let alerts: [Alert]
        do {
            alerts = try await store.active(at: now)
        } catch {
            logger.error("Could not read alerts: \(error)")
            return
        }
        var rides: [String: [Alert]] = [:], leaves: [String: [Alert]] = [:]
        for alert in alerts {
            switch alert.watch {
            case .ride(let runRef, _): rides["\(alert.routeType) \(runRef)", default: []].append(alert)
            case .leave: leaves["\(alert.routeType) \(alert.stopID)", default: []].append(alert)
            }
        }
        // In a fleet each run or stop is looked at by one instance an interval: the one holding its lease.
        let held: Set<String>
        do {
            held = try await store.lease(Array(rides.keys.map { "ride " + $0 }) + leaves.keys.map { "leave " + $0 }, holder: holder,
                                         until: now.addingTimeInterval(max(interval, 1)), now: now)
        } catch {
            logger.error("Could not lease alerts: \(error)")
            return
        }
        await withTaskGroup(of: Void.self) { group in
            for (key, watching) in rides where held.contains("ride " + key) { group.addTask { await self.ride(watching, now: now) } }
            for (key, watching) in leaves where held.contains("leave " + key) { group.addTask { await self.leave(watching, now: now) } }
        }
    }

    /// The watcher's way to ask: each question its own allowance on the watcher's account, so a refusal stops only it.
    private var ask: Ask {
        Ask.forTrakx(source: source, budget: budget, account: "trakx-alerts")
    }

    private func ride(_ alerts: [Alert], now: Date) async {
        guard let first = alerts.first, case .ride(let runRef, _) = first.watch else { return }
        let type = RouteType(rawValue: first.routeType)
        let evidence = await ask(.pattern(runRef: runRef, routeType: type.rawValue))
        guard let pattern = evidence.value else { return }
        for alert in alerts {
            // Each rider's own journey: one boarding before or getting off past the train's handover rides through it.
            let from: Int? = if case .ride(_, let stop) = alert.watch { stop } else { nil }
            let journey = Journey.riding(pattern, routeType: type, asked: runRef, from: from, to: alert.stopID)
            await apply(RideAlertCheck.step(alert, journey: journey, staleSince: evidence.staleSince, now: now), to: alert, now: now)
        }
    }

    private func leave(_ alerts: [Alert], now: Date) async {
        guard let first = alerts.first else { return }
        let ask = ask
        let evidence = await ask(.departures(routeType: first.routeType, stopID: first.stopID))
        guard let departures = evidence.value else { return }
        for alert in alerts {
            let routeID: Int? = if case .leave(let routeID, _, _) = alert.watch { routeID } else { nil }
            let disruptions = ask.disruptionTexts(namedIn: departures, routeID: routeID)
            await apply(LeaveAlertCheck.step(alert, departures: departures, staleSince: evidence.staleSince, disruptions: disruptions, now: now),
                        to: alert, now: now)
        }
    }

    /// Keeps what was said and the notification to send in one transaction, and sends only when this instance was
    /// the one to keep it (each notification decided once, fleet-wide); a notification whose sender died is sent by
    /// whichever instance claims it next (`OutgoingPush`).
    private func apply(_ step: AlertStep, to alert: Alert, now: Date) async {
        guard step.done || step.sent != alert.sent || step.notice != nil else { return }
        let outgoing = step.notice.map { OutgoingPush($0, for: alert, at: now) }
        do {
            guard let kept = try await store.record(step, for: alert, outgoing: outgoing, holder: holder,
                                                    heldUntil: now.addingTimeInterval(OutgoingPush.claim(interval: interval))) else { return }
            kept.forEach(push.send)
        } catch {
            logger.error("Could not keep alert \(alert.id): \(error)")
        }
    }

    /// Sends the kept notifications no live instance is sending: those of an instance that died before the push
    /// service answered.
    private func sendOrphans(now: Date) async {
        do {
            try await store.claimOutgoing(holder: holder, until: now.addingTimeInterval(OutgoingPush.claim(interval: interval)), now: now)
                .forEach(push.send)
        } catch {
            logger.error("Could not read notifications waiting to be sent: \(error)")
        }
    }
}

import Foundation
import Logging
import PTV
import Synchronization

/// Learns the network ahead of riders, in the background after the server has started: PTV's route list, then each
/// tram, bus and night bus route's directions and stops in order (what `StopWays` says which way a stop's services leave
/// from), each kept in the database (`KeptNetwork`).
///
/// - Pace: one question to PTV a second (`pace`), on average. Real PTV lists about 1,000 routes, some 450 of them
///   kerbside, three questions each (directions, then the stops of each of two directions): a first learning takes
///   about 25 minutes, and 60 questions a minute is a fifth of what one visitor may cause (`--ptv-calls-per-minute`,
///   300), so riders' own questions always come first and PTV sees the learning as one unhurried visitor.
/// - Asking: through `Ask`, as pages and the alert watcher do: PTV's cache (a route another page just learnt costs
///   nothing), the throttle gate (while PTV throttles Trakx, or has refused its key, the learner waits and asks
///   nothing) and a visitor allowance of its own ("trakx-network"; past it, the learner waits for the next minute).
/// - Schedule: a round an hour (`interval`). Each round asks for the route list (PTV's cache keeps it a day) and learns
///   the routes not known fresh (`StopWays.freshness`, a day), so every route is learnt again about a day after it was
///   last learnt, spread over the day as the first learning was, and a round with nothing stale asks PTV nothing more.
///   Without any route list (PTV failing at a new install's start) the next round is 5 minutes on.
/// - A fleet: before asking about a route, the learner reads the database; a route another instance has learnt fresh is
///   taken from there instead. Each instance walks the routes from a random starting point, so instances starting
///   together mostly learn different routes and then find each other's.
/// - Stopping: each round is tracked by `BackgroundWork` (tests await it); `stop()` ends the learner between two
///   questions at shutdown.
final class NetworkLearner: Sendable {
    /// The network known and kept.
    private let network: KeptNetwork
    /// An Ask for one route's questions (each route on a new allowance of the learner's own).
    private let ask: @Sendable () -> Ask
    /// How Trakx stands with PTV (the throttle gate).
    private let standing: @Sendable () -> PTVGate.Standing
    /// Where rounds are tracked.
    private let work: BackgroundWork
    /// The time between two questions to PTV, on average.
    let pace: Duration
    /// The time from one round's end to the next round.
    let interval: Duration
    private let now: @Sendable () -> Date
    private let logger: Logger
    /// The schedule's task and the running round's.
    private let tasks = Mutex<(schedule: Task<Void, Never>?, round: Task<Void, Never>?)>((nil, nil))

    /// The pace in service: a question a second.
    static let defaultPace: Duration = .seconds(1)
    /// The schedule in service: a round an hour.
    static let defaultInterval: Duration = .seconds(3600)
    /// The time to the next round when no route list could be had: as long as `StopWays` leaves a failing route alone.
    static let retryInterval: Duration = .seconds(StopWays.retryAfter)

    /// Creates a learner; `start()` starts it.
    /// - Parameters:
    ///   - network: The network known and kept.
    ///   - ask: An Ask for one route's questions.
    ///   - standing: How Trakx stands with PTV.
    ///   - work: Where rounds are tracked.
    ///   - pace: The time between two questions, on average.
    ///   - interval: The time between rounds.
    ///   - now: The clock.
    ///   - logger: Logger.
    init(network: KeptNetwork, ask: @escaping @Sendable () -> Ask, standing: @escaping @Sendable () -> PTVGate.Standing,
         work: BackgroundWork, pace: Duration = defaultPace, interval: Duration = defaultInterval,
         now: @escaping @Sendable () -> Date, logger: Logger) {
        self.network = network
        self.ask = ask
        self.standing = standing
        self.work = work
        self.pace = pace
        self.interval = interval
        self.now = now
        self.logger = logger
    }

    /// Starts the first round now (tracked in `work` before this returns) and the schedule.
    func start() {
        tasks.withLock { tasks in
            guard tasks.schedule == nil else { return }
            let first = work.start { await self.round() }
            tasks.round = first
            tasks.schedule = Task {
                await first.value
                while !Task.isCancelled {
                    // Without a route list (PTV failed, and none is kept) the next round is sooner.
                    let wait = self.network.routes.isEmpty ? min(self.interval, Self.retryInterval) : self.interval
                    guard (try? await Task.sleep(for: wait)) != nil else { return }
                    let round: Task<Void, Never>? = self.tasks.withLock { tasks in
                        guard tasks.schedule?.isCancelled == false else { return nil }
                        tasks.round = self.work.start { await self.round() }
                        return tasks.round
                    }
                    guard let round else { return }
                    await round.value
                }
            }
        }
    }

    /// Stops the schedule and the running round (between two of its questions).
    func stop() {
        tasks.withLock { tasks in
            tasks.schedule?.cancel()
            tasks.round?.cancel()
        }
    }

    /// One round: the route list, then every kerbside route not known fresh.
    private func round() async {
        await network.restored()
        guard await mayAsk() else { return }
        let asking = ask()
        let list = await asking(.routes())
        if let fetched = list.fetched { await network.list(fetched.value.routes, at: fetched.fetchedAt) }
        let routes = network.routes
        guard !routes.isEmpty else { return }
        let start = Int.random(in: 0 ..< routes.count)
        var learnt = 0
        for route in routes[start...] + routes[..<start] {
            if Task.isCancelled { return }
            if network.ways.isFresh(route.id) { continue }
            if await network.adoptFresh(route.id) { continue }
            guard await mayAsk() else { return }
            let outcome = await network.ways.learnNow(routeID: route.id, type: route.type, ask: ask())
            learnt += 1
            if let until = outcome.refusedUntil {
                guard await wait(.seconds(max(1, until.timeIntervalSince(now())))) else { return }
            }
            guard await wait(pace * outcome.questions) else { return }
        }
        if learnt > 0 { logger.info("Learnt \(learnt) routes' directions and stops; \(network.figures.words)") }
    }

    /// Waits while PTV throttles Trakx; false when the round should end (PTV refused Trakx's key, or the learner stops).
    private func mayAsk() async -> Bool {
        while true {
            switch standing() {
            case .asking: return !Task.isCancelled
            case .keyRefused: return false
            case .throttled(let until):
                guard await wait(.seconds(max(1, until.timeIntervalSince(now())))) else { return false }
            }
        }
    }

    /// Sleeps `duration` (nothing when it is zero); false when the learner stops meanwhile.
    private func wait(_ duration: Duration) async -> Bool {
        guard duration > .zero else { return !Task.isCancelled }
        return (try? await Task.sleep(for: duration)) != nil
    }
}

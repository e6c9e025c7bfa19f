import Foundation
import HTTPClient
import Logging
import Synchronization
import WebPush

/// Sends alerts' notifications without holding up the watcher: each is its own task (retries and their waits
/// included), kept until it ends so that shutdown and tests can wait for them. A push service's 404 or 410 removes
/// every alert of that phone. Logs say the alert's id and the outcome, never the endpoint.
final class AlertPush: Sendable {
    let client: HTTPClient
    let keys: VAPIDKeeper
    let retries: PushSender.Retries
    let addresses: PushAddressPolicy
    let store: any AlertStore
    let logger: Logger
    private let running = Mutex<[Int: Task<Void, Never>]>([:])
    /// The kept notifications this instance is sending now.
    private let sending = Mutex<Set<Int64>>([])
    private let counter = Atomic<Int>(0)
    /// Pushes by outcome, for `/metrics`.
    let outcomes = Mutex<[String: Int]>([:])

    /// - Parameters:
    ///   - client: The HTTP client pushes go out on.
    ///   - keys: The server's VAPID key.
    ///   - retries: How hard each push is tried.
    ///   - addresses: Which addresses pushes may go to.
    ///   - store: Where alerts are kept (a gone phone's are removed).
    ///   - logger: Logger.
    init(client: HTTPClient, keys: VAPIDKeeper, retries: PushSender.Retries, addresses: PushAddressPolicy, store: any AlertStore,
         logger: Logger) {
        self.client = client
        self.keys = keys
        self.retries = retries
        self.addresses = addresses
        self.store = store
        self.logger = logger
    }

    /// Sends `outgoing` in the background, unless this instance is already sending it; its kept row is deleted when
    /// the push service has answered, and given up to the fleet when Trakx stops before that.
    func send(_ outgoing: OutgoingPush) {
        guard sending.withLock({ $0.insert(outgoing.id).inserted }) else { return }
        let number = counter.add(1, ordering: .relaxed).newValue
        let alert = outgoing.alertID
        let task = Task { [self] in
            let outcome: PushSender.Outcome
            if let key = try? await keys.key() {
                outcome = await PushSender(client: client, key: key, retries: retries, addresses: addresses).send(outgoing.message,
                                                                                                                to: outgoing.subscription)
            } else {
                outcome = .gaveUp(status: 0)
            }
            if Task.isCancelled, outcome != .delivered {
                // Stopping: another instance (or this one after its restart) sends it now, not after the claim.
                try? await store.release(outgoing: outgoing.id)
            } else {
                try? await store.answered(outgoing: outgoing.id)
            }
            outcomes.withLock { $0[Self.name(outcome), default: 0] += 1 }
            switch outcome {
            case .delivered: break
            case .gone:
                let removed = (try? await store.remove(endpoint: outgoing.subscription.endpoint)) ?? 0
                logger.info("Push service says alert \(alert)'s phone is gone; removed \(removed) alerts")
            case .gaveUp(let status), .refused(let status):
                logger.warning("Alert \(alert)'s notification was not delivered (push service status \(status))")
            case .forbiddenAddress(let refused):
                logger.warning("Alert \(alert)'s notification was not sent: \(refused) (see --allow-private-address)")
            }
            _ = sending.withLock { $0.remove(outgoing.id) }
            _ = running.withLock { $0.removeValue(forKey: number) }
        }
        running.withLock { $0[number] = task }
    }

    /// Stops retrying (Trakx is stopping) and waits for the transfers under way.
    func stop() async {
        running.withLock { list in list.values.forEach { $0.cancel() } }
        await settled()
    }

    /// Waits until every notification on its way has been delivered or given up.
    func settled() async {
        while let task = running.withLock({ $0.values.first }) {
            await task.value
            // A task that ended before it was listed removes itself only now; never wait on it twice.
            running.withLock { list in
                for (key, value) in list where value == task { list.removeValue(forKey: key) }
            }
        }
    }

    /// The metrics label of an outcome.
    static func name(_ outcome: PushSender.Outcome) -> String {
        switch outcome {
        case .delivered: "delivered"
        case .gone: "gone"
        case .gaveUp: "gave_up"
        case .refused: "refused"
        case .forbiddenAddress: "forbidden_address"
        }
    }
}

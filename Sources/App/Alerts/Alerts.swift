import Foundation
import HTTPClient
import Logging
import PTV
import Storage
import Synchronization
import WebPush

/// The operator's alert settings (`trakx serve --alert-interval`, `--vapid-subject`).
public struct AlertConfiguration: Sendable {
    /// Seconds between the watcher's looks (one PTV question per watched run or stop each); 0: the watcher only
    /// looks when told to (tests).
    public var interval: Double = 30
    /// Who push services may contact about this server's pushes: `mailto:` or an https URL (the VAPID `sub`).
    public var subject: String = "mailto:trakx@example.invalid"
    /// Whether a subscription may name a plain http push service on loopback (tests' own push service).
    public var allowLoopbackHTTP = false
    /// How hard each push is tried.
    public var retries = PushSender.Retries()

    /// The defaults.
    public init() {}
}

/// Web Push alerts, assembled: where they are kept, the server's VAPID key, the watcher and the sender.
final class Alerts: Sendable {
    /// Most alerts one phone may have waiting.
    static let perPhone = 10

    let store: any AlertStore
    let keys: VAPIDKeeper
    let watcher: AlertWatcher
    let push: AlertPush
    let client: HTTPClient
    let allowLoopbackHTTP: Bool

    /// The alerts kept in `database`, watched through `source`.
    /// - Parameters:
    ///   - configuration: The operator's settings.
    ///   - database: The open database.
    ///   - source: Where PTV's answers come from (the shared cache).
    ///   - budget: The visitor budget the watcher's questions count against.
    ///   - now: The clock.
    ///   - logger: Logger.
    init(configuration: AlertConfiguration, database: any SQLDatabase, source: any TransitSource, budget: UpstreamBudget?,
         now: @escaping @Sendable () -> Date, logger: Logger) {
        let store = SQLAlertStore(database: database)
        var pushLogger = logger
        pushLogger[metadataKey: "component"] = "alerts"
        client = HTTPClient(configuration: ClientConfiguration(connectTimeout: 5, totalTimeout: 15, userAgent: "Trakx", maxConcurrent: 4))
        keys = VAPIDKeeper(store: store, subject: configuration.subject)
        push = AlertPush(client: client, keys: keys, retries: configuration.retries, store: store, logger: pushLogger)
        watcher = AlertWatcher(store: store, source: source, budget: budget, push: push, now: now, interval: configuration.interval,
                               logger: pushLogger)
        self.store = store
        allowLoopbackHTTP = configuration.allowLoopbackHTTP
    }

    /// Makes (or reads) the VAPID key and starts the watcher.
    func start() {
        Task { [keys] in _ = try? await keys.key() }
        watcher.start()
    }

    /// The VAPID public key pages give the phone; nil when it could not be read (then no page offers alerts).
    func publicKey() async -> String? {
        try? await keys.key().publicKeyText
    }

    /// Stops the watcher, lets notifications on their way finish, and ends the push client's threads.
    func shutdown() async {
        await watcher.shutdown()
        await client.shutdown()
    }

    /// The push client's threads (kernel ids while they run), for tests.
    var threadIDs: Set<Int32> { client.threadIDs }

    /// Prometheus text: pushes by outcome.
    func render() -> String {
        let outcomes = push.outcomes.withLock { $0 }
        var text = "# HELP trakx_push_notifications_total Web Push notifications by outcome.\n# TYPE trakx_push_notifications_total counter\n"
        for name in ["delivered", "gone", "gave_up", "refused"] {
            text += "trakx_push_notifications_total{outcome=\"\(name)\"} \(outcomes[name] ?? 0)\n"
        }
        return text
    }
}

/// The server's VAPID key: read from the database on first use, or made and kept there when there is none yet
/// (two first uses at once keep one key: the store keeps the first and both read it back).
final class VAPIDKeeper: Sendable {
    let store: any AlertStore
    let subject: String
    private let kept = Mutex<VAPIDKey?>(nil)

    /// - Parameters:
    ///   - store: Where the key is kept.
    ///   - subject: The VAPID contact.
    init(store: any AlertStore, subject: String) {
        self.store = store
        self.subject = subject
    }

    /// The key.
    func key() async throws -> VAPIDKey {
        if let key = kept.withLock({ $0 }) { return key }
        let made = VAPIDKey(subject: subject)
        let key = try VAPIDKey(privateKeyText: try await store.vapidKey(orKeep: made.privateKeyText, at: Date()), subject: subject)
        kept.withLock { $0 = key }
        return key
    }
}

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
    /// Whether a subscription may name a plain http push service (tests' own push service; no flag sets it).
    /// Its address is checked like any other: tests allow loopback with `allowPrivateAddresses("127.0.0.0/8")`.
    public var allowPlainHTTP = false
    /// Blocks of private, loopback or other local addresses that push services may be on anyway
    /// (`trakx serve --allow-private-address`): a push service on the operator's own network.
    public var allowedPrivateAddresses: [AddressRange] = []
    /// How hard each push is tried.
    public var retries = PushSender.Retries()
    /// PEM certificates trusted for push services instead of the system's (`--push-ca-file`): a push service on the
    /// operator's own network, with its own certificate authority.
    public var trustedCertificates: String?

    /// The defaults.
    public init() {}

    /// Allows a block of addresses for push services (`--allow-private-address`).
    /// - Parameter cidr: The block, `10.1.0.0/16` or `fd00::/8`.
    /// - Throws: `InvalidRange` when it is not a block of addresses.
    public mutating func allowPrivateAddresses(_ cidr: String) throws {
        guard let range = AddressRange(cidr) else { throw InvalidRange(text: cidr) }
        allowedPrivateAddresses.append(range)
    }

    /// A block of addresses that could not be read.
    public struct InvalidRange: Error, Sendable, CustomStringConvertible {
        /// What was given.
        public let text: String
        /// In words.
        public var description: String { "\(text) is not a block of addresses such as 10.1.0.0/16 or fd00::/8" }
    }
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
    /// Whether plain http push services are accepted (tests only).
    let allowPlainHTTP: Bool
    /// Which addresses pushes may go to.
    let addresses: PushAddressPolicy

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
        client = HTTPClient(configuration: ClientConfiguration(connectTimeout: 5, totalTimeout: 15, userAgent: "Trakx", maxConcurrent: 4,
                                                                 trustedCertificates: configuration.trustedCertificates))
        keys = VAPIDKeeper(store: store, subject: configuration.subject)
        addresses = PushAddressPolicy(allowing: configuration.allowedPrivateAddresses)
        push = AlertPush(client: client, keys: keys, retries: configuration.retries, addresses: addresses, store: store, logger: pushLogger)
        watcher = AlertWatcher(store: store, source: source, budget: budget, push: push, now: now, interval: configuration.interval,
                               logger: pushLogger)
        self.store = store
        allowPlainHTTP = configuration.allowPlainHTTP
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
        for name in ["delivered", "gone", "gave_up", "refused", "forbidden_address"] {
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

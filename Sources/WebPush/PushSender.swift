import Foundation
import HTTPClient

/// Sends pushes to browsers' push services (RFC 8030): each message encrypted for its subscription (RFC 8291),
/// signed with the server's VAPID key (RFC 8292), retried with back-off while the push service is busy or failing,
/// and told apart when the subscription is gone. What it reports never holds the endpoint.
public struct PushSender: Sendable {
    /// What became of one push.
    public enum Outcome: Sendable, Equatable {
        /// The push service took it (201, or any 2xx).
        case delivered
        /// The subscription no longer exists (404 or 410): forget it.
        case gone
        /// Still refused after every retry: the last status (429 or 5xx), or 0 when the service could not be reached.
        case gaveUp(status: Int)
        /// Refused for good (another 4xx: a bad request or a VAPID key the service does not accept).
        case refused(status: Int)
        /// Not sent: the push service's name resolves to an address the policy forbids (never connected to).
        case forbiddenAddress(PushAddressPolicy.Refused)
    }

    /// How hard to try.
    public struct Retries: Sendable {
        /// Most attempts for one push.
        public var attempts: Int
        /// The first wait; each later one doubles, unless the service's `Retry-After` says otherwise.
        public var firstWait: Double
        /// Longest single wait.
        public var longestWait: Double

        /// Retry settings.
        /// - Parameters:
        ///   - attempts: Most attempts.
        ///   - firstWait: First wait in seconds.
        ///   - longestWait: Longest wait in seconds.
        public init(attempts: Int = 4, firstWait: Double = 2, longestWait: Double = 60) {
            self.attempts = attempts
            self.firstWait = firstWait
            self.longestWait = longestWait
        }
    }

    let client: HTTPClient
    let key: VAPIDKey
    let retries: Retries
    let addresses: PushAddressPolicy

    /// A sender.
    /// - Parameters:
    ///   - client: The HTTP client pushes go out on.
    ///   - key: The server's VAPID key.
    ///   - retries: How hard to try.
    ///   - addresses: Which addresses pushes may go to (each attempt resolves the push service and checks them).
    public init(client: HTTPClient, key: VAPIDKey, retries: Retries = Retries(), addresses: PushAddressPolicy = PushAddressPolicy()) {
        self.client = client
        self.key = key
        self.retries = retries
        self.addresses = addresses
    }

    /// One attempt's result.
    private enum Attempt {
        case answered(ClientResponse)
        case unreachable
        case forbidden(PushAddressPolicy.Refused)
    }

    /// Sends `message` to `subscription`, retrying 429 and 5xx answers (and an unreachable service) with back-off;
    /// a cancelled task tries no more (a transfer under way still ends by its timeout).
    /// - Parameters:
    ///   - message: The message.
    ///   - subscription: The browser's subscription.
    public func send(_ message: PushMessage, to subscription: PushSubscription) async -> Outcome {
        var wait = retries.firstWait
        var last = 0
        for attempt in 1 ... max(1, retries.attempts) {
            let answer = await attemptOnce(message, to: subscription)
            switch answer {
            case .answered(let response) where (200 ..< 300).contains(response.status): return .delivered
            case .answered(let response) where response.status == 404 || response.status == 410: return .gone
            case .answered(let response) where response.status == 429 || response.status >= 500:
                last = response.status
                if let after = response.retryAfter(now: Date()) { wait = after }
            case .answered(let response): return .refused(status: response.status)
            case .forbidden(let refused): return .forbiddenAddress(refused)
            case .unreachable: last = 0
            }
            guard attempt < retries.attempts, !Task.isCancelled else { break }
            try? await Task.sleep(for: .milliseconds(Int(min(wait, retries.longestWait) * 1000)))
            if Task.isCancelled { break }
            wait = min(wait * 2, retries.longestWait)
        }
        return .gaveUp(status: last)
    }

    /// One POST, to an address the policy allows (resolved and checked on the transfer's thread, then pinned).
    private func attemptOnce(_ message: PushMessage, to subscription: PushSubscription) async -> Attempt {
        guard let body = try? PayloadEncryption.encrypt(message.payload, to: subscription),
              let authorization = try? await key.authorization(audience: subscription.audience, expiry: Date().addingTimeInterval(12 * 3600))
        else { return .unreachable }
        var headers = ["Authorization: \(authorization)", "TTL: \(message.ttl)", "Urgency: \(message.urgency.rawValue)",
                       "Content-Encoding: aes128gcm", "Content-Type: application/octet-stream"]
        if let topic = message.topic { headers.append("Topic: \(topic)") }
        let policy = addresses
        do {
            return .answered(try await client.post(subscription.endpoint, headers: headers, body: body) { host, _ in
                try policy.address(of: host).description
            })
        } catch let refused as PushAddressPolicy.Refused {
            return .forbidden(refused)
        } catch {
            return .unreachable
        }
    }
}

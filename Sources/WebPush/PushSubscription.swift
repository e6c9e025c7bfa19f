import Crypto
import Foundation

/// Where a browser receives pushes: its push service endpoint and the keys it gave for encrypting to it
/// (`PushSubscription.toJSON()` in the browser). The endpoint is a capability: it never reaches a log line.
public struct PushSubscription: Sendable, Equatable {
    /// The push service URL to POST messages to (https, or http for tests).
    public let endpoint: String
    /// The browser's P-256 public key, uncompressed (65 bytes), base64url.
    public let p256dh: String
    /// The browser's 16-byte authentication secret, base64url.
    public let auth: String

    /// Why a subscription cannot be used.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// Which part is wrong, in words (never the endpoint itself).
        public let description: String
    }

    /// A subscription checked part by part.
    /// - Parameters:
    ///   - endpoint: The push service URL.
    ///   - p256dh: The browser's public key, base64url.
    ///   - auth: The browser's authentication secret, base64url.
    ///   - allowHTTP: Whether a plain http endpoint is accepted (tests' own push service, and subscriptions read
    ///     back from the database); without `addresses`, its host is then not looked at here.
    ///   - addresses: The operator's address policy, whose first look (`PushAddressPolicy.mayName`) the host must
    ///     pass; nil: the default policy, unless `allowHTTP`. Each delivery checks the address it connects to anyway.
    /// - Throws: `Invalid` naming the part that is wrong.
    public init(endpoint: String, p256dh: String, auth: String, allowHTTP: Bool = false, addresses: PushAddressPolicy? = nil) throws {
        guard endpoint.count <= 2048, let url = URL(string: endpoint), let host = url.host, !host.isEmpty, url.user == nil else {
            throw Invalid(description: "the push endpoint is not a URL")
        }
        guard url.scheme == "https" || (allowHTTP && url.scheme == "http") else {
            throw Invalid(description: "the push endpoint is not an https URL")
        }
        // Push services are named hosts on the internet: an address or a local name would have the server post to
        // itself or its own network for whoever subscribed (unless the operator allowed that network).
        if let policy = addresses ?? (allowHTTP ? nil : PushAddressPolicy()), !policy.mayName(host) {
            throw Invalid(description: "the push endpoint is not a push service on the internet")
        }
        guard let key = Base64URL.decode(p256dh), (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil else {
            throw Invalid(description: "the browser's public key is not a P-256 key")
        }
        guard let secret = Base64URL.decode(auth), secret.count == 16 else {
            throw Invalid(description: "the browser's authentication secret is not 16 bytes")
        }
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
    }

    /// The push service's origin (scheme, host and port), the audience a VAPID token names.
    public var audience: String {
        guard let url = URL(string: endpoint), let scheme = url.scheme, let host = url.host else { return "" }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (url.port.map { ":\($0)" } ?? "")
    }
}

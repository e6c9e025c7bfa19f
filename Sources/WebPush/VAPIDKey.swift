import Crypto
import Foundation
import JWTKit

/// The application server's identity for RFC 8292 (VAPID): a P-256 key pair made once and kept, whose public key
/// browsers are given when they subscribe and whose signature every push carries.
public struct VAPIDKey: Sendable {
    /// The signing key.
    let key: P256.Signing.PrivateKey
    /// Who to contact about this server's pushes (`mailto:` or an https URL), the JWT's `sub`.
    public let subject: String
    /// The public key, uncompressed (65 bytes), base64url: the browser's `applicationServerKey` and the `k` parameter.
    /// Written once, as the key is made or read: every stop page carries it, and the point's encoding is not cheap.
    public let publicKeyText: String

    /// A new key pair.
    /// - Parameter subject: The contact, `mailto:` or https.
    public init(subject: String) {
        self.init(key: P256.Signing.PrivateKey(), subject: subject)
    }

    /// A kept key pair, from its private key as stored (`privateKeyText`).
    /// - Parameters:
    ///   - privateKeyText: The 32-byte private scalar, base64url.
    ///   - subject: The contact, `mailto:` or https.
    /// - Throws: When the text is not a P-256 private key.
    public init(privateKeyText: String, subject: String) throws {
        guard let raw = Base64URL.decode(privateKeyText) else {
            throw PayloadEncryption.Failure(description: "the kept VAPID key is not base64url")
        }
        self.init(key: try P256.Signing.PrivateKey(rawRepresentation: raw), subject: subject)
    }

    /// The one place a key's public text is written, as it is made or read.
    private init(key: P256.Signing.PrivateKey, subject: String) {
        self.key = key
        self.subject = subject
        publicKeyText = Base64URL.encode(key.publicKey.x963Representation)
    }

    /// The private key as stored: the 32-byte scalar, base64url. Never logged.
    public var privateKeyText: String { Base64URL.encode(key.rawRepresentation) }

    /// The claims a VAPID token carries.
    struct Claims: JWTPayload {
        /// The push service's origin.
        let aud: String
        /// Expiry, seconds since 1970 (at most 24 hours ahead).
        let exp: Int
        /// The contact.
        let sub: String

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// The `Authorization` header value for a push to `audience`: `vapid t=JWT, k=public key` (RFC 8292 §3),
    /// the token signed with ES256 by jwt-kit.
    /// - Parameters:
    ///   - audience: The push service's origin.
    ///   - expiry: When the token stops being valid (12 hours from now is usual; at most 24).
    public func authorization(audience: String, expiry: Date) async throws -> String {
        let keys = await JWTKeyCollection().add(ecdsa: try ES256PrivateKey(backing: key))
        let token = try await keys.sign(Claims(aud: audience, exp: Int(expiry.timeIntervalSince1970), sub: subject))
        return "vapid t=\(token), k=\(publicKeyText)"
    }
}

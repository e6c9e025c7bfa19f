import Crypto
import Foundation

/// RFC 8291 message encryption for Web Push: the `aes128gcm` content coding of RFC 8188, one record, keyed by an
/// ECDH agreement between a new key pair of the sender's and the browser's key, and the browser's secret.
public enum PayloadEncryption {
    /// The record size written in the header (one record: the whole message fits).
    static let recordSize: UInt32 = 4096
    /// Largest plaintext sent: a push service must take 4096 bytes of body, which holds 3993 of plaintext.
    public static let maxPlaintext = 3993

    /// Why a message cannot be encrypted.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The encrypted body: salt, record size, the sender's public key, then the sealed record.
    /// - Parameters:
    ///   - plaintext: The message (at most `maxPlaintext` bytes).
    ///   - subscription: The browser's keys.
    ///   - senderKey: The sender's one-time key (a new one each message; tests pass RFC 8291's).
    ///   - salt: 16 random bytes (tests pass RFC 8291's).
    /// - Throws: `Failure` for a message too long or keys that do not read.
    public static func encrypt(_ plaintext: [UInt8], to subscription: PushSubscription,
                               senderKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
                               salt: [UInt8] = randomBytes(16)) throws -> [UInt8] {
        guard plaintext.count <= maxPlaintext else { throw Failure(description: "message longer than \(maxPlaintext) bytes") }
        guard let uaBytes = Base64URL.decode(subscription.p256dh), let auth = Base64URL.decode(subscription.auth),
              let uaPublic = try? P256.KeyAgreement.PublicKey(x963Representation: uaBytes) else {
            throw Failure(description: "the subscription's keys do not read")
        }
        let asPublic = [UInt8](senderKey.publicKey.x963Representation)
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: uaPublic)
        // RFC 8291 §3.4: IKM from the ECDH secret, salted with the auth secret, bound to both public keys.
        let keyInfo = Array("WebPush: info".utf8) + [0] + uaBytes + asPublic
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2 and §2.3: the content key and the nonce.
        let cek = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
                                         outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0],
                                           outputByteCount: 12)
        // One record, so it is the last: its padding delimiter is 2.
        let sealed = try AES.GCM.seal(plaintext + [2], using: cek, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }))
        let size = recordSize
        let header = salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF),
                             UInt8(asPublic.count)] + asPublic
        return header + sealed.ciphertext + sealed.tag
    }

    /// `count` bytes from the system's secure random source.
    /// - Parameter count: How many.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) }
    }
}

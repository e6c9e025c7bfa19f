import Crypto
import Foundation
import Testing
@testable import WebPush

/// RFC 8291 message encryption, checked against the RFC's own worked example (Appendix A).
struct PayloadEncryptionTests {
    @Test func theRFCsExampleEncryptsToTheRFCsBody() throws {
        let senderKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: try #require(Base64URL.decode("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")))
        #expect(Base64URL.encode(senderKey.publicKey.x963Representation)
            == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let subscription = try PushSubscription(
            endpoint: "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV",
            p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
            auth: "BTBZMqHH6r4Tts7J_aSIgg")
        let body = try PayloadEncryption.encrypt(Array("When I grow up, I want to be a watermelon".utf8), to: subscription, senderKey: senderKey,
                                                 salt: try #require(Base64URL.decode("DGv6ra1nlYgDCS1FRnbzlw")))
        #expect(Base64URL.encode(body) == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
        #expect(subscription.audience == "https://push.example.net")
    }

    @Test func aMessageTooLongAKeyThatIsNotAKeyOrALocalEndpointIsRefused() throws {
        #expect(throws: PushSubscription.Invalid.self) {
            try PushSubscription(endpoint: "https://push.example.net/x", p256dh: "AAAA", auth: "BTBZMqHH6r4Tts7J_aSIgg")
        }
        #expect(throws: PushSubscription.Invalid.self) {
            try PushSubscription(endpoint: "http://push.example.net/x", p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
                                 auth: "BTBZMqHH6r4Tts7J_aSIgg")
        }
        for local in ["https://127.0.0.1/push", "https://[::1]/push", "https://printer/push", "https://router.lan/push", "https://10.0.0.8:8443/x"] {
            #expect(throws: PushSubscription.Invalid.self) {
                try PushSubscription(endpoint: local, p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
                                     auth: "BTBZMqHH6r4Tts7J_aSIgg")
            }
        }
        let subscription = try PushSubscription(
            endpoint: "http://127.0.0.1:9/push", p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
            auth: "BTBZMqHH6r4Tts7J_aSIgg", allowHTTP: true)
        #expect(throws: PayloadEncryption.Failure.self) {
            try PayloadEncryption.encrypt([UInt8](repeating: 65, count: PayloadEncryption.maxPlaintext + 1), to: subscription)
        }
    }

    @Test func aVAPIDKeyIsKeptAsTextAndSignsATokenForTheAudience() async throws {
        let key = VAPIDKey(subject: "mailto:trakx@example.org")
        let kept = try VAPIDKey(privateKeyText: key.privateKeyText, subject: key.subject)
        #expect(kept.publicKeyText == key.publicKeyText)
        #expect(Base64URL.decode(key.publicKeyText)?.count == 65)
        let header = try await kept.authorization(audience: "https://push.example.net", expiry: Date(timeIntervalSince1970: 2_000_000_000))
        #expect(header.hasPrefix("vapid t=") && header.hasSuffix(", k=\(key.publicKeyText)"))
        let token = String(header.dropFirst("vapid t=".count).prefix { $0 != "," })
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let claims = try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(parts[1])))) as? [String: Any]
        #expect(claims?["aud"] as? String == "https://push.example.net")
        #expect(claims?["exp"] as? Int == 2_000_000_000)
        #expect(claims?["sub"] as? String == "mailto:trakx@example.org")
        // ES256: a raw 64-byte r and s, checked with the public key.
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(parts[2])))
        let publicKey = try P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(key.publicKeyText)))
        #expect(publicKey.isValidSignature(signature, for: Array("\(parts[0]).\(parts[1])".utf8)))
    }
}

import Foundation
import HTTPServer

/// The per-form token against cross-site requests: a random value in a `SameSite=Strict` cookie,
/// repeated in every form, and compared on each POST (double submit). `Visitors` reads, makes and checks it.
enum FormToken {
    static let cookieName = "trakx_form"
    /// Bytes of randomness in a token.
    static let randomBytes = 32
    /// Hex digits in a token.
    static let length = randomBytes * 2
    /// What follows `trakx_form=token` in the cookie that gives a visitor a fresh token.
    static let cookieAttributes = "; Path=/; HttpOnly; SameSite=Strict"
    /// What pages write where the token goes (`Visitor.token`); the visitor rules put each visitor's own in.
    static let placeholder = "TRAKX-FORM-TOKEN-PLACEHOLDER"

    /// A fresh token: 32 random bytes as 64 lower-case hex digits.
    static func make() -> String {
        SecureRandom.hex(bytes: randomBytes)
    }

    static func isWellFormed(_ token: String) -> Bool {
        SecureRandom.isHex(token, length: length)
    }
}

extension String {
    /// Whether the text is exactly `length` lowercase hex digits (tokens and list ids).
    func isLowercaseHex(length: Int) -> Bool {
        SecureRandom.isHex(self, length: length)
    }

    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

import Foundation
import HTTPServer

/// The per-form token against cross-site requests: a random value in a `SameSite=Strict` cookie,
/// repeated in every form, and compared on each POST (double submit).
enum FormToken {
    static let cookieName = "trakx_form"

    /// The token for this request: its cookie, or the fresh one the middleware minted for it (and sets as the cookie).
    static func value(for request: Request, _ context: RequestContext? = nil) -> String {
        if let existing = request.cookie(cookieName), isWellFormed(existing) { return existing }
        return context?.values[contextKey] ?? ""
    }

    /// Where the middleware leaves a freshly minted token in the request context.
    static let contextKey = "formToken"

    /// A fresh token: 32 random bytes as 64 lower-case hex digits.
    static func make() -> String {
        SecureRandom.hex(bytes: 32)
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 64 && token.utf8.allSatisfy { (48 ... 57).contains($0) || (97 ... 102).contains($0) }
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

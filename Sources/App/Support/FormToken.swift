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

    /// The token as the server's ready pages put it in: read from the cookie, or minted and set.
    static let visitorValue = ReadyPages.VisitorValue(cookieName: cookieName, randomBytes: 32,
                                                      cookieAttributes: "; Path=/; HttpOnly; SameSite=Strict")

    /// A fresh token: 32 random bytes as 64 lower-case hex digits.
    static func make() -> String {
        visitorValue.make()
    }

    static func isWellFormed(_ token: String) -> Bool {
        visitorValue.isValid(token)
    }

    /// The `Set-Cookie` value that gives a visitor a freshly minted token.
    static func setCookie(_ token: String) -> String {
        visitorValue.setCookie(token)
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

@testable import App
import Foundation
import Testing
import TestSupport

/// A first visit gets a form token cookie, and the forms on that very page carry the same token.
struct FormTokenTests {
    @Test(arguments: ["/favourites", "/stops/train/1071"])
    func aFirstVisitsFormsCarryTheTokenItsCookieSets(path: String) async throws {
        try await TestApp.with { app in
            let response = try await app.get(path)
            let cookie = try #require(response.header("Set-Cookie")?.split(separator: ";").first?.split(separator: "=").last.map(String.init))
            let field = try #require(response.text.range(of: #"name="token" value="[0-9a-f]{64}""#, options: .regularExpression))
            // Built apart from the #expect: inside it this one interpolation took the compiler 2.4 s.
            let value = "value=\"" + cookie + "\""
            #expect(response.text[field].hasSuffix(value))
        }
    }

    /// A token reads back as the digits it was read from, and only 64 lower-case hex digits are one: each digit's
    /// neighbours in ASCII ("/", ":", "`", "g"), upper case, and one digit more or fewer are refused, in every word.
    @Test func aTokenIsExactly64LowerCaseHexDigits() {
        for _ in 0 ..< 50 {
            let text = SecureRandom.hex(bytes: 32)
            #expect(FormToken(text)?.text == text)
        }
        #expect(FormToken(String(repeating: "0", count: 64))?.text == String(repeating: "0", count: 64))
        #expect(FormToken("0123456789abcdef" + String(repeating: "f", count: 48))?.text == "0123456789abcdef" + String(repeating: "f", count: 48))
        let good = String(repeating: "a", count: 64)
        for bad in ["/", ":", "`", "g", "A", "F", " "] {
            for at in [0, 15, 16, 33, 63] {
                var digits = Array(good)
                digits[at] = Character(bad)
                #expect(FormToken(String(digits)) == nil, "\(bad) at \(at)")
            }
        }
        #expect(FormToken(String(good.dropLast())) == nil)
        #expect(FormToken(good + "a") == nil)
    }
}

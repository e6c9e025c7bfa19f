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
}

@testable import App
import Foundation
import HTTPServer
import Testing
import TestSupport

/// Error pages: what happened, then what to try, said once.
struct ErrorPageTests {
    @Test func aRefusedFormSaysItsAdviceOnce() async throws {
        try await TestApp.with { app in
            let response = try await app.get("/favourites", method: "POST")
            #expect(response.status == 403)
            let main = try #require(response.text.components(separatedBy: "<main").last?.components(separatedBy: "</main>").first)
            #expect(main.components(separatedBy: "reload").count - 1 == 1)
            #expect(main.contains(ErrorPage.advice(for: 403)))
        }
    }

    /// A page a rider reaches by a wrong stop number or an expired form is headed in their words: Orca says the heading
    /// first, and "Bad request heading level 1" or "Forbidden" says nothing a rider can use.
    @Test func headingsAreInARidersWords() async throws {
        try await TestApp.with { app in
            let wrong = try await app.get("/stops/tram/abc")
            #expect(wrong.status == 400)
            #expect(wrong.text.contains("<h1>There is a problem</h1>"))
            #expect(wrong.text.contains("<title>There is a problem, Trakx</title>"))
            let refused = try await app.get("/favourites", method: "POST")
            #expect(refused.text.contains("<h1>Nothing was changed</h1>"))
        }
        for status in [400, 403, 405, 409, 413, 421, 429, 431, 502, 503, 504] {
            let heading = ErrorPage.heading(for: status)
            #expect(heading != HTTPError.reason(status), "\(status) is headed in HTTP's words")
        }
        // Too much sent is not cured by waiting a minute: the advice says what to send instead.
        for status in [413, 431] {
            #expect(!ErrorPage.advice(for: status).contains("minute"), "\(status)")
        }
    }
}

@testable import App
import Foundation
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
}

import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// Issue 22, item 1 on the line page: the route call alone says whether a line exists; its directions or stops
/// failing keeps the line's page and says what could not be loaded.
struct LineEvidenceTests {
    @Test func aLineWhoseDirectionsFailKeepsItsPageAndSaysSo() async throws {
        try await TestApp.with { app in
            let page = try await frankstonLine(in: app, whilePTVFails: "/v3/directions")
            #expect(page.status == 200)
            #expect(page.text.contains("<h1>Frankston line"), "\(page.text.prefix(3000))")
            #expect(page.text.contains("This line&#39;s directions could not be loaded just now, because PTV&#39;s service reported an error."))
            #expect(!page.text.contains("There is no"))
        }
    }

    @Test func aLineWhoseRouteCallFailsIsNotCalledMissing() async throws {
        try await TestApp.with { app in
            let page = try await frankstonLine(in: app, whilePTVFails: "/v3/routes")
            #expect(page.status == 502)
            #expect(page.text.contains("Trakx could not load this line just now"))
            #expect(!page.text.contains("There is no"))
            try #require(app.simulator).faults.set(.status(404), forPathPrefix: "/v3/routes")
            let missing = try await app.get("/lines/train/99999")
            #expect(missing.status == 404)
        }
    }

    /// The Frankston line's page while PTV answers 500 to every call under `prefix`.
    private func frankstonLine(in app: TestApp, whilePTVFails prefix: String) async throws -> RawResponse {
        try #require(app.simulator).faults.set(.status(500), forPathPrefix: prefix)
        return try await app.get("/lines/train/6")
    }
}

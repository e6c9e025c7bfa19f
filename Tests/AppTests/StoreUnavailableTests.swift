import App
import Foundation
import Storage
import Testing
import TestSupport

/// PostgreSQL gone away mid-run: favourites pages and forms answer 503 with Retry-After and say so in words (never a
/// 500, never "saved"), the home page and the boards still work, and all is well again once the server is back.
@Suite(.enabled(if: TestServices.postgresEnabled))
struct StoreUnavailableTests {
    /// Runs `sql` on the test server's own database.
    static func admin(_ sql: String) throws {
        let connection = try PostgresConnection(url: try TestServices.requirePostgres())
        defer { connection.close() }
        try connection.execute(sql)
    }

    @Test func favouritesSay503WhileTheServerIsAwayThenWorkAgain() async throws {
        try await withTemporaryPostgres { url in
            let name = String(url.split(separator: "/").last ?? "")
            try await TestApp.with(configure: { $0.databasePath = url }) { app in
                let session = try await app.session()
                let added = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")], session: session)
                #expect(added.status == 303)

                // As when the server stops: no new connection is accepted and every open one is ended.
                try Self.admin("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
                try Self.admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")

                let list = try await session.get("/favourites")
                #expect(list.status == 503)
                #expect(list.header("Retry-After") == "10")
                #expect(list.text.contains("Your favourites cannot be read or saved just now."))
                let add = try await app.post("/favourites", form: [("mode", "tram"), ("stop_id", "2218")], session: session)
                #expect(add.status == 503)
                #expect(add.header("Retry-After") == "10")
                #expect(add.text.contains("Nothing was saved."))
                #expect(!add.text.contains("Added"))
                let home = try await session.get("/")
                #expect(home.status == 200)
                #expect(home.text.contains("Your favourites cannot be read just now."))
                #expect(!home.text.contains("You have no favourite stops yet."))
                let board = try await session.get("/stops/train/1071")
                #expect(board.status == 200)

                try Self.admin("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
                var back: RawResponse?
                for _ in 0 ..< 80 {
                    let page = try await session.get("/favourites")
                    if page.status == 200 { back = page; break }
                    #expect(page.status == 503)
                    try await Task.sleep(for: .milliseconds(250))
                }
                #expect(back?.text.contains("Flinders Street Station") == true)
                let again = try await app.post("/favourites", form: [("mode", "tram"), ("stop_id", "2218")], session: session)
                #expect(again.status == 303)
            }
        }
    }
}

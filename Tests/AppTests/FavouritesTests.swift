import App
import Foundation
import Storage
import Testing
import TestSupport

/// The favourites round trip against a real database (SQLite, and PostgreSQL for the first), through HTTP.
struct FavouritesTests {
    @Test(arguments: StorageEngine.all) func addRenameRemoveWithConfirmations(engine: StorageEngine) async throws {
        try await engine.withLocation { location in try await Self.addRenameRemove(at: location) }
    }

    static func addRenameRemove(at location: String) async throws {
        try await TestApp.with(configure: { $0.databasePath = location }) { app in
            let session = try await app.session()
            let added = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("return", "/stops/train/1071")], session: session)
            let confirmed = try await app.follow(added, to: "/stops/train/1071", session: session)
            #expect(confirmed.text.contains("Added Flinders Street Station to favourites."))
            #expect(confirmed.text.contains("Remove from favourites"))

            let renamed = try await app.post("/favourites/train/1071/rename", form: [("name", "Work")], session: session)
            #expect(renamed.status == 303)
            let page = try await session.get(try #require(renamed.header("Location")))
            #expect(page.text.contains("Renamed Flinders Street Station to Work."))
            #expect(page.text.contains("Work, Flinders Street Station"))

            let tooLong = try await app.post("/favourites/train/1071/rename", form: [("name", String(repeating: "x", count: 61))], session: session)
            #expect(tooLong.status == 400)
            #expect(tooLong.text.contains("<title>Error, Favourite stops, Trakx</title>"))
            #expect(tooLong.text.contains("href=\"#name-0-1071\""))
            let text1 = try await app.get("/favourites").text
            #expect(text1.contains("Work, Flinders Street Station"))

            let removed = try await app.post("/favourites/train/1071/remove", form: [], session: session)
            #expect(removed.status == 303)
            let after = try await session.get(try #require(removed.header("Location")))
            #expect(after.text.contains("Removed Flinders Street Station from favourites."))
            #expect(after.text.contains("You have no favourite stops yet."))
        }
    }

    @Test func groupsAreInFixedOrderWithCounts() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            for (mode, id) in [("bus", "13142"), ("tram", "2218"), ("train", "1071"), ("tram", "2834"), ("vline", "20311")] {
                let response = try await app.post("/favourites", form: [("mode", mode), ("stop_id", id)], session: session)
                #expect(response.status == 303)
            }
            let html = try await app.get("/favourites").text
            let headings = html.matches(of: #/<h2>([^<]+)</h2>/#).map { String($0.1) }
            #expect(Array(headings.prefix(4)) == ["Train, 1", "Tram, 2", "Bus, 1", "V Line, 1"])
            // The tram stop's own card lists its next trams by route (not just the words somewhere on the page).
            let card = try #require(html.firstMatch(of: #/<a href="/stops/tram/2218">[^<]+</a></h3>\n\n?<ul class="next-list">(.*?)</ul>/#)?.1)
            let next = card.matches(of: #/<li>([^<]+)</li>/#).map { String($0.1) }
            #expect(!next.isEmpty && next.allSatisfy { $0.hasPrefix("Route 86 tram") || $0.hasPrefix("Route 96 tram") }, "\(next)")
        }
    }

    @Test func exportThenImportMergesWithoutDuplicates() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            _ = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("name", "Work")], session: session)
            _ = try await app.post("/favourites", form: [("mode", "tram"), ("stop_id", "2218")], session: session)
            let export = try await app.get("/favourites/export")
            #expect(export.status == 200)
            #expect(export.header("Content-Disposition")?.contains("attachment") == true)
            let file = export.text
            #expect(file.contains("\"name\" : \"Work\""))
            _ = try await app.post("/favourites/tram/2218/remove", form: [], session: session)

            let imported = try await session.upload(file)
            #expect(imported.status == 303)
            #expect(imported.header("Location") == "/favourites")
            #expect(try await session.get("/favourites").text.contains("Imported 1 favourite, and 1 was already there."))
            let html = try await app.get("/favourites").text
            // The export held both stops; one was still there, so the merge adds one back and keeps the name.
            let cards = html.matches(of: #/<h3 class="card__title"><a href="([^"]+)">([^<]+)</a></h3>/#)
            #expect(cards.map { String($0.1) }.sorted() == ["/stops/train/1071", "/stops/tram/2218"])
            #expect(cards.filter { $0.1 == "/stops/train/1071" }.map { String($0.2) } == ["Work, Flinders Street Station"])

            let bad = try await session.upload(#"{"format":"trakx-favourites","version":1,"favourites":[{"mode":"boat","stop_id":1}]}"#)
            #expect(bad.status == 400)
            #expect(bad.text.contains("Nothing was changed."))
            let database = try Database(path: app.folder + "/trakx.sqlite")
            defer { database.close() }
            let all = try await SQLiteFavouritesStore(database: database).all()
            #expect(all.count == 2)
        }
    }

    @Test func crossSitePostIsRefusedAndChangesNothing() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let evil = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")], session: session, origin: "https://evil.example")
            #expect(evil.status == 403)
            let noToken = try await app.rawPost("/favourites", fields: [("token", "0"), ("mode", "train"), ("stop_id", "1071")],
                                                headers: [("Cookie", session.cookie), ("Origin", session.origin)])
            #expect(noToken.status == 403)
            let text2 = try await app.get("/favourites").text
            #expect(text2.contains("You have no favourite stops yet."))
        }
    }
}

import App
import Foundation
import HTTPServer
import PTVSimulator
import Storage
import Testing
import TestSupport

/// Favourites say what the data supports and name what changed: real names over placeholders, one own-name
/// limit, a refused rename keeps what was typed, an import skips only its bad entries and says which.
struct FavouriteWordsTests {
    /// The local list in the app's own SQLite file.
    static func withStore(_ app: TestApp, _ body: (SQLiteFavouritesStore) async throws -> Void) async throws {
        let database = try Database(path: app.folder + "/trakx.sqlite")
        defer { database.close() }
        try await body(SQLiteFavouritesStore(database: database))
    }

    /// The text of the page's status banner, if any.
    static func banner(_ html: String) -> String? {
        html.firstMatch(of: #/<div class="banner" id="banner"><p>([^<]*)</p></div>/#).map { String($0.1) }
    }

    @Test func aStopStarredWhilePTVCouldNotNameItTakesItsRealNameWhenSeen() async throws {
        try await TestApp.with { app in
            let browser = Browser(port: app.port)
            _ = try await browser.get("/search")
            let simulator = try #require(app.simulator)
            // Neither the stop-details nor the departures answer is there when the star is pressed.
            simulator.faults.set(.status(500))
            let added = try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1099"), ("return", "/stops/train/1099")])
            #expect(added.status == 303)
            try await Self.withStore(app) { (store: SQLiteFavouritesStore) async throws in
                #expect(try await store.find(routeType: 0, stopID: 1099)?.stopName == "Stop 1099")
            }
            simulator.faults.clear()

            // The stop page names the stop, and so does the banner above its heading; the stored name follows.
            let location = try #require(added.header("Location"))
            let page = try await browser.get(location)
            #expect(page.status == 200)
            #expect(page.text.contains("<h1>Hurstbridge Station"))
            #expect(Self.banner(page.text) == "Added Hurstbridge Station to favourites.")
            #expect(!page.text.contains("Stop 1099"))
            await app.app.backgroundWorkSettled()
            try await Self.withStore(app) { (store: SQLiteFavouritesStore) async throws in
                #expect(try await store.find(routeType: 0, stopID: 1099)?.stopName == "Hurstbridge Station")
            }
            let export = try await browser.get("/favourites/export").text
            #expect(export.contains("\"stop_name\" : \"Hurstbridge Station\""))
            #expect(!export.contains("Stop 1099"))
        }
    }

    /// A page that sees a placeholder's real name leaves the storing to the background: its GET writes nothing
    /// and keeps the stored pages, and the name is stored soon after.
    @Test func aStopPageVisitWritesNothingAndKeepsTheStoredPages() async throws {
        // A clock that stands still: on a busy machine the second page can take longer than a stored page's 5 seconds,
        // and the first would then be gone by age, not by the visit (seen once in CI).
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now } }) { app in
            try await Self.withStore(app) { (store: SQLiteFavouritesStore) async throws in
                try await store.add(FavouriteStop(routeType: 0, stopID: 1099, stopName: "Stop 1099"))
            }
            let browser = Browser(port: app.port)
            #expect(try await browser.get("/stops/train/1071").status == 200)
            #expect(app.app.pages.isCurrent("/stops/train/1071"))
            let page = try await browser.get("/stops/train/1099")
            #expect(page.text.contains("<h1>Hurstbridge Station"))
            #expect(app.app.pages.isCurrent("/stops/train/1071"), "a stop page's visit forgets no stored page")
            await app.app.backgroundWorkSettled()
            try await Self.withStore(app) { (store: SQLiteFavouritesStore) async throws in
                #expect(try await store.find(routeType: 0, stopID: 1099)?.stopName == "Hurstbridge Station")
            }
        }
    }

    @Test func theFavouritesPageNamesAPlaceholderStopAndStoresTheNameKeepingTheOwnName() async throws {
        try await TestApp.with { app in
            try await Self.withStore(app) { (store: SQLiteFavouritesStore) async throws in
                try await store.add(FavouriteStop(routeType: 0, stopID: 1099, stopName: "Stop 1099", ownName: "Home"))
                try await store.add(FavouriteStop(routeType: 0, stopID: 1071, stopName: "Flinders Street Station"))
            }
            // The change's notice was made while the stored name was still the placeholder: the page names the stop
            // as it does everywhere else.
            let browser = Browser(port: app.port)
            let renamed = try await browser.post("/favourites/train/1099/rename", form: [("name", "Home")])
            let page = try await browser.get(try #require(renamed.header("Location"))).text
            #expect(Self.banner(page) == "Renamed Hurstbridge Station to Home.")
            #expect(page.contains(">Home, Hurstbridge Station</a>"))
            #expect(!page.contains("Stop 1099"))
            await app.app.backgroundWorkSettled()
            try await Self.withStore(app) { (store: SQLiteFavouritesStore) async throws in
                let stored = try #require(try await store.find(routeType: 0, stopID: 1099))
                #expect(stored.stopName == "Hurstbridge Station")
                #expect(stored.ownName == "Home")
                #expect(try await store.find(routeType: 0, stopID: 1071)?.stopName == "Flinders Street Station")
            }
            let home = try await browser.get("/").text
            #expect(home.contains(">Home, Hurstbridge Station</a>"))
        }
    }

    @Test func theOwnNameLimitIsOneNumberAndARefusedNameIsShownAgain() async throws {
        try await TestApp.with { app in
            let browser = Browser(port: app.port)
            #expect(try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")]).status == 303)
            let page = try await browser.get("/favourites").text
            let field = try #require(page.firstMatch(of: #/<input type="text" id="name-0-1071" name="name" value="" maxlength="(\d+)"/#))
            let limit = try #require(Int(field.1))
            let hint = try #require(page.firstMatch(of: #/<p class="hint" id="name-0-1071-hint">[^<]*up to (\d+) characters/#))
            #expect(Int(hint.1) == limit)
            // The server takes exactly that many characters, and refuses one more.
            let longest = String(repeating: "a", count: limit)
            #expect(try await browser.post("/favourites/train/1071/rename", form: [("name", longest)]).status == 303)
            let typed = String(repeating: "b", count: limit + 1)
            let refused = try await browser.post("/favourites/train/1071/rename", form: [("name", typed)])
            #expect(refused.status == 400)
            #expect(refused.text.contains("Use \(limit) characters or fewer."))
            #expect(refused.text.contains("id=\"name-0-1071\" name=\"name\" value=\"\(typed)\""))
            #expect(refused.text.contains("aria-describedby=\"name-0-1071-hint name-0-1071-error\""))
            // Nothing was changed by the refused name.
            #expect(try await browser.get("/favourites").text.contains("value=\"\(longest)\""))
        }
    }

    @Test func bannersNameWhatChanged() async throws {
        try await TestApp.with { app in
            let browser = Browser(port: app.port)
            let added = try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("return", "/stops/train/1071")])
            #expect(Self.banner(try await browser.get(try #require(added.header("Location"))).text) == "Added Flinders Street Station to favourites.")
            let renamed = try await browser.post("/favourites/train/1071/rename", form: [("name", "Home")])
            #expect(Self.banner(try await browser.get(try #require(renamed.header("Location"))).text) == "Renamed Flinders Street Station to Home.")
            let unnamed = try await browser.post("/favourites/train/1071/rename", form: [("name", " ")])
            #expect(Self.banner(try await browser.get(try #require(unnamed.header("Location"))).text) == "Removed your own name for Flinders Street Station.")

            let board = try await browser.get("/stops/train/1071").text
            let fields = try #require(FavouriteLineTests.lineForm(in: board, label: "Add Frankston line towards Frankston to favourites"))
            let line = try await browser.post("/favourites", form: fields)
            #expect(Self.banner(try await browser.get(try #require(line.header("Location"))).text)
                == "Added Frankston line towards Frankston at Flinders Street Station to favourites.")
            let routeFields = fields.filter { $0.0 == "line" }
            let lineRenamed = try await browser.post("/favourites/train/1071/rename", form: routeFields + [("name", "Work")])
            #expect(Self.banner(try await browser.get(try #require(lineRenamed.header("Location"))).text)
                == "Renamed Frankston line towards Frankston at Flinders Street Station to Work.")
            let removed = try await browser.post("/favourites/train/1071/remove", form: routeFields)
            #expect(Self.banner(try await browser.get(try #require(removed.header("Location"))).text)
                == "Removed Frankston line towards Frankston at Flinders Street Station from favourites.")
        }
    }

    /// A confirmation is said only for a change this browser made: no address, however it is crafted, makes
    /// Trakx say that something was added, renamed, removed, imported or switched.
    @Test func aCraftedAddressMakesTrakxAssertNothing() async throws {
        try await TestApp.with { app in
            let browser = Browser(port: app.port)
            for target in [
                "/stops/train/1162?done=added&mode=train&stop_id=1162&stop=Richmond",
                "/favourites?done=renamed&mode=train&stop_id=1071&stop=Flinders%20Street&name=Anything",
                "/favourites?done=imported&count=3", "/favourites?done=switched", "/?done=removed&stop=Richmond",
            ] {
                let fresh = try await app.get(target)
                #expect(fresh.status == 200, "\(target)")
                #expect(Self.banner(fresh.text) == nil, "a new visitor: \(target)")
                #expect(Self.banner(try await browser.get(target).text) == nil, "a browser with a token: \(target)")
            }
            // Not from the stored page either, for anyone.
            #expect(Self.banner(try await browser.get("/stops/train/1162?done=added&stop=Richmond").text) == nil)
        }
    }

    /// A real change is confirmed once, to the browser that made it, on the page it was sent to.
    @Test func aRealAddIsConfirmedOnceToItsOwnBrowser() async throws {
        try await TestApp.with { app in
            let browser = Browser(port: app.port)
            let other = Browser(port: app.port)
            _ = try await other.get("/search")
            _ = try await browser.get("/stops/train/1162")
            let added = try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1162"), ("return", "/stops/train/1162")])
            #expect(added.header("Location") == "/stops/train/1162")
            // Another browser asking for the same page at that moment is told nothing.
            #expect(Self.banner(try await other.get("/stops/train/1162").text) == nil)
            let confirmed = try await browser.get("/stops/train/1162")
            #expect(confirmed.header("Server-Timing") != nil, "a page with a notice is the browser's own, never a stored one")
            #expect(Self.banner(confirmed.text) == "Added Richmond Station to favourites.")
            #expect(Self.banner(try await browser.get("/stops/train/1162").text) == nil, "said once")
        }
    }

    @Test func anImportSkipsOnlyItsBadEntriesAndSaysWhich() async throws {
        try await TestApp.with { app in
            let browser = Browser(port: app.port)
            #expect(try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")]).status == 303)
            #expect(try await browser.post("/favourites", form: [("mode", "tram"), ("stop_id", "2218")]).status == 303)
            let long = String(repeating: "x", count: 61)
            let file = """
                {"format":"trakx-favourites","version":2,"favourites":[
                {"mode":"train","stop_id":1071,"stop_name":"Flinders Street Station"},
                {"mode":"tram","stop_id":2218,"stop_name":"Swanston St/Flinders St #1"},
                {"mode":"bus","stop_id":13142,"stop_name":"Some Bus Stop"},
                {"mode":"boat","stop_id":5,"stop_name":"Pier"},
                {"mode":"tram","stop_id":2834,"stop_name":"Another Tram Stop","name":"Uni"},
                {"mode":"train","stop_id":"abc","stop_name":"Nowhere"},
                {"mode":"vline","stop_id":20311,"stop_name":"Ballarat Station"},
                {"mode":"train","stop_id":1099,"stop_name":"Hurstbridge Station","name":"\(long)"},
                42
                ]}
                """
            let imported = try await browser.upload(file)
            #expect(imported.status == 303)
            let page = try await browser.get(try #require(imported.header("Location"))).text
            #expect(Self.banner(page) == "Imported 3 favourites, and 2 were already there. Skipped 4 entries that could not be used. "
                + "Entry 4, its kind of transport is not one Trakx knows. "
                + "Entry 6, its stop number is missing or is not a whole number above 0. "
                + "Entry 8, its own name is longer than 60 characters. Entry 9, it is not a favourite Trakx can read.")
            try await Self.withStore(app) { (store: SQLiteFavouritesStore) async throws in
                let all = try await store.all()
                #expect(all.count == 5)
                #expect(all.contains { $0.stopID == 2834 && $0.ownName == "Uni" })
                #expect(!all.contains { $0.stopID == 1099 || $0.stopID == 5 })
            }

            // A file with nothing usable changes nothing and says why, by entry.
            let useless = try await browser.upload(#"{"format":"trakx-favourites","version":1,"favourites":[{"mode":"boat","stop_id":1}]}"#)
            #expect(useless.status == 400)
            #expect(useless.text.contains("The one entry in that file could not be used. Entry 1, its kind of transport is not one Trakx knows. Nothing was changed."))
            try await Self.withStore(app) { (store: SQLiteFavouritesStore) async throws in #expect(try await store.all().count == 5) }
        }
    }
}

import App
import Foundation
import HTTPServer
import Storage
import Testing
import TestSupport

/// `--shared`: each browser has its own private list, moved between devices only by its private link.
struct FavouritesSharedTests {
    /// The private link's path on the favourites page.
    static func privateLink(_ html: String) -> String? {
        html.firstMatch(of: #/<a href="(/favourites/list/[0-9a-f]{32})">/#).map { String($0.1) }
    }

    @Test func twoBrowsersHaveDisjointListsOnEveryPageExportAndImport() async throws {
        try await TestApp.shared { app in
            let alice = Browser(port: app.port)
            let bob = Browser(port: app.port)
            #expect(try await alice.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("name", "Home")]).status == 303)
            let aliceList = try #require(alice.cookies["trakx_list"])
            #expect(aliceList.count == 32)
            #expect(try await bob.post("/favourites", form: [("mode", "tram"), ("stop_id", "2218"), ("name", "Gym")]).status == 303)
            let bobList = try #require(bob.cookies["trakx_list"])
            #expect(aliceList != bobList)

            let aliceHome = try await alice.get("/").text
            let bobHome = try await bob.get("/").text
            #expect(aliceHome.contains("Home, Flinders Street Station") && !aliceHome.contains("Gym"))
            #expect(bobHome.contains("Gym, ") && !bobHome.contains("Home, Flinders"))
            let alicePage = try await alice.get("/favourites")
            #expect(alicePage.header("Cache-Control")?.contains("no-store") == true)
            #expect(alicePage.text.contains("Home, Flinders Street Station") && !alicePage.text.contains("Gym"))
            #expect(Self.privateLink(alicePage.text) == "/favourites/list/\(aliceList)")
            // The page with the private link on it is never compressed, whatever the browser accepts (its size,
            // compressed beside the rest of the page, could tell of the link); the home page is.
            let asked = [("Accept-Encoding", "gzip"), ("Cookie", "trakx_list=\(aliceList)")]
            let uncompressed = try await app.get("/favourites", headers: asked)
            #expect(uncompressed.header("Content-Encoding") == nil)
            #expect(Self.privateLink(uncompressed.text) == "/favourites/list/\(aliceList)")
            #expect(try await app.get("/", headers: asked).header("Content-Encoding") == "gzip")
            let bobPage = try await bob.get("/favourites").text
            #expect(!bobPage.contains(aliceList))

            // Export is per browser.
            let aliceFile = try await alice.get("/favourites/export").text
            let bobFile = try await bob.get("/favourites/export").text
            #expect(aliceFile.contains("\"name\" : \"Home\"") && !aliceFile.contains("Gym"))
            #expect(bobFile.contains("\"name\" : \"Gym\"") && !bobFile.contains("Home"))

            // Bob's rename and remove of Alice's stop touch nothing of hers.
            #expect(try await bob.post("/favourites/train/1071/rename", form: [("name", "Mine")]).status == 404)
            #expect(try await bob.post("/favourites/train/1071/remove", form: []).status == 303)
            #expect(try await alice.get("/favourites").text.contains("Home, Flinders Street Station"))

            // Import goes into the importer's list only.
            #expect(try await bob.upload(aliceFile).status == 303)
            let bobAfter = try await bob.get("/favourites").text
            #expect(bobAfter.contains("Home, Flinders Street Station") && bobAfter.contains("Gym, "))
            let aliceAfter = try await alice.get("/favourites").text
            #expect(!aliceAfter.contains("Gym, "))

            // A browser with no list sees none and gets no list cookie from reading.
            let carol = Browser(port: app.port)
            #expect(try await carol.get("/").text.contains("You have no favourite stops yet."))
            #expect(try await carol.get("/favourites").text.contains("You have no favourite stops yet."))
            #expect(try await carol.get("/favourites/export").text.contains("\"favourites\" : [\n\n  ]"))
            #expect(carol.cookies["trakx_list"] == nil)
        }
    }

    @Test func theStopPageShowsEachBrowserItsOwnStars() async throws {
        try await TestApp.shared { app in
            let alice = Browser(port: app.port)
            let bob = Browser(port: app.port)
            _ = try await bob.get("/stops/train/1071")  // cached for everyone without a list
            #expect(try await alice.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")]).status == 303)
            #expect(try await alice.get("/stops/train/1071").text.contains("Remove from favourites"))
            let bobStop = try await bob.get("/stops/train/1071").text
            #expect(bobStop.contains("Add to favourites<span"))
            #expect(!bobStop.contains("Remove from favourites"))
        }
    }

    @Test func thePrivateLinkMovesAListAfterConfirmation() async throws {
        try await TestApp.shared { app in
            let phone = Browser(port: app.port)
            let laptop = Browser(port: app.port)
            _ = try await phone.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("name", "Home")])
            _ = try await laptop.post("/favourites", form: [("mode", "tram"), ("stop_id", "2218")])
            let withLink = try await phone.get("/favourites").text
            let link = try #require(Self.privateLink(withLink))
            // The private link's own sentences are said without punctuation of Trakx's (a colon ended one).
            #expect(withLink.contains("open this private link there.</p>"))
            let address = "http://127.0.0.1:\(app.port)" + link
            #expect(withLink.contains(">\(address)</a>"))
            #expect(OwnWordsHeardTests.problems(withLink.replacingOccurrences(of: address, with: "")) == [])

            // Opening the link only asks; nothing changes yet.
            let ask = try await laptop.get(link)
            #expect(ask.status == 200)
            #expect(ask.text.contains("<h1>Use this favourites list?</h1>"))
            #expect(ask.text.contains("a favourites list of 1 favourite"))
            #expect(ask.text.contains("Your list in this browser, with 1 favourite, will no longer show here."))
            #expect(ask.text.contains("<form method=\"post\" action=\"\(link)\""))
            #expect(pageProblems(ask.text).isEmpty)
            #expect(OwnWordsHeardTests.problems(ask.text) == [])
            #expect(!(try await laptop.get("/favourites").text.contains("Home, Flinders")))

            // A cross-site or tokenless POST cannot switch it.
            let forged = try await RawHTTP.request("POST", link, port: app.port, headers: [
                ("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "https://evil.example"),
            ], body: Array("token=x".utf8))
            #expect(forged.status == 403)

            let switched = try await laptop.post(link, form: [])
            #expect(switched.status == 303)
            #expect(switched.header("Location") == "/favourites")
            #expect(switched.header("Set-Cookie")?.contains("HttpOnly") == true)
            #expect(switched.header("Set-Cookie")?.contains("SameSite=Lax") == true)
            let page = try await laptop.get("/favourites").text
            #expect(page.contains("This browser now uses the favourites list from your private link."))
            #expect(page.contains("Home, Flinders Street Station"))
            #expect(laptop.cookies["trakx_list"] == phone.cookies["trakx_list"])

            // Both devices now change the same list.
            _ = try await laptop.post("/favourites/train/1071/rename", form: [("name", "Our place")])
            #expect(try await phone.get("/").text.contains("Our place, Flinders Street Station"))
            #expect(try await laptop.get(link).text.contains("This browser already uses this list"))
        }
    }

    @Test(arguments: [
        "/favourites/list/0123456789abcdef0123456789abcdef",  // well-formed, never made
        "/favourites/list/0123456789ABCDEF0123456789ABCDEF",  // wrong case
        "/favourites/list/short",
        "/favourites/list/" + String(repeating: "a", count: 33),
        "/favourites/list/%3Cscript%3E",
    ])
    func guessedOrMalformedLinksAreRefusedInWords(target: String) async throws {
        try await TestApp.shared { app in
            let owner = Browser(port: app.port)
            _ = try await owner.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
            let guesser = Browser(port: app.port)
            let response = try await guesser.get(target)
            #expect(response.status == 404)
            #expect(response.text.contains("There is no favourites list at this link."))
            #expect(!response.text.contains("<script>"))
            let posted = try await guesser.post(target, form: [])
            #expect(posted.status == 404)
            #expect(guesser.cookies["trakx_list"] == nil)
        }
    }

    @Test func onlyAHashOfTheListIDIsStored() async throws {
        try await TestApp.shared { app in
            let browser = Browser(port: app.port)
            _ = try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
            let id = try #require(browser.cookies["trakx_list"])
            let keys = try await app.app.database.withConnection { db in
                try db.rows("SELECT key_hash FROM favourite_list", []).map { $0.text(0) ?? "" }
            }
            #expect(keys.count == 1)
            #expect(keys.first?.count == 64)
            #expect(keys.first != id && keys.first?.contains(id) == false)
            for suffix in ["", "-wal"] {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: app.folder + "/trakx.sqlite" + suffix))) ?? Data()
                #expect(bytes.range(of: Data(id.utf8)) == nil, "the list id is in trakx.sqlite\(suffix)")
            }
            // Removing the last favourite removes the list, and its link stops working.
            _ = try await browser.post("/favourites/train/1071/remove", form: [])
            #expect(try await browser.get("/favourites/list/\(id)").status == 404)
        }
    }

    @Test func withoutSharedOnLoopbackThereIsOneListAndNoListCookie() async throws {
        try await TestApp.with { app in
            let alice = Browser(port: app.port)
            let bob = Browser(port: app.port)
            let added = try await alice.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
            #expect(added.status == 303)
            #expect(added.headers("Set-Cookie").allSatisfy { !$0.contains("trakx_list") })
            #expect(try await bob.get("/favourites").text.contains("Flinders Street Station"))
            #expect(Self.privateLink(try await bob.get("/favourites").text) == nil)
            #expect(try await bob.get("/favourites/list/0123456789abcdef0123456789abcdef").status == 404)
        }
        #expect(AppConfiguration.isLoopback("127.0.0.1") && AppConfiguration.isLoopback("::1") && AppConfiguration.isLoopback("localhost"))
        var exposed = AppConfiguration()
        exposed.server.host = "0.0.0.0"
        #expect(exposed.favouritesAreShared)
        #expect(!AppConfiguration().favouritesAreShared)
    }
}

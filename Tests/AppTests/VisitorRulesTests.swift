@testable import App
import Foundation
@testable import HTTPServer
import Storage
import Testing
import TestSupport

/// The visitor rules (`Visitors.arrival`: which Host is answered, the form token from its cookie or a fresh one, a
/// notice waiting, the list variant), written once over a request's head, tested once for every way in: the warm
/// path (a stored stop page replayed on libmicrohttpd's thread) and the chain (a page rendered for the request).
struct VisitorRulesTests {
    /// A way into Trakx, and a page that comes in that way.
    enum Way: String, CaseIterable, CustomTestStringConvertible {
        case warm, chain

        /// A warm stop page (kept by a GET before the test's request), or the favourites page, never kept.
        var target: String { self == .warm ? "/stops/train/1071" : "/favourites" }

        var testDescription: String { rawValue }

        /// Makes `target` come in this way (a warm page is rendered once first, as any visitor would).
        func prepare(_ app: TestApp) async throws {
            guard self == .warm else { return }
            _ = try await app.get(target)
            #expect(app.app.pages.isCurrent(target))
        }

        /// Whether `response` came in this way: only the chain's responses carry `Server-Timing`.
        func cameThisWay(_ response: RawResponse) -> Bool {
            (response.header("Server-Timing") != nil) == (self == .chain)
        }
    }

    /// A test app with two more host names (one given without a port, one with) on a clock that stands still.
    static func withApp(shared: Bool = false, _ body: (TestApp) async throws -> Void) async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: {
            $0.clock = { clock.now }
            $0.allowedHosts = ["trakx.example.org", "Other.Example:8443"]
            $0.sharedFavourites = shared
        }, body)
    }

    static let token = String(repeating: "0123456789abcdef", count: 4)

    /// The value of every form token field on a page.
    static func tokens(in html: String) -> Set<String> {
        Set(html.matches(of: #/name="token" value="([0-9a-f]*)"/#).map { String($0.1) })
    }

    /// The form token a `Set-Cookie` value gives, if any.
    static func token(setBy header: String?) -> String? {
        header.flatMap { $0.firstMatch(of: #/trakx_form=([0-9a-f]{64});/#).map { String($0.1) } }
    }

    /// `Host` values and whether each is answered: loopback with the bound port, `--allowed-host` names as given
    /// (any port for a name given without one, only its own for a name given with one), never a look-alike.
    static let hosts: [(host: String, answered: Bool)] = [
        ("127.0.0.1:PORT", true), ("localhost:PORT", true), ("127.0.0.1", false), ("127.0.0.1:1", false),
        ("trakx.example.org", true), ("TRAKX.Example.ORG", true), ("trakx.example.org:443", true),
        ("trakx.example.org.evil.com", false), ("evil-trakx.example.org", false), ("trakx.example.org:evil", false),
        ("trakx.example.org:", false), ("other.example:8443", true), ("other.example", false), ("other.example:9000", false),
        ("evil.com", false), ("", false),
    ]

    @Test(arguments: Way.allCases)
    func onlyTheSitesOwnHostNamesAreAnswered(way: Way) async throws {
        try await Self.withApp { app in
            try await way.prepare(app)
            for (host, answered) in Self.hosts {
                let name = host.replacingOccurrences(of: "PORT", with: String(app.port))
                let response = try await app.get(way.target, host: name)
                #expect(response.status == (answered ? 200 : 421), "Host: \(name) (\(way))")
                if answered { #expect(way.cameThisWay(response), "Host: \(name) came the other way") }
            }
            let missing = try await RawHTTP.send(Array("GET \(way.target) HTTP/1.1\r\nConnection: close\r\n\r\n".utf8), port: app.port)
            #expect(missing.status == 421 || missing.status == 400, "no Host at all")
            let twice = try await app.get(way.target, headers: [("Host", "trakx.example.org")])
            #expect(twice.status == 421, "two Host headers")
        }
    }

    @Test(arguments: Way.allCases)
    func theFormTokenIsTheCookiesOrAFreshOne(way: Way) async throws {
        try await Self.withApp { app in
            try await way.prepare(app)
            // Their own token: no cookie given, every form carries it.
            for cookies in [["trakx_form=\(Self.token)"], ["a=1; trakx_form=\(Self.token) ; b=2"], ["a=1", "trakx_form=\(Self.token)"]] {
                let page = try await app.get(way.target, headers: cookies.map { ("Cookie", $0) })
                #expect(page.status == 200 && way.cameThisWay(page))
                #expect(page.header("Set-Cookie") == nil, "\(cookies)")
                #expect(Self.tokens(in: page.text) == [Self.token], "\(cookies)")
            }
            // None, or one that is not a token (the first of a name wins): a fresh one, given as a cookie and in every form.
            for cookie in [nil, "trakx_form=\(Self.token.uppercased())", "trakx_form=\(Self.token.dropLast())",
                           "trakx_form=bad; trakx_form=\(Self.token)", "trakx_form="] {
                let page = try await app.get(way.target, headers: cookie.map { [("Cookie", $0)] } ?? [])
                #expect(page.status == 200 && way.cameThisWay(page))
                let fresh = try #require(Self.token(setBy: page.header("Set-Cookie")), "\(cookie ?? "no cookie")")
                #expect(fresh != Self.token)
                #expect(Self.tokens(in: page.text) == [fresh])
                #expect(page.header("Set-Cookie")?.contains("HttpOnly; SameSite=Strict") == true)
            }
        }
    }

    @Test(arguments: Way.allCases)
    func aWaitingNoticeIsSaidOnceOnItsPage(way: Way) async throws {
        try await Self.withApp { app in
            let browser = try await app.session()
            let added = try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("return", way.target)])
            #expect(added.status == 303 && added.header("Location") == way.target)
            // Someone else's visit keeps the page again after the change forgot it.
            try await way.prepare(app)
            let first = try await browser.get(way.target)
            #expect(first.header("Server-Timing") != nil, "a page with a notice is rendered for its visitor")
            #expect(first.text.contains("Added"), "the notice is said")
            let again = try await browser.get(way.target)
            #expect(way.cameThisWay(again))
            #expect(!again.text.contains("Added"), "said once")
        }
    }

    /// A change must come from this site: `Origin` (or `Referer`) naming the host the request was sent to, by http or
    /// https (behind a TLS proxy), never a look-alike.
    @Test(arguments: [
        ("Origin", "https://trakx.example.org", true), ("Origin", "http://trakx.example.org", true),
        ("Origin", "https://trakx.example.org.evil.com", false), ("Origin", "https://evil.com", false),
        ("Origin", "https://trakx.example.org:8443", false), ("Referer", "https://trakx.example.org/stops/train/1071", true),
        ("Referer", "https://trakx.example.org.evil.com/", false), ("Origin", "null", false),
    ])
    func aChangeMustComeFromThisSite(header: String, value: String, accepted: Bool) async throws {
        try await Self.withApp { app in
            let token = Self.token
            let response = try await app.rawPost("/favourites", fields: [("token", token), ("mode", "train"), ("stop_id", "1071")],
                                                 headers: [("Cookie", "trakx_form=\(token)"), (header, value)], host: "trakx.example.org")
            #expect(response.status == (accepted ? 303 : 403), "\(header): \(value)")
            let saved = try await SQLiteFavouritesStore(database: app.app.database).all()
            #expect(saved.count == (accepted ? 1 : 0))
        }
    }

    /// A shared server's stored pages are kept per list: each list's visitors are given their own, warm.
    @Test func aSharedServersStoredPagesAreEachListsOwn() async throws {
        try await Self.withApp(shared: true) { app in
            let target = Way.warm.target
            _ = try await app.get(target)
            #expect(Way.warm.cameThisWay(try await app.get(target)), "a visitor without a list is given the stored page")
            let browser = try await app.session()
            #expect(try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("return", "/favourites")]).status == 303)
            #expect(browser.cookies["trakx_list"] != nil)
            // The redirect's page says the confirmation (until then this browser's pages are rendered for it).
            #expect(try await browser.get("/favourites").text.contains("Added"))
            let own = try await browser.get(target)
            #expect(own.header("Server-Timing") != nil, "the list's first visit renders its own page")
            // (A favourite's placeholder name may be replaced in the background, which forgets the pages once more.)
            await app.app.backgroundWorkSettled()
            _ = try await browser.get(target)
            let ownAgain = try await browser.get(target)
            #expect(Way.warm.cameThisWay(ownAgain))
            #expect(ownAgain.text.contains("Remove") && ownAgain.text.contains("from favourites"))
            let stranger = try await app.get(target)
            #expect(!stranger.text.contains(">Remove Flinders Street"), "another visitor never gets a list's page")
        }
    }

    /// An expired page is given while one request renders it again, for at most the grace, never without limit.
    @Test func anExpiredPageIsGivenOnlyForTheGraceWhileItIsRenderedAgain() throws {
        let clock = TestClock(fixedNow)
        let store = PageStore(lifetime: 5, grace: 3, now: { clock.now })
        let key = PageStore.Key(variant: "", target: "/stops/train/1071")
        let page = CutResponse(Response(status: 200, body: Array("page".utf8)), slot: Visitors.pageSlot)
        store.keep(page, for: key, renderedAt: store.generation)
        #expect(store.page(key) != nil)
        clock.advance(6)
        #expect(store.page(key) == nil, "the first to find it expired renders it")
        #expect(store.page(key) != nil, "the others are given the copy meanwhile")
        clock.advance(2)
        #expect(store.page(key) != nil)
        clock.advance(2)
        #expect(store.page(key) == nil, "past the grace nobody is given it")
        #expect(store.page(key) == nil)
        store.keep(page, for: key, renderedAt: store.generation)
        #expect(store.page(key) != nil, "a fresh render is kept again")
    }

    /// Cookies are read one way from a head, whether it came from libmicrohttpd or a `Request`: each reader gives what a
    /// browser's header means, written out here by hand (a second `Cookie` header, `b=late`, follows each), not what the
    /// other reader gives (both are built on `Cookies.forEachPair`, so comparing them could not fail).
    @Test(arguments: [
        // The header; then a and b as they should read: spaces trimmed, the first of a name wins across the headers,
        // a part without a name, without `=` or with nothing after it is no cookie, and a value may hold `=`.
        ("a=1; b=2", "1", "2"),
        (" b = 3 ;b=4", nil, "3"),
        ("b=; b=5", nil, "5"),
        ("b", nil, "late"),
        ("=b; b=6", nil, "6"),
        ("c=7", nil, "late"),
        ("b==8", nil, "=8"),
        ("b=9=9; b=10", nil, "9=9"),
        (" a=  x y ; a=2", "x y", "late"),
    ] as [(String, String?, String)])
    func oneCookieIsFoundAsTheWholeDictionaryWouldHaveIt(header: String, a: String?, b: String) {
        let request = Request(method: "GET", target: "/", headers: [("Cookie", header), ("cookie", "b=late")])
        #expect(request.cookie("b") == b)
        #expect(request.cookies["b"] == b)
        #expect(request.cookie("a") == a)
        #expect(request.cookies["a"] == a)
        #expect(request.cookie("zz") == nil && request.cookies["zz"] == nil)
        #expect(request.cookie("B") == nil, "names are compared exactly")
    }

    @Test func formTokensReadAndWriteAsSixtyFourHexDigits() {
        let tokens = (0 ..< 50).map { _ in FormToken.make() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens {
            #expect(token.text.utf8.count == 64 && token.text.isLowercaseHex(length: 64))
            #expect(FormToken(token.text) == token)
        }
        #expect(FormToken(Self.token)?.text == Self.token)
        #expect(FormToken(Self.token.uppercased()) == nil)
        #expect(FormToken(Self.token + "0") == nil)
    }
}

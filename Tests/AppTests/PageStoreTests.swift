@testable import App
import Foundation
import HTTPServer
import Logging
import Testing
import TestSupport

/// A warm stop page is answered from the page store on the server's warm path (on libmicrohttpd's thread, without the
/// middleware chain), and still says what the ordinary way would: the visitor's own form token, the
/// security headers, refusals for other hosts, and nothing out of date.
struct PageStoreTests {
    static let board = "/stops/train/1071"

    /// A test app on a clock that stands still, so that a page rendered slowly (a loaded machine) is still
    /// current when the test asks for it again: the pages here expire only when a test moves the clock.
    static func withApp(_ body: (TestApp) async throws -> Void) async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now } }, body)
    }

    /// The value of every form token field on a page.
    static func tokens(in html: String) -> Set<String> {
        Set(html.matches(of: #/name="token" value="([0-9a-f]*)"/#).map { String($0.1) })
    }

    /// The form token a `Set-Cookie` value gives, if any.
    static func token(setBy header: String?) -> String? {
        header.flatMap { $0.firstMatch(of: #/trakx_form=([0-9a-f]{64});/#).map { String($0.1) } }
    }

    @Test func aWarmPageCarriesEachVisitorsOwnToken() async throws {
        try await Self.withApp { app in
            let ready = app.app.pages
            let first = try await app.get(Self.board)
            #expect(first.status == 200)
            #expect(first.header("Server-Timing") != nil, "the first visit is rendered through the chain")
            #expect(ready.isCurrent(Self.board))
            let firstToken = try #require(Self.token(setBy: first.header("Set-Cookie")))

            // A new visitor: answered ready (no Server-Timing, which only the chain adds), with a fresh token
            // that the cookie and every form on the page agree on.
            let second = try await app.get(Self.board)
            #expect(second.status == 200)
            #expect(second.header("Server-Timing") == nil)
            let secondToken = try #require(Self.token(setBy: second.header("Set-Cookie")))
            #expect(secondToken != firstToken)
            #expect(Self.tokens(in: second.text) == [secondToken])
            #expect(second.text.replacingOccurrences(of: secondToken, with: firstToken) == first.text)
            for name in ["Content-Type", "Cache-Control", "Content-Security-Policy", "X-Content-Type-Options",
                         "Referrer-Policy", "X-Frame-Options"] {
                #expect(second.header(name) == first.header(name), "\(name)")
            }

            // A returning visitor keeps the token its cookie holds, and is not given another.
            let returning = try await app.get(Self.board, headers: [("Cookie", "trakx_form=\(firstToken)")])
            #expect(returning.header("Server-Timing") == nil)
            #expect(Self.token(setBy: returning.header("Set-Cookie")) == nil)
            #expect(Self.tokens(in: returning.text) == [firstToken])

            // A cookie that is not a token is replaced, as the chain does.
            let forged = try await app.get(Self.board, headers: [("Cookie", "trakx_form=abc")])
            let replaced = try #require(Self.token(setBy: forged.header("Set-Cookie")))
            #expect(Self.tokens(in: forged.text) == [replaced])

            // HEAD: the same headers, no body.
            let head = try await app.get(Self.board, method: "HEAD")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Type") == "text/html; charset=utf-8")
        }
    }

    /// Checks one answer from a warm page: `expected` in every form and, for a fresh visitor, in exactly one
    /// `Set-Cookie` (a returning visitor gets none). Returns the token the page carries.
    static func checked(_ response: RawResponse, returning expected: String?) throws -> String {
        #expect(response.status == 200)
        #expect(response.header("Server-Timing") == nil, "answered ready")
        let cookies = response.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
        let carried = try #require(tokens(in: response.text).first)
        #expect(tokens(in: response.text).count == 1)
        if let expected {
            #expect(carried == expected)
            #expect(cookies.isEmpty, "a returning visitor is not given another token")
        } else {
            #expect(cookies.count == 1)
            #expect(token(setBy: cookies.first) == carried)
        }
        return carried
    }

    /// Ready pages answer from responses used again, one visitor at a time: nothing of one visitor's answer
    /// (their token, their cookie) may reach the next, in turn or at once.
    /// A middleware the app did not have when the warm path was written: its header must reach warm pages too.
    struct AddsAHeader: Middleware {
        func handle(_ request: Request, _ context: TrakxContext, next: Handler<TrakxContext>) async throws -> Response {
            var response = try await next(request, context)
            response.headers.append(("X-Added-By-Middleware", "yes"))
            return response
        }
    }

    @Test func aWarmPageCarriesEveryMiddlewaresHeaders() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now } }, middleware: [AddsAHeader()]) { app in
            let first = try await app.get(Self.board)
            #expect(first.header("Server-Timing") != nil, "rendered through the chain")
            #expect(first.header("X-Added-By-Middleware") == "yes")
            let warm = try await app.get(Self.board)
            #expect(warm.header("Server-Timing") == nil, "answered warm")
            #expect(warm.header("X-Added-By-Middleware") == "yes")
            let returning = try await app.get(Self.board, headers: [("Cookie", "trakx_form=\(SecureRandom.hex(bytes: 32))")])
            #expect(returning.header("X-Added-By-Middleware") == "yes")
        }
    }

    @Test func aReusedResponseCarriesOnlyItsOwnVisitorsToken() async throws {
        try await Self.withApp { app in
            _ = try await app.get(Self.board)
            let returning = (0 ..< 3).map { _ in SecureRandom.hex(bytes: 32) }
            // In turn: fresh after fresh, returning after fresh, fresh after returning, returning after returning.
            var seen: Set<String> = []
            for visitor in [nil, nil, returning[0], nil, returning[1], returning[2], nil] {
                let headers = visitor.map { [("Cookie", "trakx_form=\($0)")] } ?? []
                let carried = try Self.checked(try await app.get(Self.board, headers: headers), returning: visitor)
                if visitor == nil { #expect(seen.insert(carried).inserted, "a fresh token is never handed out twice") }
            }
            // At once: 48 visitors, a third of them returning.
            let fresh = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0 ..< 48 {
                    group.addTask {
                        let visitor = index % 3 == 0 ? returning[index % returning.count] : nil
                        let headers = visitor.map { [("Cookie", "trakx_form=\($0)")] } ?? []
                        let carried = try Self.checked(try await app.get(Self.board, headers: headers), returning: visitor)
                        return visitor == nil ? carried : nil
                    }
                }
                return try await group.reduce(into: [String]()) { if let token = $1 { $0.append(token) } }
            }
            #expect(fresh.count == 32)
            #expect(Set(fresh).count == 32)
        }
    }

    @Test func aReadyPageIsStillRefusedToAnotherHost() async throws {
        try await Self.withApp { app in
            _ = try await app.get(Self.board)
            #expect(app.app.pages.isCurrent(Self.board))
            #expect(try await app.get(Self.board, host: "evil.example").status == 421)
            let twice = try await app.get(Self.board, headers: [("Host", "127.0.0.1:\(app.port)")])
            #expect(twice.status == 421, "two Host headers")
        }
    }

    /// The warm path reads a request's headers gathered in one pass (24 at most; past that, from libmicrohttpd at each
    /// lookup): a token in a second Cookie header, after other cookies, and one sent among 60 headers are found alike,
    /// and a header name is matched without case but whole.
    @Test func aWarmPageFindsTheTokenWhereverTheHeadersPutIt() async throws {
        try await Self.withApp { app in
            _ = try await app.get(Self.board)
            let token = SecureRandom.hex(bytes: 32)
            let other = (0 ..< 60).map { ("X-Filler-\($0)", "\($0)") }
            for headers in [[("Cookie", "a=1; trakx_formx=f00d"), ("COOKIE", " b=2 ;trakx_form=\(token)")],
                            other + [("cookie", "trakx_form=\(token)")],
                            [("Cookie2", "trakx_form=\(SecureRandom.hex(bytes: 32))"), ("Cookie", "trakx_form=\(token)")]] {
                let answer = try await app.get(Self.board, headers: headers)
                #expect(try Self.checked(answer, returning: token) == token, "\(headers.suffix(2))")
            }
            let many = try await app.get(Self.board, headers: other + [("Host", "127.0.0.1:\(app.port)")])
            #expect(many.status == 421, "two Host headers among 60")
        }
    }

    @Test func onlyAPlainGetIsAnsweredReady() async throws {
        try await Self.withApp { app in
            _ = try await app.get(Self.board)
            let post = try await app.get(Self.board, method: "POST", headers: [("Content-Type", "application/x-www-form-urlencoded")])
            #expect(post.status != 200)
            // A GET that sends a body goes the ordinary way (the chain adds Server-Timing).
            let withBody = try await RawHTTP.send(RawHTTP.message("GET", Self.board, host: "127.0.0.1:\(app.port)",
                                                                  body: Array("hello".utf8)), port: app.port)
            #expect(withBody.status == 200)
            #expect(withBody.header("Server-Timing") != nil)
        }
    }

    @Test func aFavouriteChangeRetiresEveryReadyPage() async throws {
        try await Self.withApp { app in
            let ready = app.app.pages
            let browser = try await app.session()
            let board = try await browser.get(Self.board).text
            #expect(ready.isCurrent(Self.board))
            let label = "Add Frankston line towards Frankston to favourites"
            let fields = try #require(FavouriteLineTests.lineForm(in: board, label: label))
            #expect(try await browser.post("/favourites", form: fields + [("name", "Home")]).status == 303)
            #expect(!ready.isCurrent(Self.board))
            let after = try await browser.get(Self.board).text
            #expect(after.contains(">Remove Frankston line towards Frankston from favourites</button>"))
        }
    }

    /// The access log says a page answered from the store as it says one the chain rendered: method, path without
    /// the query, status.
    @Test func aWarmPageIsLoggedAsTheChainLogsAPage() async throws {
        let logs = LogCapture()
        let clock = TestClock(fixedNow)
        try await TestApp.with(logger: logs.logger(label: "trakx-test", level: .info), configure: { $0.clock = { clock.now } }) { app in
            let target = Self.board + "?seen="
            let rendered = try await app.get(target)
            #expect(rendered.header("Server-Timing") != nil)
            let warm = try await app.get(target)
            #expect(warm.status == 200)
            #expect(warm.header("Server-Timing") == nil, "the second visit is answered from the store")
            let head = try await app.get(target, method: "HEAD")
            #expect(head.header("Server-Timing") == nil)
        }
        // The app has been stopped, so every line waiting for the log's thread has been written.
        let lines = logs.messages.filter { $0.contains(Self.board) }
        #expect(lines.filter { $0.hasPrefix("info GET \(Self.board) 200 ") }.count == 2, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("info HEAD \(Self.board) 200 ") }.count == 1, "\(lines)")
        #expect(lines.allSatisfy { !$0.contains("seen=") }, "\(lines)")
    }

    @Test func aWarmPageLastsOnlyAsLongAsItsStoreSaysOnTheAppsClock() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now } }) { app in
            let ready = app.app.pages
            _ = try await app.get(Self.board)
            #expect(ready.isCurrent(Self.board))
            clock.advance(6)
            #expect(!ready.isCurrent(Self.board))
            let again = try await app.get(Self.board)
            #expect(again.status == 200)
            #expect(again.header("Server-Timing") != nil, "an expired page is rendered again through the chain")
            #expect(ready.isCurrent(Self.board))
        }
    }
}

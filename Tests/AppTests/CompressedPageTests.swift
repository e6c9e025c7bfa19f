@testable import App
import HTTPServer
import Testing
import TestSupport

/// A browser asks for gzip, and gets each page compressed, whichever way it was answered (rendered by the chain, or
/// replayed by the warm path): the same page, their own token in it, a quarter of the bytes. A request that does
/// not accept gzip gets the page as it is, and both say the page varies by what was accepted.
struct CompressedPageTests {
    static let browser = [("Accept-Encoding", "gzip, deflate, br, zstd")]

    @Test func aStopPageIsCompressedByTheChainAndTheWarmPathAlike() async throws {
        try await PageStoreTests.withApp { app in
            let board = PageStoreTests.board
            let rendered = try await app.get(board, headers: Self.browser)
            #expect(rendered.status == 200)
            #expect(rendered.header("Server-Timing") != nil, "the first visit is rendered through the chain")
            #expect(rendered.header("Content-Encoding") == "gzip")
            #expect(rendered.header("Vary") == "Accept-Encoding")
            let token = try #require(PageStoreTests.token(setBy: rendered.header("Set-Cookie")))
            let page = try #require(gunzip(rendered.body))
            #expect(PageStoreTests.tokens(in: String(decoding: page, as: UTF8.self)) == [token])

            let cookie = [("Cookie", "trakx_form=\(token)")]
            let warm = try await app.get(board, headers: Self.browser + cookie)
            #expect(warm.header("Server-Timing") == nil, "answered from the page store")
            #expect(warm.header("Content-Encoding") == "gzip")
            #expect(warm.header("Vary") == "Accept-Encoding")
            #expect(gunzip(warm.body) == page)

            let plain = try await app.get(board, headers: cookie)
            #expect(plain.header("Content-Encoding") == nil)
            #expect(plain.header("Vary") == "Accept-Encoding")
            #expect(plain.body == page)
            #expect(warm.body.count * 3 < plain.body.count, "\(warm.body.count) of \(plain.body.count) bytes")

            let refused = try await app.get(board, headers: [("Accept-Encoding", "gzip;q=0, identity")] + cookie)
            #expect(refused.header("Content-Encoding") == nil)
            #expect(refused.body == page)

            // A new visitor on the warm path: their own token, in the cookie and in every form of the page.
            let stranger = try await app.get(board, headers: Self.browser)
            #expect(stranger.header("Server-Timing") == nil)
            let theirs = try #require(PageStoreTests.token(setBy: stranger.header("Set-Cookie")))
            #expect(theirs != token)
            let strangersPage = try #require(gunzip(stranger.body))
            #expect(PageStoreTests.tokens(in: String(decoding: strangersPage, as: UTF8.self)) == [theirs])

            let head = try await app.get(board, method: "HEAD", headers: Self.browser + cookie)
            #expect(head.header("Content-Encoding") == "gzip")
            #expect(head.header("Content-Length") == String(warm.body.count))
            #expect(head.body.isEmpty)
        }
    }

    /// The token is in the compressed bytes as it is, once for each form, kept out of the compression: so the size
    /// of an answer says nothing of the token, whatever else is on the page.
    @Test func theTokenIsKeptOutOfTheCompression() async throws {
        try await PageStoreTests.withApp { app in
            for way in ["the chain", "the warm path"] {
                let answer = try await app.get(PageStoreTests.board, headers: Self.browser)
                #expect((answer.header("Server-Timing") == nil) == (way == "the warm path"))
                let token = try #require(PageStoreTests.token(setBy: answer.header("Set-Cookie")))
                let page = String(decoding: try #require(gunzip(answer.body)), as: UTF8.self)
                #expect(PageStoreTests.tokens(in: page) == [token])
                let forms = page.ranges(of: "value=\"\(token)\"").count
                #expect(forms >= 2, "\(way)")
                #expect(answer.body.ranges(of: Array(token.utf8)).count == forms, "\(way)")
            }
        }
    }

    /// A compressed response given back is lent again: to the same visitor (their token is there already, and is
    /// not written or sealed again), to another (theirs replaces it, with its own CRC), and back; each decodes, its
    /// CRC checked, to the page with that visitor's token alone. One request at a time, so the one response is reused.
    @Test func aReusedCompressedResponseCarriesOnlyItsOwnVisitorsToken() async throws {
        try await PageStoreTests.withApp { app in
            _ = try await app.get(PageStoreTests.board, headers: Self.browser)
            let visitors = (0 ..< 2).map { _ in SecureRandom.hex(bytes: 32) }
            for visitor in [visitors[0], visitors[0], visitors[1], visitors[1], visitors[0], nil, visitors[0]] {
                let cookie = visitor.map { [("Cookie", "trakx_form=\($0)")] } ?? []
                let answer = try await app.get(PageStoreTests.board, headers: Self.browser + cookie)
                #expect(answer.header("Server-Timing") == nil, "answered ready")
                #expect(answer.header("Content-Encoding") == "gzip")
                let page = String(decoding: try #require(gunzip(answer.body), "the CRC holds"), as: UTF8.self)
                let expected = try visitor ?? #require(PageStoreTests.token(setBy: answer.header("Set-Cookie")))
                #expect(PageStoreTests.tokens(in: page) == [expected])
            }
        }
    }

    /// The style sheet and scripts are compressed once, at start, and have an ETag of their own compressed: a browser
    /// that kept one form is never told it is the other.
    @Test func staticFilesAreCompressedWithAnETagOfTheirOwn() async throws {
        try await PageStoreTests.withApp { app in
            for file in ["/static/css/trakx.css", "/static/js/refresh.js"] {
                let plain = try await app.get(file)
                let compressed = try await app.get(file, headers: Self.browser)
                #expect(compressed.header("Content-Encoding") == "gzip", "\(file)")
                #expect(plain.header("Content-Encoding") == nil)
                #expect(plain.header("Vary") == "Accept-Encoding" && compressed.header("Vary") == "Accept-Encoding")
                #expect(gunzip(compressed.body) == plain.body)
                #expect(compressed.body.count * 2 < plain.body.count, "\(compressed.body.count) of \(plain.body.count)")
                let etag = try #require(compressed.header("ETag"))
                #expect(etag != plain.header("ETag"))
                let again = try await app.get(file, headers: Self.browser + [("If-None-Match", etag)])
                #expect(again.status == 304)
                let other = try await app.get(file, headers: [("If-None-Match", etag)])
                #expect(other.status == 200, "the compressed file's ETag does not stand for the plain one")
                #expect(other.body == plain.body)
            }
            let icon = try await app.get("/static/favicon.svg", headers: Self.browser)
            #expect(icon.header("Content-Encoding") == nil, "under a kilobyte: sent as it is")
        }
    }
}

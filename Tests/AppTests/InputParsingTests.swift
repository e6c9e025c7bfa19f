import App
import Foundation
import PTVSimulator
import Storage
import Testing
import TestSupport

/// Strict parsing with bounds: every bad input is a 400 page that names the problem, checked before PTV is asked.
struct InputParsingTests {
    static let badCoordinates = [
        ("/nearby?lat=91&lon=144.9671", "The latitude must be a number from -90 to 90", "lat"),
        ("/nearby?lat=-90.0001&lon=144.9671", "The latitude must be a number from -90 to 90", "lat"),
        ("/nearby?lat=abc&lon=144.9671", "The latitude must be a number from -90 to 90", "lat"),
        ("/nearby?lat=NaN&lon=144.9671", "The latitude must be a number from -90 to 90", "lat"),
        ("/nearby?lat=1e400&lon=144.9671", "The latitude must be a number from -90 to 90", "lat"),
        ("/nearby?lat=-inf&lon=144.9671", "The latitude must be a number from -90 to 90", "lat"),
        ("/nearby?lat=-37.8183&lon=-181", "The longitude must be a number from -180 to 180", "lon"),
        ("/nearby?lat=-37.8183&lon=180.5", "The longitude must be a number from -180 to 180", "lon"),
        ("/nearby?lat=-37.8183&lon=1e400", "The longitude must be a number from -180 to 180", "lon"),
        ("/nearby?lat=-37.8183&lon=%20", "The longitude must be a number from -180 to 180", "lon"),
        ("/nearby?lat=-37.8183", "Enter a longitude", "lon"),
        ("/nearby?lon=144.9671", "Enter a latitude", "lat"),
    ]

    // Cases share one app per test: dozens of apps starting at once on two cores starve the simulator.

    @Test func badCoordinateIs400NamingTheField() async throws {
        try await TestApp.with { app in
            for (target, words, field) in Self.badCoordinates {
                let before = app.simulator?.requestCount
                let response = try await app.get(target)
                #expect(response.status == 400, "\(target)")
                #expect(response.text.contains(words), "\(target)")
                #expect(response.text.contains("There is a problem"), "\(target)")
                #expect(response.text.contains("href=\"#\(field)\""), "\(target)")
                #expect(response.text.contains("<title>Error, "), "\(target)")
                #expect(app.simulator?.requestCount == before, "PTV was asked before \(target) was checked")
            }
        }
    }

    @Test func coordinatesAtTheBoundsAreAccepted() async throws {
        try await TestApp.with { app in
            for target in ["/nearby?lat=-90&lon=-180", "/nearby?lat=90&lon=180", "/nearby?lat=-37.8183&lon=144.9671",
                           "/nearby?lat=%20-37.8183%20&lon=144.9671"] {
                let response = try await app.get(target)
                #expect(response.status == 200, "\(target)")
                #expect(response.text.contains("within 1 kilometre"), "\(target)")
            }
        }
    }

    static let badPaths = [
        ("/stops/train/0", "The stop number must be 1 or more"),
        ("/stops/train/-1", "The stop number must be a whole number"),
        ("/stops/train/99999999999", "The stop number is too large"),
        ("/stops/train/2147483648", "The stop number is too large"),
        ("/stops/train/12a", "The stop number must be a whole number"),
        ("/stops/train/1e3", "The stop number must be a whole number"),
        ("/stops/train/+7", "The stop number must be a whole number"),
        ("/stops/train/%201071", "The stop number must be a whole number"),
        ("/stops/train/%EF%BC%91", "The stop number must be a whole number"),  // a full-width digit one
        ("/lines/tram/0", "The line number must be 1 or more"),
        ("/lines/tram/99999999999", "The line number is too large"),
        ("/lines/train/6?direction=-1", "The direction must be a whole number"),
        ("/stops/boat/1", "Trakx does not know the kind of transport"),
        ("/lines/ferry/1", "Trakx does not know the kind of transport"),
        ("/runs/boat/1-2", "Trakx does not know the kind of transport"),
        ("/nearby?lat=-37.8&lon=144.9&mode=boat", "Trakx does not know the kind of transport"),
        ("/runs/train/abc%3Cscript%3E", "The run reference may only have letters"),
        ("/runs/train/" + String(repeating: "a", count: 65), "The run reference may only have letters"),
        ("/runs/train/a%20b", "The run reference may only have letters"),
        ("/runs/train/1-2?stop=0", "The stop number must be 1 or more"),
        ("/search?q=" + String(repeating: "a", count: 101), "Searches can be at most 100 characters"),
        ("/search?q=" + String(repeating: "%C3%A9", count: 101), "Searches can be at most 100 characters"),
        ("/search?q=flinders%01", "Your search has characters that cannot be searched for"),
    ]

    @Test func badPathOrQueryIs400NamingTheProblem() async throws {
        try await TestApp.with { app in
            for (target, words) in Self.badPaths {
                let before = app.simulator?.requestCount
                let response = try await app.get(target)
                #expect(response.status == 400, "\(target)")
                #expect(response.text.contains(words), "\(target)")
                #expect(!response.text.contains("<script>"), "\(target)")
                #expect(app.simulator?.requestCount == before, "PTV was asked before \(target) was checked")
            }
        }
    }

    @Test func valuesAtTheLimitsPassParsing() async throws {
        try await TestApp.with { app in
            for (target, status) in [
                ("/stops/train/2147483647", 404),  // the largest id passes parsing; PTV has no such stop
                ("/runs/train/" + String(repeating: "a", count: 64), 404),
                ("/search?q=" + String(repeating: "a", count: 100), 200),
                ("/search?q=%20%20flinders%20%20", 200),
            ] {
                let response = try await app.get(target)
                #expect(response.status == status, "\(target)")
            }
        }
    }

    /// "." and ".." are dot-segments: in an upstream path they are normalised away (by libcurl, or any proxy),
    /// so the request goes to another PTV endpoint than the one signed, and PTV rejects the signature.
    @Test
    func dotSegmentsNeverReachThePTVPath() async throws {
        try await TestApp.with { app in
            for target in ["/search?q=.", "/search?q=..", "/search?q=%2E%2E", "/runs/train/.", "/runs/train/..", "/runs/train/%2e%2e"] {
                let response = try await app.get(target)
                #expect([200, 400, 404].contains(response.status), "\(target) gave \(response.status)")
                #expect(!response.text.contains("refused Trakx"), "\(target) blames the credentials")
            }
            let metrics = try await app.get("/metrics")
            #expect(!metrics.text.contains("signature_rejected"), "a visitor's input made PTV reject Trakx's signature")
        }
    }

    @Test func overlongOwnNameOnRenameShowsSummaryLinkingToFieldAndSavesNothing() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let added = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")], session: session)
            #expect(added.status == 303)
            let long = String(repeating: "n", count: 61)
            let response = try await app.post("/favourites/train/1071/rename", form: [("name", long)], session: session)
            #expect(response.status == 400)
            #expect(response.text.contains("<title>Error, "))
            #expect(response.text.contains("There is a problem"))
            #expect(response.text.contains("href=\"#name-0-1071\""))
            #expect(response.text.contains("61 characters long. Use 60 characters or fewer"))
            #expect(response.text.contains("id=\"name-0-1071-error\""))
            let store = SQLiteFavouritesStore(database: app.app.database)
            let saved = try await store.find(routeType: 0, stopID: 1071)
            #expect(saved != nil)
            #expect(saved?.ownName == nil)

            let sixty = String(repeating: "é", count: 60)
            let accepted = try await app.post("/favourites/train/1071/rename", form: [("name", sixty)], session: session)
            #expect(accepted.status == 303)
            let renamed = try await store.find(routeType: 0, stopID: 1071)
            #expect(renamed?.ownName == sixty)
        }
    }

    @Test func overlongOwnNameOnAddIs400AndSavesNothing() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let response = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1181"),
                                                                       ("name", String(repeating: "x", count: 61))], session: session)
            #expect(response.status == 400)
            #expect(response.text.contains("Use 60 characters or fewer"))
            let all = try await SQLiteFavouritesStore(database: app.app.database).all()
            #expect(all.isEmpty)
        }
    }

    @Test func invalidEscapeOrUTF8Is400() async throws {
        try await TestApp.with { app in
            for target in [
        "/search?q=%ff", "/search?q=%c0%af", "/search?q=%ed%a0%80", "/search?q=%", "/search?q=%g1", "/search?q=abc%2",
        "/stops/train/%ff", "/stops/%c0%ae%c0%ae/1071", "/nearby?lat=%ff&lon=1", "/favourites?x=%f0%28%8c%28",
            ] {
                let response = try await app.get(target)
                #expect(response.status == 400, "\(target)")
                #expect(response.text.contains("invalid character or escape"), "\(target)")
            }
        }
    }

    @Test func rawInvalidUTF8InTargetIs400() async throws {
        try await TestApp.with { app in
            for requestLine in [
                Array("GET /stops/train/".utf8) + [0xFF] + Array(" HTTP/1.1\r\n".utf8),
                Array("GET /search?q=".utf8) + [0xC3, 0x28] + Array(" HTTP/1.1\r\n".utf8),
                Array("GET /".utf8) + [0xC0, 0xAF] + Array(" HTTP/1.1\r\n".utf8),
            ] {
                let bytes = requestLine + Array("Host: 127.0.0.1:\(app.port)\r\nConnection: close\r\n\r\n".utf8)
                let response = try await app.exchange(bytes)
                #expect(response.status == 400, "\(requestLine)")
                #expect(response.text.contains("not valid UTF-8"), "\(requestLine)")
                let next = try await app.get("/healthz")
                #expect(next.status == 200)
            }
        }
    }

    @Test func hundredKilobyteURLIsRefusedAndServerCarriesOn() async throws {
        try await TestApp.with { app in
            // A target that would be answered 200 if the limit were gone.
            let target = "/healthz?pad=" + String(repeating: "a", count: 100_000)
            let response = try await app.exchange(RawHTTP.message("GET", target, host: "127.0.0.1:\(app.port)"))
            #expect([414, 431, 400].contains(response.status), "got \(response.status) \(response.statusLine ?? "no status line")")
            let next = try await app.get("/healthz")
            #expect(next.status == 200)
        }
    }

    @Test func hundredKilobyteHeaderIsRefusedAndServerCarriesOn() async throws {
        try await TestApp.with { app in
            let bytes = RawHTTP.message("GET", "/healthz", host: "127.0.0.1:\(app.port)", headers: [("X-Big", String(repeating: "b", count: 100_000))])
            let response = try await app.exchange(bytes)
            #expect([431, 400, 413].contains(response.status), "got \(response.status) \(response.statusLine ?? "no status line")")
            let many = (0 ..< 2000).map { ("X-Header-\($0)", String(repeating: "h", count: 40)) }
            let second = try await app.exchange(RawHTTP.message("GET", "/healthz", host: "127.0.0.1:\(app.port)", headers: many))
            #expect([431, 400, 413].contains(second.status), "got \(second.status) \(second.statusLine ?? "no status line")")
            let next = try await app.get("/healthz")
            #expect(next.status == 200)
        }
    }

    /// A form under a head that leaves libmicrohttpd no memory to read it into: MHD answered 500 by itself
    /// (MalformedRequestFuzzTests, seed 3216668241292544026: a 32,110 byte head, a 76 byte form). Now a 431 page
    /// says so, whatever the method, and nothing is saved; a form with a browser's head is still read. Within about
    /// 1 KB of MHD's 32 KB there is no memory left for any answer either, and the connection is closed.
    @Test(arguments: [17_000, 30_000, 31_900, 32_050, 32_300])
    func aFormUnderAHeadTooLargeToReadItIsRefusedInWords(padding: Int) async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let form = Array("token=\(session.token)&mode=train&stop_id=1071&return=%2Ffavourites".utf8)
            for method in ["POST", "PATCH"] {
                let bytes = RawHTTP.message(method, "/favourites", host: "127.0.0.1:\(app.port)", headers: [
                    ("X-Big", String(repeating: "b", count: padding)), ("Content-Type", "application/x-www-form-urlencoded"),
                    ("Cookie", session.cookie), ("Origin", "http://127.0.0.1:\(app.port)"),
                ], body: form)
                let response = try await app.exchange(bytes)
                // Past MHD's own memory the head itself is refused (431) or the connection closed; never a 500.
                #expect(response.status != 500, "\(method) with \(padding) bytes: \(response.statusLine ?? "closed")")
                if padding <= 30_000 {
                    #expect(response.status == 431, "\(method) with \(padding) bytes: \(response.statusLine ?? "closed")")
                    #expect(response.text.contains("<h1>Too much was sent</h1>"))
                    #expect(response.text.contains("headers are too large"))
                }
            }
            #expect(try await SQLiteFavouritesStore(database: app.app.database).all().isEmpty)
            let saved = try await session.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("return", "/favourites")])
            #expect(saved.status == 303)
            #expect(try await SQLiteFavouritesStore(database: app.app.database).all().count == 1)
        }
    }

    @Test func threeHundredKilobyteBodyIs413AndNothingIsSaved() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            var form = "token=\(session.token)&mode=train&stop_id=1071&name="
            form += String(repeating: "z", count: 300 * 1024)
            let headers = [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", session.cookie),
                           ("Origin", "http://127.0.0.1:\(app.port)")]
            let declared = try await app.exchange(RawHTTP.message("POST", "/favourites", host: "127.0.0.1:\(app.port)",
                                                               headers: headers, body: Array(form.utf8)))
            #expect(declared.status == 413, "got \(declared.status) \(declared.statusLine ?? "no status line")")

            // The same body chunked, so no Content-Length warns the server in advance.
            var chunked: [UInt8] = []
            for piece in Array(form.utf8).chunks(of: 16 * 1024) {
                chunked += Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10]
            }
            chunked += Array("0\r\n\r\n".utf8)
            let chunkedHead = RawHTTP.message("POST", "/favourites", host: "127.0.0.1:\(app.port)",
                                           headers: headers + [("Transfer-Encoding", "chunked")]).withoutContentLength()
            let streamed = try await app.exchange(chunkedHead + chunked)
            #expect(streamed.status == 413, "got \(streamed.status) \(streamed.statusLine ?? "no status line")")
            #expect(streamed.text.contains("the limit is"))

            let all = try await SQLiteFavouritesStore(database: app.app.database).all()
            #expect(all.isEmpty)
            let next = try await app.get("/healthz")
            #expect(next.status == 200)
        }
    }
}

extension Array where Element == UInt8 {
    /// Splits into pieces of at most `size` bytes.
    func chunks(of size: Int) -> [[UInt8]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0 ..< Swift.min($0 + size, count)]) }
    }

    /// A request head with its `Content-Length: 0` line removed (for a chunked body appended afterwards).
    func withoutContentLength() -> [UInt8] {
        let text = String(decoding: self, as: UTF8.self).replacingOccurrences(of: "Content-Length: 0\r\n", with: "")
        return Array(text.utf8)
    }
}

import App
import Foundation
import Storage
import Testing
import TestSupport

/// Cross-site requests, foreign Host names (DNS rebinding) and the security headers on every response.
struct RequestSecurityTests {
    static func favourites(_ app: TestApp) async throws -> [FavouriteStop] {
        try await SQLiteFavouritesStore(database: app.app.database).all()
    }

    @Test func crossSiteOriginOrRefererIsRefusedAndNothingChanges() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let own = "http://127.0.0.1:\(app.port)"
            let added = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")], session: session)
            #expect(added.status == 303)
            let before = try await Self.favourites(app)

            let foreign: [[(String, String)]] = [
                [("Origin", "https://evil.example")],
                [("Origin", "null")],
                [("Origin", "\(own).evil.example")],
                [("Origin", "http://evil.example:\(app.port)")],
                [("Referer", "https://evil.example/favourites")],
                [("Referer", "\(own).evil.example/")],
            ]
            for origin in foreign {
                let headers = [("Cookie", session.cookie)] + origin
                for (target, fields) in [
                    ("/favourites", [("token", session.token), ("mode", "tram"), ("stop_id", "2000")]),
                    ("/favourites/train/1071/rename", [("token", session.token), ("name", "Pwned")]),
                    ("/favourites/train/1071/remove", [("token", session.token)]),
                    ("/favourites/import", [("token", session.token), ("data", #"{"format":"trakx-favourites","version":1,"favourites":[{"mode":"bus","stop_id":5,"stop_name":"x"}]}"#)]),
                ] {
                    let response = try await app.rawPost(target, fields: fields, headers: headers)
                    #expect(response.status == 403, "\(target) with \(origin)")
                    #expect(response.text.contains("came from another website"), "\(target) with \(origin)")
                }
            }
            #expect(try await Self.favourites(app) == before)
        }
    }

    @Test func missingOrWrongFormTokenIsRefusedAndNothingChanges() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let origin = ("Origin", "http://127.0.0.1:\(app.port)")
            let other = String(repeating: "a", count: 64)
            let cases: [(String, [(String, String)], [(String, String)])] = [
                ("no token", [("mode", "train"), ("stop_id", "1071")], [("Cookie", session.cookie), origin]),
                ("empty token", [("token", ""), ("mode", "train"), ("stop_id", "1071")], [("Cookie", session.cookie), origin]),
                ("wrong token", [("token", other), ("mode", "train"), ("stop_id", "1071")], [("Cookie", session.cookie), origin]),
                ("no cookie", [("token", session.token), ("mode", "train"), ("stop_id", "1071")], [origin]),
                ("short token in both", [("token", "abc"), ("mode", "train"), ("stop_id", "1071")], [("Cookie", "trakx_form=abc"), origin]),
                ("token only in query", [("mode", "train"), ("stop_id", "1071")], [("Cookie", session.cookie), origin]),
            ]
            for (what, fields, headers) in cases {
                let target = what == "token only in query" ? "/favourites?token=\(session.token)" : "/favourites"
                let response = try await app.rawPost(target, fields: fields, headers: headers)
                #expect(response.status == 403, "\(what)")
                #expect(response.text.contains("nothing was changed"), "\(what)")
            }
            #expect(try await Self.favourites(app).isEmpty)

            // The same request with the right token is accepted, so the refusals above are the token check.
            let accepted = try await app.rawPost("/favourites", fields: [("token", session.token), ("mode", "train"), ("stop_id", "1071")],
                                                  headers: [("Cookie", session.cookie), origin])
            #expect(accepted.status == 303)
            #expect(try await Self.favourites(app).count == 1)
        }
    }

    @Test func foreignHostNamesAreRefusedAndLoopbackWithPortIsAccepted() async throws {
        try await TestApp.with { app in
            let port = app.port
            for host in ["evil.example", "evil.example:\(port)", "127.0.0.1", "localhost", "127.0.0.1:\(port).evil.example",
                         "127.0.0.1:\(Int(port) + 1)", "10.0.0.1:\(port)", "127.0.0.1.nip.io:\(port)"] {
                let response = try await app.exchange(RawHTTP.message("GET", "/favourites", host: host))
                #expect(response.status == 421, "Host: \(host) got \(response.status)")
                #expect(response.header("Set-Cookie") == nil, "Host: \(host) was given a form token")
            }
            let noHost10 = try await app.exchange(Array("GET /favourites HTTP/1.0\r\n\r\n".utf8))
            #expect(noHost10.status == 421)
            let noHost11 = try await app.exchange(Array("GET /favourites HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
            #expect((400 ..< 500).contains(noHost11.status))

            // A rebinding page cannot post either, even with a valid token.
            let session = try await app.session()
            let post = try await app.exchange(RawHTTP.message(
                "POST", "/favourites", host: "evil.example:\(port)",
                headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", session.cookie), ("Origin", "http://evil.example:\(port)")],
                body: Array("token=\(session.token)&mode=train&stop_id=1071".utf8)))
            #expect(post.status == 421)
            #expect(try await Self.favourites(app).isEmpty)

            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)"] {
                let response = try await app.exchange(RawHTTP.message("GET", "/favourites", host: host))
                #expect(response.status == 200, "Host: \(host) got \(response.status)")
            }
        }
    }

    @Test
    func returnPathIsLocalAndCannotCarryMarkup() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            for (returnPath, expected) in [
                ("//evil.example/x", "/stops/train/1071"),
                ("https://evil.example/", "/stops/train/1071"),
                ("/\\evil.example", "/stops/train/1071"),
                ("/\"><script>alert(1)</script>", "/stops/train/1071"),
                ("/<x-mark>", "/stops/train/1071"),
                ("/stops/tram/1181", "/stops/tram/1181"),
            ] {
                let response = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("return", returnPath)],
                                                    session: session)
                #expect(response.status == 303, "\(returnPath)")
                let location = response.header("Location") ?? ""
                #expect(location == expected, "\(returnPath) → \(location)")
                #expect(!response.text.contains("<script>") && !response.text.contains("<x-"), "\(returnPath) → \(response.text)")
                _ = try await app.post("/favourites/train/1071/remove", form: [], session: session)
            }
        }
    }

    /// The problems with a response's security headers.
    static func headerProblems(_ headers: [(name: String, value: String)]) -> [String] {
        func value(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
        var problems: [String] = []
        if let csp = value("Content-Security-Policy") {
            if csp.contains("'unsafe-inline'") { problems.append("CSP allows 'unsafe-inline'") }
            if csp.contains("'unsafe-eval'") { problems.append("CSP allows 'unsafe-eval'") }
            if !csp.contains("frame-ancestors 'none'") { problems.append("CSP lacks frame-ancestors 'none'") }
            if !csp.contains("default-src 'none'") && !csp.contains("default-src 'self'") { problems.append("CSP lacks a default-src") }
        } else {
            problems.append("no Content-Security-Policy")
        }
        if value("X-Content-Type-Options")?.lowercased() != "nosniff" { problems.append("no X-Content-Type-Options: nosniff") }
        let referrers = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]
        if !referrers.contains(value("Referrer-Policy")?.lowercased() ?? "") { problems.append("no safe Referrer-Policy") }
        if let permissions = value("Permissions-Policy") {
            if !permissions.contains("geolocation=(self)") { problems.append("Permissions-Policy does not limit geolocation to self") }
        } else {
            problems.append("no Permissions-Policy")
        }
        return problems
    }

    @Test func securityHeadersOnEveryKindOfResponse() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let own = "http://127.0.0.1:\(app.port)"
            var responses: [(String, RawResponse)] = []
            responses.append(("200 home", try await app.get("/")))
            responses.append(("200 stop", try await app.get("/stops/train/1071")))
            responses.append(("HEAD", try await app.get("/", method: "HEAD")))
            responses.append(("404", try await app.get("/nowhere")))
            responses.append(("400 bad id", try await app.get("/stops/train/0")))
            responses.append(("400 bad escape", try await app.get("/search?q=%ff")))
            responses.append(("400 nearby form", try await app.get("/nearby?lat=91&lon=0")))
            responses.append(("405", try await app.get("/", method: "DELETE")))
            responses.append(("403 no token", try await app.rawPost("/favourites", fields: [("mode", "train"), ("stop_id", "1071")],
                                                                      headers: [("Cookie", session.cookie), ("Origin", own)])))
            responses.append(("403 cross-site", try await app.rawPost("/favourites", fields: [("token", session.token)],
                                                                        headers: [("Cookie", session.cookie), ("Origin", "https://evil.example")])))
            responses.append(("421", try await app.get("/favourites", host: "evil.example")))
            responses.append(("303", try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")], session: session)))
            responses.append(("static", try await app.get("/static/css/trakx.css")))
            let etag = responses.last?.1.header("ETag") ?? "\"none\""
            responses.append(("304 static", try await app.get("/static/css/trakx.css", headers: [("If-None-Match", etag)])))
            responses.append(("404 static", try await app.get("/static/nothing.css")))
            responses.append(("400 static traversal", try await app.get("/static/%2e%2e/Package.swift")))
            responses.append(("healthz", try await app.get("/healthz")))
            responses.append(("metrics", try await app.get("/metrics")))
            responses.append(("export", try await app.get("/favourites/export")))
            responses.append(("favourites", try await app.get("/favourites")))
            let statuses = responses.map { "\($0.0)=\($0.1.status)" }
            #expect(responses.allSatisfy { $0.1.status != 0 && $0.1.status != 500 }, "\(statuses)")
            for (what, response) in responses {
                let problems = Self.headerProblems(response.headers)
                #expect(problems.isEmpty, "\(what) (\(response.status)): \(problems)")
            }
            #expect(responses.first { $0.0 == "static" }?.1.status == 200)
            #expect(responses.first { $0.0 == "304 static" }?.1.status == 304)
            #expect(responses.first { $0.0 == "421" }?.1.status == 421)
        }
    }

    @Test
    func securityHeadersOnServerLevelRefusals() async throws {
        try await TestApp.with { app in
            let badUTF8 = try await app.exchange(Array("GET /stops/train/".utf8) + [0xFF]
                + Array(" HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nConnection: close\r\n\r\n".utf8))
            #expect(badUTF8.status == 400)
            #expect(Self.headerProblems(badUTF8.headers).isEmpty, "\(Self.headerProblems(badUTF8.headers))")
            let tooLarge = try await app.exchange(Array(
                "POST /favourites HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 999999\r\n\r\n".utf8))
            #expect(tooLarge.status == 413)
            #expect(Self.headerProblems(tooLarge.headers).isEmpty, "\(Self.headerProblems(tooLarge.headers))")
        }
    }
}

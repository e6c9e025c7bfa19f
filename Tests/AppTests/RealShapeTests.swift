import App
import Foundation
import HTTPServer
import Logging
import PTV
import Testing
import TestSupport

/// A v3 server that is not our simulator: it answers from the hand-written fixtures in
/// `Tests/PTVTests/Fixtures` (real PTV shapes and quirks: trailing spaces, nulls, a missing run_ref,
/// `RR_CAN`, null buckets, unknown keys, times from 2024), checking signatures as PTV does.
struct FixturePTV: Responder {
    let signer: PTVSigner

    func respond(to request: Request) async -> Response {
        guard let mark = request.target.range(of: "&signature=") else { return Response.json("{}", status: 403) }
        guard signer.signature(for: String(request.target[..<mark.lowerBound])) == request.target[mark.upperBound...] else {
            return Response.json(#"{"message":"Forbidden (403): Supplied signature is invalid for request.","status":{"version":"3.0","health":1}}"#, status: 403)
        }
        let path = request.path ?? ""
        let routes: [(String, String)] = [
            ("/v3/departures/", "departures-train"), ("/v3/stops/location/", "stops-nearby"), ("/v3/stops/route/", "stops-on-route"),
            ("/v3/stops/", "stop-details"), ("/v3/pattern/", "pattern-bus"), ("/v3/search/", "search"), ("/v3/disruptions", "disruptions-buckets"),
        ]
        guard let name = routes.first(where: { path.hasPrefix($0.0) })?.1, !path.hasPrefix("/v3/disruptions/") else {
            return Response.json(#"{"message":"Not found","status":{"version":"3.0","health":1}}"#, status: 404)
        }
        let file = repositoryRoot + "/Tests/PTVTests/Fixtures/\(name).json"
        return Response.json((try? String(contentsOfFile: file, encoding: .utf8)) ?? "{}")
    }
}

struct RealShapeTests {
    func withFixtureApp(_ body: (TestApp) async throws -> Void) async throws {
        let signer = PTVSigner(devID: "3000165", key: "fixture-key")
        let server = HTTPServer(configuration: ServerConfiguration(port: 0), responder: FixturePTV(signer: signer), logger: Logger(label: "fixture-ptv"))
        try await withRunning(server) { server in
            try await TestApp.with(configure: {
                $0.ptvBaseURL = "http://127.0.0.1:\(server.port)"
                $0.ptvDevID = "3000165"
                $0.ptvKey = "fixture-key"
            }) { app in try await body(app) }
        }
    }

    @Test func stopPageFromRealShapesSaysStatusesInWords() async throws {
        try await withFixtureApp { app in
            let response = try await app.get("/stops/train/1071")
            #expect(response.status == 200)
            let html = response.text.asHeard.withoutRowPieces
            #expect(pageProblems(html) == [])
            #expect(!html.contains("<strong>Demo data</strong>"))
            #expect(html.contains("<h1>Flinders Street"))
            #expect(html.range(of: #"is-cancelled"><a href="/ride/train/\d+\?from=1071"[^>]*>11\x{202F}45 am[^<]*, cancelled"#, options: .regularExpression) != nil)
            #expect(html.contains(", timetable"))
            // The 11:28 am row itself says it departed, under the Cranbourne line's heading (not just words somewhere).
            let sections = html.matches(of: #/<section class="line">\n<h2[^>]*>([^<]+)</h2>\n(?s:(.*?))</section>/#)
            let section = try #require(sections.first { $0.2.contains(">11\u{202F}28 am, ") }, "no 11\u{202F}28 am row")
            #expect(section.1.hasPrefix("Cranbourne line"), "heading: \(section.1)")
            let row = try #require(section.2.firstMatch(of: #/>(11\x{202F}28 am, [^<]+)</a></p>/#)?.1)
            #expect(row.hasPrefix("11\u{202F}28 am, departed"), "\(row)")
        }
    }

    @Test func otherPagesFromRealShapes() async throws {
        try await withFixtureApp { app in
            let run = try await app.get("/runs/bus/44-684--1-MF5-95614710?stop=23645")
            #expect(run.status == 200)
            #expect(pageProblems(run.text) == [])
            let search = try await app.get("/search?q=flinders")
            #expect(search.status == 200)
            #expect(search.text.contains("Swanston Street at Flinders Street"))
            let disruptions = try await app.get("/disruptions")
            #expect(disruptions.status == 200)
            #expect(disruptions.text.contains("Metro trains, 2"))
            let nearby = try await app.get("/nearby?lat=-37.8183&lon=144.9671")
            #expect(nearby.status == 200)
            let missing = try await app.get("/disruptions/123")
            #expect(missing.status == 404)
        }
    }
}

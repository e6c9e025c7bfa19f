@testable import App
import Foundation
import HTTPServer
import Logging
import Synchronization
import Testing
import TestSupport

/// PTV's real answers name disruptions by id and leave their texts out: 11 of the 12 recorded patterns, and every
/// recorded departures answer, carry `disruption_ids` with an empty `disruptions`. A page that meets unknown ids learns
/// PTV's list of every disruption in the background (besides each id), so the pages after it, on any line, say their
/// disruptions on their first load and ask PTV nothing more for them.
struct DisruptionListTests {
    /// A PTV that answers the two recorded patterns of 12 June 2025 and the list of every disruption, counting what
    /// it is asked; a disruption asked by its id is not found, so only the list can give a text.
    final class ListingPTV: Responder {
        let asked = Mutex<[String]>([])
        /// Whether the list of every disruption fails (a 500) instead of answering.
        let listFails = Atomic<Bool>(false)
        static let patterns = ["951230": "tdn-3230-pattern", "952439": "tdn-4439-pattern-bad-day"]
        static let ids: [Int64] = [261006, 323905, 337396, 329447, 336160] + [297881, 307065, 308558, 309269, 309274]

        func respond(to request: Request) async -> Response {
            let path = request.path ?? ""
            asked.withLock { $0.append(path) }
            let parts = path.split(separator: "/").map(String.init)
            if parts.count >= 4, parts[1] == "pattern", let name = Self.patterns[parts[3]],
               let body = try? String(contentsOfFile: repositoryRoot + "/Tests/AppTests/Fixtures/recorded/\(name).json", encoding: .utf8) {
                return Response.json(body)
            }
            if path == "/v3/disruptions" {
                if listFails.load(ordering: .relaxed) { return Response.json(#"{"message":"An error has occurred."}"#, status: 500) }
                return Response.json(listed)
            }
            // Camberwell's recorded board of 28 April 2024, which names five disruptions by id.
            if path == "/v3/departures/route_type/0/stop/1032",
               let body = try? String(contentsOfFile: repositoryRoot + "/Tests/AppTests/Fixtures/recorded/metro-departures-rrb.json", encoding: .utf8) {
                return Response.json(body)
            }
            return Response.json(#"{"message":"Not found","status":{"version":"3.0","health":1}}"#, status: 404)
        }

        /// The list of every disruption this PTV answers.
        let listed: String

        /// A PTV answering `list` for the list of every disruption.
        init(list: String = ListingPTV.list) {
            listed = list
        }

        /// One disruption as PTV lists it.
        static func item(_ id: Int64, title: String? = nil, from: String = "2025-06-01T00:00:00Z", to: String? = nil) -> String {
            let until = to.map { "\"\($0)\"" } ?? "null"
            return ##"{"disruption_id": \##(id), "title": "\##(title ?? "Works number \(id)")", "url": "", "description": "", "disruption_status": "Current", "disruption_type": "Planned Works", "published_on": "2025-06-01T00:00:00Z", "last_updated": "2025-06-01T00:00:00Z", "from_date": "\##(from)", "to_date": \##(until), "routes": [], "stops": [], "colour": "#ffd500", "display_on_board": false, "display_status": false}"##
        }

        /// PTV's list of every disruption, holding `items`.
        static func list(_ items: [String]) -> String {
            #"{"disruptions": {"general": [], "metro_train": [\#(items.joined(separator: ", "))]}, "status": {"version": "3.0", "health": 1}}"#
        }

        /// Every disruption the two patterns name, with a title that says its id.
        static let list: String = list(ids.map { item($0) })

        func count(_ path: String) -> Int { asked.withLock { $0.filter { $0 == path }.count } }
    }

    @Test func afterOnePageLearnsTheListTheNextSaysItsDisruptionsOnItsFirstLoad() async throws {
        let ptv = ListingPTV()
        let server = HTTPServer(configuration: ServerConfiguration(port: 0), responder: ptv, logger: Logger(label: "listing-ptv"))
        try await withRunning(server) { server in
            try await TestApp.with(now: ISO8601DateFormatter().date(from: "2025-06-12T04:00:00Z"), configure: {
                $0.ptvBaseURL = "http://127.0.0.1:\(server.port)"
                $0.ptvDevID = "3000165"
                $0.ptvKey = "fixture-key"
            }) { app in
                // The first page asks for the texts in its second round, and says them.
                let first = try await app.page("/runs/train/951230", status: 200).text.asHeard
                #expect(!first.contains("Trakx has asked PTV for"), "\(first)")
                #expect(first.contains("Works number 261006"), "\(first)")
                #expect(ptv.count("/v3/disruptions") == 1)
                // Another line's run: two disruptions only the list knows, and one the first page also named.
                let second = try await app.page("/runs/train/952439", status: 200).text.asHeard
                for id in [261006, 329447, 336160] { #expect(second.contains("Works number \(id)"), "\(id): \(second)") }
                #expect(!second.contains("Trakx has asked PTV for"), "\(second)")
                #expect(ptv.count("/v3/disruptions/329447") + ptv.count("/v3/disruptions/336160") == 0)
                #expect(ptv.count("/v3/disruptions") == 1)
            }
        }
    }

    /// Real answers name disruptions by id only, so a list past its two minutes would turn every page back to "asked"
    /// until it is learnt again: its texts are still said for 10 minutes (the answer naming each is fresh) while it is
    /// learnt again in the background; past that and up to 6 hours, said with the time PTV gave them (a rider who
    /// looks again after a quiet hour hears them, dated); past 6 hours, the page says "asked".
    @Test func aListPastItsTwoMinutesStillGivesItsTextsWhileItIsLearntAgain() async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: "2025-06-12T04:00:00Z")!)
        try await Self.withListingPTV(clock) { ptv, app in
            func listAsked(_ times: Int) async throws {
                await app.app.backgroundWorkSettled()
                #expect(ptv.count("/v3/disruptions") == times)
            }
            _ = try await app.page("/runs/train/951230", status: 200)
            try await listAsked(1)
            clock.advance(3 * 60)
            let later = try await app.page("/runs/train/952439", status: 200).text.asHeard
            for id in [261006, 329447, 336160] { #expect(later.contains("Works number \(id)"), "\(id): \(later)") }
            #expect(!later.contains("Trakx has asked PTV for"), "\(later)")
            try await listAsked(2)
            let learnt = clock.now
            clock.advance(11 * 60)
            ptv.asked.withLock { $0.removeAll() }
            let dated = try await app.page("/runs/train/952439", status: 200).text.asHeard
            for id in [261006, 329447, 336160] { #expect(dated.contains("Works number \(id)"), "\(id): \(dated)") }
            let from = TimeWords(now: learnt).clock(learnt)
            #expect(dated.contains("<p>These disruption details are from \(from). Trakx has asked PTV for newer ones, which show when this page is loaded again.</p>"), "\(dated)")
            #expect(OwnWordsHeardTests.problems(dated) == [])
            try await listAsked(1)
            // Once the list is learnt again, its texts are said as they are.
            let again = try await app.page("/runs/train/952439", status: 200).text.asHeard
            #expect(again.contains("Works number 261006") && !again.contains("disruption details are from"), "\(again)")
            // Past 6 hours with nothing asked meanwhile, no text that old is said.
            clock.advance(6 * 3600 + 60)
            ptv.asked.withLock { $0.removeAll() }
            // Past 6 hours with nothing asked meanwhile, no text that old is said: the page asks again in its second
            // round and says what PTV says now, undated.
            let old = try await app.page("/runs/train/952439", status: 200).text.asHeard
            #expect(old.contains("Works number 261006") && !old.contains("disruption details are from"), "\(old)")
            #expect(ptv.count("/v3/disruptions") == 1)
        }
    }

    /// A board says older texts dated too, and keeps no copy of a page that says so (the next load says them fresh).
    @Test func aBoardSaysOlderDisruptionTextsWithTheirTime() async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: "2024-04-28T13:40:00Z")!)
        try await Self.withListingPTV(clock) { ptv, app in
            let first = try await app.get("/stops/train/1032").text.asHeard
            #expect(first.contains("Works number 297881") && !first.contains("Trakx has asked PTV for"), "\(first)")
            #expect(ptv.count("/v3/disruptions") == 1)
            let learnt = clock.now
            clock.advance(11 * 60)
            let dated = try await app.get("/stops/train/1032")
            #expect(dated.status == 200)
            #expect(dated.text.asHeard.contains("Works number 297881"), "\(dated.text.asHeard)")
            #expect(dated.text.asHeard.contains("These disruption details are from \(TimeWords(now: learnt).clock(learnt)). Trakx has asked PTV for newer ones"),
                    "\(dated.text.asHeard)")
            #expect(!app.app.pages.isCurrent("/stops/train/1032"), "a page saying dated texts is not kept")
        }
    }

    /// Real answers name next weekend's works on today's departures: the board lists them with when they start, and
    /// no row says buses replace its train (Camberwell's recorded board leaves at 12 02 am on Monday 29 April 2024).
    @Test func aBoardSaysWhenWorksNamedOnItsDeparturesStart() async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: "2024-04-28T13:40:00Z")!)
        let works = ListingPTV.item(309274, title: "Alamein line: Buses replace trains between Camberwell and Alamein",
                                    from: "2024-05-03T10:30:00Z", to: "2024-05-05T17:00:00Z")
        try await Self.withListingPTV(clock, list: ListingPTV.list([works])) { ptv, app in
            _ = try await app.get("/stops/train/1032")
            await app.app.backgroundWorkSettled()
            let page = try await app.get("/stops/train/1032").text.asHeard
            #expect(page.contains(">Alamein line, Buses replace trains between Camberwell and Alamein, starts 8\u{202F}30 pm on Friday 3 May.</a>"),
                    "\(page)")
            #expect(!page.contains("buses replace trains between Camberwell"), "no row says it: \(page)")
            #expect(OwnWordsHeardTests.problems(page).isEmpty, "\(OwnWordsHeardTests.problems(page))")
        }
    }

    /// PTV's list of every disruption is kept across a restart: the first board after it says the texts learnt before,
    /// dated, where it could only say they were asked for; a copy older than 6 hours is not said.
    @Test func afterARestartTheFirstBoardSaysTheDisruptionsLearntBeforeIt() async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: "2024-04-28T13:40:00Z")!)
        let ptv = ListingPTV()
        let server = HTTPServer(configuration: ServerConfiguration(port: 0), responder: ptv, logger: Logger(label: "listing-ptv"))
        try await withRunning(server) { server in
            try await withTemporaryDirectory { folder in
                func withApp(_ body: (TestApp) async throws -> Void) async throws {
                    try await TestApp.with(configure: {
                        $0.ptvBaseURL = "http://127.0.0.1:\(server.port)"
                        $0.ptvDevID = "3000165"
                        $0.ptvKey = "fixture-key"
                        $0.clock = { clock.now }
                        $0.databasePath = folder + "/trakx.sqlite"
                    }) { app in
                        await app.app.backgroundWorkSettled()
                        try await body(app)
                    }
                }
                let learnt = clock.now
                try await withApp { app in
                    let first = try await app.get("/stops/train/1032").text.asHeard
                    #expect(first.contains("Works number 297881"), "\(first)")
                    #expect(ptv.count("/v3/disruptions") == 1)
                }
                clock.advance(3600)
                try await withApp { app in
                    // With PTV's list failing, the disruptions page says the kept one as a saved copy, with its time.
                    ptv.listFails.store(true, ordering: .relaxed)
                    let listed = try await app.get("/disruptions")
                    #expect(listed.status == 200)
                    #expect(listed.text.asHeard.contains("Works number 297881"), "\(listed.text.asHeard)")
                    #expect(listed.text.asHeard.contains("so this page shows information from \(TimeWords(now: learnt).clock(learnt))."), "\(listed.text.asHeard)")
                    ptv.listFails.store(false, ordering: .relaxed)
                    let page = try await app.get("/stops/train/1032").text.asHeard
                    #expect(page.contains("Works number 297881"), "\(page)")
                    #expect(page.contains("These disruption details are from \(TimeWords(now: learnt).clock(learnt)). Trakx has asked PTV for newer ones"),
                            "\(page)")
                    await app.app.backgroundWorkSettled()
                }
                clock.advance(7 * 3600)
                try await withApp { app in
                    // PTV's list failing now: the copy kept 7 hours ago is not said, and the page says the texts were asked.
                    ptv.listFails.store(true, ordering: .relaxed)
                    let page = try await app.get("/stops/train/1032").text.asHeard
                    #expect(page.contains("Trakx has asked PTV for their details"), "past 6 hours: \(page)")
                    #expect(!page.contains("Works number 297881"), "\(page)")
                }
            }
        }
    }

    /// Runs `body` against a Trakx asking `ListingPTV` (answering `list` for every disruption) over loopback, on `clock`.
    static func withListingPTV(_ clock: TestClock, list: String = ListingPTV.list,
                               _ body: (ListingPTV, TestApp) async throws -> Void) async throws {
        let ptv = ListingPTV(list: list)
        let server = HTTPServer(configuration: ServerConfiguration(port: 0), responder: ptv, logger: Logger(label: "listing-ptv"))
        try await withRunning(server) { server in
            try await TestApp.with(configure: {
                $0.ptvBaseURL = "http://127.0.0.1:\(server.port)"
                $0.ptvDevID = "3000165"
                $0.ptvKey = "fixture-key"
                $0.clock = { clock.now }
            }) { app in try await body(ptv, app) }
        }
    }
}

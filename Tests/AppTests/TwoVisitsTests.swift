@testable import App
import Foundation
import HTTPServer
import PTV
import PTVSimulator
import Testing
import TestSupport

/// Issue 54, item 3: "a board row and its ride page never contradict each other". PTV's recorded Southern Cross board
/// lists Williamstown run 954303 twice, at 11 00 am from platform 13 and at 11 10 am from platform 14; both rows linked
/// the same ride, so a rider at platform 14 was sent to the 11 00 am visit. Each row's ride now names its visit by
/// its timetabled minute (`at`), and the ride and run pages board the rider there.
struct TwoVisitsTests {
    /// The recorded board (`metro-departures-sss.json`) and a pattern of the same run written from it (`shaped/`).
    static let board = "metro-departures-sss"
    static let pattern = "../shaped/pattern-sss-twice"
    static let early = Recorded.at("2024-06-30T01:00:00Z")
    static let late = Recorded.at("2024-06-30T01:10:00Z")
    static let now = Recorded.at("2024-06-30T00:55:00Z")

    static func minute(_ date: Date) -> String { String(Int(date.timeIntervalSince1970 / 60)) }

    @Test func eachRowOfARunListedTwiceNamesItsOwnVisit() throws {
        let rows = DepartureBoard(try Recorded.load(Self.board, as: DeparturesResponse.self), routeType: .train, stopID: 1181,
                                  words: TimeWords(now: Self.now)).next
        let twice = rows.filter { $0.runRef == "954303" }.map(\.rideURL)
        #expect(twice == ["/ride/train/954303?from=1181&at=\(Self.minute(Self.early))",
                          "/ride/train/954303?from=1181&at=\(Self.minute(Self.late))"])
        // A run listed once keeps the plain link.
        let once = rows.filter { $0.runRef != "954303" }
        #expect(!once.isEmpty && once.allSatisfy { !$0.rideURL.contains("at=") }, "\(once.map(\.rideURL))")
    }

    @Test func theRiderBoardsTheVisitTheirRowNamed() throws {
        let pattern = try Recorded.load(Self.pattern, as: PatternResponse.self)
        for (visit, platform) in [(Self.early, "13"), (Self.late, "14")] {
            let journey = Journey.riding(pattern, routeType: .train, asked: "954303", from: 1181, at: visit, to: nil)
            let index = try #require(journey.boarding(at: 1181, visit: visit))
            #expect(journey.calls[index].scheduled == visit)
            #expect(journey.calls[index].platform == platform)
            // The page's own links (its refresh, the run) lead back to the same visit: naming it where the journey
            // they open calls at the stop twice, else by the stop alone.
            let page = RidePage(journey: journey, from: index, to: nil, auto: nil, pattern: Fetched(value: pattern, fetchedAt: Self.now),
                                context: Recorded.context(Self.now))
            #expect(page.head.summary.contains("from platform \(platform)"), "\(page.head.summary)")
            for link in [page.refreshURL, page.runURL] {
                let named = try Params.visit(link.split(separator: "&").first { $0.hasPrefix("at=") }.map { String($0.dropFirst(3)) })
                let reopened = Journey.riding(pattern, routeType: .train, asked: "954303", from: 1181, at: named, to: nil)
                let again = try #require(reopened.boarding(at: 1181, visit: named))
                #expect(reopened.calls[again].scheduled == visit, "\(link)")
            }
        }
        #expect(Journey.riding(pattern, routeType: .train, asked: "954303", from: 1181, at: Self.early, to: nil).calls.count == 6,
                "the 11 00 am visit is ridden round through Flinders Street")
        // Without a visit named, the stop alone is read as before.
        let plain = Journey.riding(pattern, routeType: .train, asked: "954303", from: 1181, to: nil)
        #expect(plain.boarding(at: 1181).map { plain.calls[$0].stopID } == 1181)
    }

    @Test func aRideToAStopAfterTheSecondVisitBoardsTheSecond() throws {
        // A ride alert and a ride page with both stops keep no visit: the rider boards the visit that takes them there.
        let pattern = try Recorded.load(Self.pattern, as: PatternResponse.self)
        let journey = Journey.riding(pattern, routeType: .train, asked: "954303", from: 1181, to: 1071)
        let toFlinders = try #require(journey.boarding(at: 1181, getOff: 1071))
        #expect(journey.calls[toFlinders].scheduled == Self.early)
        let onwards = Journey.riding(pattern, routeType: .train, asked: "954303", from: 1181, to: 1211)
        let toWilliamstown = try #require(onwards.boarding(at: 1181, getOff: 1211))
        #expect(onwards.calls[toWilliamstown].scheduled == Self.late)
    }

    @Test func aVisitThatIsNotAMinuteIsRefused() throws {
        for text in ["", "abc", "-5", "0", "1234567890", "12.5"] {
            #expect(throws: HTTPError.self, "\(text)") { try Params.visit(text) }
        }
        #expect(try Params.visit(nil) == nil)
        #expect(try Params.visit(Self.minute(Self.late)) == Self.late)
    }

    /// Through a real server, with the simulator answering the recorded board and the pattern written from it.
    @Test func theBoardsTwoRowsOpenTwoRidesThatAgreeWithThem() async throws {
        let board = try Data(contentsOf: Recorded.folder.appendingPathComponent(Self.board + ".json"))
        let pattern = try Data(contentsOf: Recorded.folder.appendingPathComponent(Self.pattern + ".json"))
        try await TestApp.with(now: Self.now) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.answer(body: Array(board)), forPathPrefix: "/v3/departures/route_type/0/stop/1181")
            simulator.faults.set(.answer(body: Array(pattern)), forPathPrefix: "/v3/pattern/run/954303")
            let stop = try await RawHTTP.request("GET", "/stops/train/1181", port: app.port)
            #expect(stop.status == 200)
            for (visit, said) in [(Self.early, "platform 13"), (Self.late, "platform 14")] {
                let link = "/ride/train/954303?from=1181&amp;at=\(Self.minute(visit))"
                #expect(stop.text.contains(link), "the board links \(link)")
                let ride = try await RawHTTP.request("GET", link.replacingOccurrences(of: "&amp;", with: "&"), port: app.port)
                #expect(ride.status == 200)
                let summary = try #require(ride.text.range(of: "<p class=\"summary\"").map { String(ride.text[$0.lowerBound...].prefix(300)) })
                #expect(summary.contains(said), "\(summary)")
            }
            let foreign = try await RawHTTP.request("GET", "/ride/train/954303?from=1181&at=soon", port: app.port)
            #expect(foreign.status == 400)
        }
    }
}

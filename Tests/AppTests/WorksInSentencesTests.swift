@testable import App
import Foundation
import HTTPServer
import PTV
import Synchronization
import Testing
import TestSupport

/// A favourite's card, a leave reminder and the arrival page's connections say a departure in its one sentence,
/// without the board's notes. Works that replace the service change where the rider boards, so that sentence says
/// them, as the board's row does, and only while the works are on when the service leaves.
struct WorksInSentencesTests {
    private static let said = "Buses replace trains between Elsternwick and Sandringham."

    /// Works as PTV lists them, with their own dates.
    private func works(from: String, to: String) throws -> Disruption {
        try JSONDecoder().decode(Disruption.self, from: Data(#"{"disruption_id": 309274, "title": "Sandringham line: Buses replace trains between Elsternwick and Sandringham", "disruption_type": "Planned Works", "from_date": "\#(from)", "to_date": "\#(to)", "description": "", "routes": [], "stops": []}"#.utf8))
    }

    /// Camberwell's recorded board (its first two departures, at 14 02 and 14 09 UTC on 28 April 2024, name 309274).
    private func sentences(_ disruptions: [String: Disruption]) throws -> [String] {
        DepartureBoard(try Recorded.load("metro-departures-rrb", as: DeparturesResponse.self), routeType: .train, stopID: 1032,
                       words: TimeWords(now: Recorded.at("2024-04-28T13:55:00Z")), changes: BoardChanges(disruptions: disruptions)).next.map(\.sentence)
    }

    @Test func aRowsOwnSentenceSaysWorksThatReplaceIt() throws {
        let on = try sentences(["309274": works(from: "2024-04-28T10:00:00Z", to: "2024-04-28T17:00:00Z")])
        #expect(on.filter { $0.hasSuffix(", timetable. " + Self.said) || $0.hasSuffix(", live. " + Self.said) }.count == 2, "\(on)")
        #expect(on.dropFirst(2).allSatisfy { !$0.contains("Buses replace") }, "\(on)")
        #expect(on.allSatisfy { OwnWordsHeardTests.problems("<p>\($0)</p>").isEmpty })
        let planned = try sentences(["309274": works(from: "2024-05-03T10:30:00Z", to: "2024-05-05T17:00:00Z")])
        #expect(planned.allSatisfy { !$0.contains("Buses replace") }, "next weekend's works: \(planned)")
        #expect(try sentences([:]).allSatisfy { !$0.contains("Buses replace") }, "no text, nothing said")
    }

    /// The recorded Frankston departure, naming works that run through it.
    @Test func aReminderToLeaveSaysWorksThatReplaceTheService() throws {
        let now = Recorded.at("2024-11-06T06:11:00Z")
        var answer = try Recorded.load("metro-departures-fkn", as: DeparturesResponse.self)
        answer.departures = answer.departures.map { var departure = $0; departure.disruptionIds = [309274]; return departure }
        let alert = Alert.leave(type: .train, stopID: 1073, routeID: 6, directionID: 1, minutes: 10, subscription: AlertCheckTests.phone, now: now)
        let works = try works(from: "2024-11-06T00:00:00Z", to: "2024-11-06T17:00:00Z")
        let go = try #require(LeaveAlertCheck.step(alert, departures: answer, staleSince: nil, disruptions: ["309274": works], now: now).notice)
        #expect(go.body.contains("buses replace trains between Elsternwick and Sandringham"), "\(go.body)")
        let without = try #require(LeaveAlertCheck.step(alert, departures: answer, staleSince: nil, now: now).notice)
        #expect(!without.body.contains("buses replace"), "\(without.body)")
    }

    /// Through the app, on PTV that names the works by id only (as real departures do): once PTV's list of every
    /// disruption is learnt, the favourite's card and the arrival page's connections say the works, as Camberwell's board does.
    @Test func aFavouritesCardAndTheArrivalPageSayWorksThatReplaceTheTrain() async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: "2024-04-28T13:40:00Z")!)
        let works = DisruptionListTests.ListingPTV.item(309274, title: "Alamein line: Buses replace trains between Camberwell and Alamein",
                                                        from: "2024-04-28T10:00:00Z", to: "2024-04-28T17:00:00Z")
        try await DisruptionListTests.withListingPTV(clock, list: DisruptionListTests.ListingPTV.list([works])) { ptv, app in
            let session = try await app.session()
            let added = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1032"), ("return", "/stops/train/1032")],
                                           session: session)
            #expect(added.status == 303)
            let before = try await session.get("/favourites").text
            await app.app.backgroundWorkSettled()
            #expect(ptv.count("/v3/disruptions") == 1)
            #expect(!before.contains("Buses replace"), "nothing known of the works yet: \(before)")
            let page = try await session.get("/favourites").text
            let card = try #require(page.range(of: "<li class=\"card\">").map { String(page[$0.lowerBound...].prefix(3000)) })
            #expect(card.contains("Buses replace trains between Camberwell and Alamein."), "\(card)")
            #expect(OwnWordsHeardTests.problems(page).isEmpty, "\(OwnWordsHeardTests.problems(page))")
            // Getting off at Camberwell: the other lines leaving say it too.
            let arrived = try await session.get("/arrived/train/1032").text
            #expect(arrived.contains("Buses replace trains between Camberwell and Alamein."), "\(arrived)")
            // The board names five disruptions, four not in the list: only the list was asked, never an id on its own
            // (a home page of 40 favourites would ask up to 6 each).
            await app.app.backgroundWorkSettled()
            #expect(ptv.asked.withLock { $0.filter { $0.hasPrefix("/v3/disruptions/") } } == [], "\(ptv.asked.withLock { $0 })")
        }
    }
    /// A ride page says works on now before the stops to get off at (a rider choosing Sunbury must know a bus takes
    /// over at Sunshine), not at the end among the service's facts. The recorded Metro Tunnel run, as BoardingTests reads it.
    @Test func aRidePageSaysWorksBeforeItsStops() throws {
        let pattern = try Recorded.load("tdn-C100-Z601-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let now = Recorded.at("2025-11-29T21:50:00Z")
        let works = try JSONDecoder().decode(Disruption.self, from: Data(#"{"disruption_id": 344824, "title": "Buses replace trains between Sunshine and Sunbury", "disruption_type": "Planned Works", "from_date": "2025-11-29T10:00:00Z", "to_date": "2025-11-30T17:00:00Z", "description": "", "routes": [], "stops": []}"#.utf8))
        let disruptions = RunPage.disruptions(in: pattern, journey: journey, known: ["344824": works], words: TimeWords(now: now))
        let from = try #require(journey.index(of: 1230))
        let ride = RidePage(journey: journey, from: from, to: nil, auto: nil, pattern: Fetched(value: pattern, fetchedAt: now),
                            context: Recorded.context(now), disruptions: disruptions)
        #expect(ride.works == "Buses replace trains between Sunshine and Sunbury.")
        #expect(!ride.facts.contains { $0.contains("replace") }, "said once: \(ride.facts)")
        let html = String(decoding: try Templates(directory: repositoryRoot + "/Templates").render(ride, template: "ride").body, as: UTF8.self)
        let said = try #require(html.range(of: "Buses replace trains between Sunshine and Sunbury."))
        let stops = try #require(html.range(of: "id=\"stops-heading\""))
        #expect(said.lowerBound < stops.lowerBound)
        let without = RidePage(journey: journey, from: from, to: nil, auto: nil, pattern: Fetched(value: pattern, fetchedAt: now),
                               context: Recorded.context(now))
        #expect(without.works == nil)
    }

    /// A train's rider is told first only of works they ride into: works whose two stations are both behind them on
    /// this run (a city train from Balaclava, buses between Elsternwick and Sandringham) stay in the disruptions
    /// below. Where a place is not a station of the run, it cannot be told, and the works are said.
    @Test func aRidePageLeadsOnlyWithWorksOnTheWay() throws {
        let pattern = try Recorded.load("tdn-C100-Z601-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let now = Recorded.at("2025-11-29T21:50:00Z")
        func ride(from stop: Int, to: Int? = nil, between places: String) throws -> RidePage {
            let works = try JSONDecoder().decode(Disruption.self, from: Data(#"{"disruption_id": 344824, "title": "Buses replace trains between \#(places)", "disruption_type": "Planned Works", "from_date": "2025-11-29T10:00:00Z", "to_date": "2025-11-30T17:00:00Z", "description": "", "routes": [], "stops": []}"#.utf8))
            let disruptions = RunPage.disruptions(in: pattern, journey: journey, known: ["344824": works], words: TimeWords(now: now))
            return RidePage(journey: journey, from: try #require(journey.index(of: stop)), to: to.flatMap { journey.index(of: $0) }, auto: nil,
                            pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now), disruptions: disruptions)
        }
        let behind = try ride(from: 1036, between: "Pakenham and Dandenong")
        #expect(behind.works == nil)
        #expect(behind.disruptions.onLines.contains { $0.name.contains("Pakenham and Dandenong") }, "still listed: \(behind.disruptions.onLines)")
        #expect(try ride(from: 1049, between: "Pakenham and Dandenong").works == nil, "boarding where they end")
        #expect(try ride(from: 1153, between: "Pakenham and Dandenong").works == "Buses replace trains between Pakenham and Dandenong.")
        #expect(try ride(from: 1036, between: "Dandenong and Arden").works == "Buses replace trains between Dandenong and Arden.")
        #expect(try ride(from: 1036, between: "Sunshine and Sunbury").works == "Buses replace trains between Sunshine and Sunbury.")
        // Getting off before the buses take over, or where they do: not on this ride. Inside them: on it.
        #expect(try ride(from: 1153, to: 1021, between: "Dandenong and Arden").works == nil, "off at Berwick")
        #expect(try ride(from: 1153, to: 1049, between: "Dandenong and Arden").works == nil, "off at Dandenong")
        #expect(try ride(from: 1153, to: 1215, between: "Dandenong and Arden").works == "Buses replace trains between Dandenong and Arden.")
        #expect(try ride(from: 1142, to: 1040, between: "Dandenong and Arden").works == "Buses replace trains between Dandenong and Arden.")
        // A station called at twice (a loop): where the stretch lies cannot be told, so it is said.
        let loop = ["Flinders Street", "Parliament", "Melbourne Central", "Flagstaff", "Southern Cross", "Flinders Street", "Richmond"]
        #expect(ChangeWords.onTheWay(["buses replace trains between Flinders Street and Parliament"], stations: loop, from: 4, to: 6).count == 1)
        #expect(ChangeWords.onTheWay(["buses replace trains between Parliament and Melbourne Central"], stations: loop, from: 4, to: 6).isEmpty)
        // The run page, opened at the rider's stop, likewise.
        let run = RunPage.notes(journey: journey, from: journey.index(of: 1036), replacements: ["Buses replace trains between Pakenham and Dandenong"])
        #expect(!run.contains { $0.contains("replace") }, "\(run)")
        #expect(RunPage.notes(journey: journey, replacements: ["Buses replace trains between Pakenham and Dandenong"]).contains { $0.contains("replace") })
    }
}

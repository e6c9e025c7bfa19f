import Foundation
import PTV
import Testing
@testable import App

/// Issue 31: each departure says what a rider needs to get on it, and only where PTV's data supports it. Fed by real
/// recorded answers (`Fixtures/recorded`) and PTV's own field shapes.
struct BoardingTests {
    private func decode<T: Decodable>(_ json: String, as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    private func vehicle(lowFloor: String = "null", air: String = "null", description: String = "") throws -> VehicleDescriptor {
        try decode(#"{"operator": "Yarra Trams", "id": "3001", "low_floor": \#(lowFloor), "air_conditioned": \#(air), "description": "\#(description)", "supplier": "Yarra Trams", "length": ""}"#)
    }

    private func board(_ name: String, stop: Int, at now: String = "2024-11-06T00:00:00Z", changes: BoardChanges = .none) throws -> DepartureBoard {
        DepartureBoard(try Recorded.load(name, as: DeparturesResponse.self), routeType: .train, stopID: stop,
                       words: TimeWords(now: Recorded.at(now)), changes: changes)
    }

    @Test func recordedTrainsSayTheirLengthOnceWhenItIsNotTheUsualSix() throws {
        let hcmt = try board("metro-departures-ccl", stop: 1181)
        let row = try #require(hcmt.next.first)
        #expect(row.notes.last == "7 carriages")
        #expect(row.detail.hasSuffix(", 7 carriages"))
        #expect(row.detail.components(separatedBy: "carriage").count == 2)
        // A six-carriage Siemens train is the usual length: its row says nothing of it.
        let siemens = try board("metro-departures-sss", stop: 1181)
        #expect(siemens.next.allSatisfy { !$0.detail.contains("6 carriages") })
        // PTV's low_floor and air_conditioned are null on every recorded train: neither is said, never "no".
        for name in ["metro-departures-ccl", "metro-departures-sss", "metro-departures-via-clp-test"] {
            let rows = try board(name, stop: name == "metro-departures-via-clp-test" ? 1099 : 1181).next
            #expect(rows.allSatisfy { !$0.detail.contains("low floor") && !$0.detail.contains("air conditioned") }, "\(name)")
        }
        // A run PTV sent without a descriptor says nothing of its vehicle.
        let rrb = try board("metro-departures-rrb", stop: 1032)
        #expect(rrb.next.allSatisfy { !$0.detail.contains("carriage") })
    }

    @Test func trainDescriptionsReadAsRidersKnowThem() {
        #expect(VehicleWords.train("6 Car Xtrapolis") == nil)
        #expect(VehicleWords.train("7-car HCMT") == "7 carriages")
        #expect(VehicleWords.train("6 Car Comeng") == nil)
        #expect(VehicleWords.train("3 Car Silver Hitachi") == "3 carriages")
        #expect(VehicleWords.train("3 Car Any Type") == "3 carriages")
        #expect(VehicleWords.train("Comeng") == nil)
        #expect(VehicleWords.train("") == nil)
    }

    /// The run page's one line on the vehicle, for PTV's descriptions in the recorded responses.
    @Test func aRunPageSaysItsTrainAsARiderWould() {
        #expect(VehicleWords.described("6 Car Xtrapolis") == "An Xtrapolis train, 6 carriages")
        #expect(VehicleWords.described("7-car HCMT") == "A High Capacity Metro Train, 7 carriages")
        #expect(VehicleWords.described("6 Car Siemens") == "A Siemens train, 6 carriages")
        #expect(VehicleWords.described("3 Car Silver Hitachi") == "A Silver Hitachi train, 3 carriages")
        #expect(VehicleWords.described("3 Car Any Type") == "3 carriages")
        #expect(VehicleWords.described("Comeng") == "Vehicle, Comeng")
        #expect(VehicleWords.described("HCMT") == "Vehicle, High Capacity Metro Train")
    }

    @Test func lowFloorIsSaidAsPTVSaysItAndNullIsNotKnown() throws {
        #expect(VehicleWords.said(try vehicle(lowFloor: "true", air: "true"), type: .tram) == .init(words: "low floor, air conditioned", lowFloor: true))
        #expect(VehicleWords.said(try vehicle(lowFloor: "false"), type: .tram) == .init(words: "not low floor", lowFloor: false))
        #expect(VehicleWords.said(try vehicle(), type: .tram) == .init(words: "low floor not known", lowFloor: nil))
        // A bus board says once that its buses are low floor unless marked: a row marks only the others.
        #expect(VehicleWords.said(try vehicle(lowFloor: "true", air: "false"), type: .bus).words == "not air conditioned")
        #expect(VehicleWords.said(try vehicle(lowFloor: "false"), type: .bus).words == "not low floor")
        #expect(VehicleWords.said(try vehicle(), type: .bus).words == "low floor not known")
        // No descriptor: nothing said, unless the rider asked about low floor trams (then it is not known, never no).
        #expect(VehicleWords.said(nil, type: .tram) == .init(words: nil, lowFloor: nil))
        #expect(VehicleWords.said(nil, type: .tram, askedLowFloor: true).words == "low floor not known")
        #expect(VehicleWords.said(nil, type: .bus, askedLowFloor: true).words == nil)
        // On a bus board that says its buses are low floor unless marked, a bus PTV gave no vehicle for is marked.
        #expect(VehicleWords.said(nil, type: .bus, busFloors: .lowUnlessMarked).words == "low floor not known")
        #expect(VehicleWords.said(try vehicle(lowFloor: "true"), type: .bus, busFloors: .lowUnlessMarked).words == nil)
        // Where the board says low floor is not known unless marked, a bus PTV describes without a floor says nothing.
        #expect(VehicleWords.said(try vehicle(), type: .bus, busFloors: .unknownUnlessMarked).words == nil)
        #expect(VehicleWords.said(try vehicle(lowFloor: "false"), type: .bus, busFloors: .unknownUnlessMarked).words == "not low floor")
    }

    /// Real bus boards mix runs PTV gives a vehicle for with runs it gives none (`vehicle_descriptor: null`, as on
    /// stop 18778's). Where the board says "Buses are low floor unless marked.", the run with no vehicle is marked "low
    /// floor not known": left unmarked, the legend would call it low floor, which PTV did not say.
    @Test func aBusBoardsLegendNeverSpeaksForABusPTVGaveNoVehicleFor() throws {
        let now = Recorded.at("2024-06-28T00:00:00Z")
        let json = #"""
        {"departures": [
          {"stop_id": 17906, "route_id": 907, "run_ref": "A", "direction_id": 1, "disruption_ids": [], "scheduled_departure_utc": "2024-06-28T00:05:00Z", "estimated_departure_utc": null, "at_platform": false, "platform_number": null, "flags": "", "departure_sequence": 0},
          {"stop_id": 17906, "route_id": 907, "run_ref": "B", "direction_id": 1, "disruption_ids": [], "scheduled_departure_utc": "2024-06-28T00:15:00Z", "estimated_departure_utc": null, "at_platform": false, "platform_number": null, "flags": "", "departure_sequence": 0}],
         "stops": {"17906": {"stop_id": 17906, "stop_name": "Swanston St/Lonsdale St", "route_type": 2, "stop_suburb": "Melbourne"}},
         "routes": {"907": {"route_id": 907, "route_type": 2, "route_name": "City - Mitcham", "route_number": "907"}},
         "runs": {"A": {"run_ref": "A", "route_id": 907, "route_type": 2, "direction_id": 1, "destination_name": "Mitcham", "vehicle_descriptor": {"low_floor": true, "air_conditioned": null}},
                  "B": {"run_ref": "B", "route_id": 907, "route_type": 2, "direction_id": 1, "destination_name": "Mitcham", "vehicle_descriptor": null}},
         "directions": {}, "disruptions": {}, "status": {"version": "3.0", "health": 1}}
        """#
        let response: DeparturesResponse = try decode(json)
        let page = try #require(StopPage(type: .bus, stopID: 17906, departures: Fetched(value: response, fetchedAt: now), details: nil,
                                         favourites: [], context: Recorded.context(now)))
        #expect(page.legend?.contains(VehicleWords.lowFloorLegend) == true)
        let rows = (page.groups.flatMap(\.rows) + page.chronological).map { ($0.runRef, $0.notes) }
        #expect(rows.first { $0.0 == "A" }?.1.contains("low floor not known") == false, "\(rows)")
        #expect(rows.first { $0.0 == "B" }?.1.contains("low floor not known") == true, "\(rows)")
    }

    /// Real bus boards where PTV (Smartrak) describes every bus with each field null (Monash University, stop 33430):
    /// the board says once that low floor is not known unless marked, and no row says "low floor not known" (it said it
    /// on 17 of 17). The row a rider must know about, a bus PTV calls not low floor, is still marked.
    @Test func aBusBoardPTVDescribesWithoutFloorsSaysSoOnce() throws {
        var response = try Recorded.load("bus/monash-departures", as: DeparturesResponse.self)
        let now = try #require(response.departures.compactMap(\.bestTime).min()).addingTimeInterval(60)
        let page = try #require(StopPage(type: .bus, stopID: 33430, departures: Fetched(value: response, fetchedAt: now), details: nil,
                                         favourites: [], context: Recorded.context(now)))
        let rows = page.groups.flatMap(\.rows) + page.chronological
        #expect(rows.count >= 10)
        #expect(page.legend?.contains(VehicleWords.unknownLegend) == true, "\(String(describing: page.legend))")
        #expect(page.legend?.contains(VehicleWords.lowFloorLegend) == false)
        #expect(rows.allSatisfy { !$0.notes.joined().contains("low floor") }, "\(rows.map(\.notes))")
        // PTV's own flag is still said where it is given.
        #expect(rows.contains { $0.notes.contains("Wheelchair accessible") })
        // One bus PTV calls not low floor: marked, and the legend still says the rest are not known.
        let ref = try #require(rows.first?.runRef)
        response.runs[ref]?.vehicleDescriptor?.lowFloor = false
        let marked = try #require(StopPage(type: .bus, stopID: 33430, departures: Fetched(value: response, fetchedAt: now), details: nil,
                                           favourites: [], context: Recorded.context(now)))
        let markedRows = marked.groups.flatMap(\.rows) + marked.chronological
        #expect(markedRows.first { $0.runRef == ref }?.notes.contains("not low floor") == true)
        #expect(markedRows.filter { $0.notes.contains("not low floor") }.count == 1)
        #expect(marked.legend?.contains(VehicleWords.unknownLegend) == true)
    }

    @Test func replacementBusesAreSaidOnTheRowsTheyAffect() throws {
        let replaced: Disruption = try decode(#"{"disruption_id": 309274, "title": "Sandringham line: Buses replace trains between Elsternwick and Sandringham", "disruption_type": "Part Suspended", "description": "", "routes": [], "stops": []}"#)
        let delays: Disruption = try decode(#"{"disruption_id": 309269, "title": "Lilydale line: Minor delays", "disruption_type": "Minor Delays", "description": "", "routes": [], "stops": []}"#)
        let board = try board("metro-departures-rrb", stop: 1032,
                              changes: BoardChanges(disruptions: ["309274": replaced, "309269": delays]))
        let said = "buses replace trains between Elsternwick and Sandringham"
        // The first two departures name 309274; the others name only 309269 and 307065.
        #expect(board.next.filter { $0.notes.contains(said) }.count == 2)
        #expect(board.next.allSatisfy { !$0.detail.contains("delays") })
        // Without the disruption's text nothing is said of it on the row.
        #expect(try self.board("metro-departures-rrb", stop: 1032).next.allSatisfy { !$0.detail.contains("buses replace") })
    }

    /// Issue 55 item 2: works every row of one line names are said short on each of its rows and whole once for the
    /// line (a line's group says them under its heading); another line's rows, and the row as a sentence of its own (a
    /// favourite, an alert), keep them whole.
    @Test func worksEveryRowOfALineNamesAreSaidShortOnItsRows() throws {
        let replaced: Disruption = try decode(#"{"disruption_id": 309274, "title": "Sandringham line: Buses replace trains between Elsternwick and Sandringham", "disruption_type": "Part Suspended", "description": "", "routes": [], "stops": []}"#)
        let board = try board("metro-departures-rrb", stop: 1032, changes: BoardChanges(disruptions: ["309274": replaced]))
        let said = "buses replace trains between Elsternwick and Sandringham"
        let named = board.next.filter { $0.replacements.contains(said) }
        try #require(named.count == 2)
        let byLine = DepartureBoard.worksByLine(board.next, except: [])
        #expect(byLine.count == Set(named.map(\.routeID)).count, "\(byLine)")
        // Said short only where every row of the line names them, with two rows or more.
        for (line, works) in byLine {
            let rows = board.next.filter { $0.routeID == line }
            #expect(rows.count >= 2 && works == [said] && rows.allSatisfy { $0.replacements.contains(said) })
        }
        #expect(DepartureBoard.worksByLine(board.next, except: [said]).isEmpty)
        #expect(DepartureBoard.worksByLine(board.next, except: [], least: 99).isEmpty)
        var row = try #require(named.first)
        row.worksSaidForLine = [said]
        #expect(row.detail.hasSuffix(", buses replace trains") || row.detail.contains(", buses replace trains, "), "\(row.detail)")
        #expect(!row.detail.contains(said) && row.sentence.hasSuffix(" Buses replace trains between Elsternwick and Sandringham."))
        #expect(ChangeWords.short(said) == "buses replace trains")
        #expect(ChangeWords.short("coaches replace selected trains between Geelong and Waurn Ponds") == "coaches replace selected trains")
        #expect(ChangeWords.short("7 carriages") == "7 carriages")
    }

    /// The board's first sentence says works that replace the next service where it goes ("to Alamein" is not where
    /// the rider is taken when buses take over on the way); works elsewhere on its line (PTV names them on every
    /// departure, a city train's too) stay on the row.
    @Test func theAnswerFirstSaysWorksOnTheWayWhereTheServiceGoes() throws {
        func summary(between places: String) throws -> String {
            let works: Disruption = try decode(#"{"disruption_id": 309274, "title": "Buses replace trains between \#(places)", "disruption_type": "Part Suspended", "description": "", "routes": [], "stops": []}"#)
            let board = try board("metro-departures-rrb", stop: 1032, at: "2024-04-28T13:55:00Z", changes: BoardChanges(disruptions: ["309274": works]))
            #expect(board.next.first?.notes.contains("buses replace trains between \(places)") == true)
            return DepartureBoard.summary(board.next)
        }
        let alamein = try summary(between: "Camberwell and Alamein")
        #expect(alamein.hasSuffix(", to Alamein, timetable. Buses replace trains between Camberwell and Alamein."), "\(alamein)")
        #expect(try summary(between: "Alamein Station and Riversdale").hasSuffix(" Buses replace trains between Alamein Station and Riversdale."))
        #expect(try !summary(between: "Elsternwick and Sandringham").contains("Buses replace"))
    }

    /// A replacement with its own dates, as PTV sends them.
    private func replacement(_ id: Int, between places: String, from: String, to: String) throws -> Disruption {
        try decode(#"{"disruption_id": \#(id), "title": "Buses replace trains between \#(places)", "disruption_type": "Planned Works", "from_date": "\#(from)", "to_date": "\#(to)", "description": "", "routes": [], "stops": []}"#)
    }

    /// Real answers name planned works on every departure of the line weeks ahead (the recorded patterns name three
    /// to five disruptions each): a row says buses replace its train only when it leaves within the works' own dates.
    @Test func replacementBusesAreSaidOnARowOnlyWithinTheirDates() throws {
        // The recorded Camberwell departures leave at 14 02 and 14 09 UTC on 28 April 2024; the first two name 309274.
        let said = "buses replace trains between Elsternwick and Sandringham"
        func rows(from: String, to: String) throws -> Int {
            let works = try replacement(309274, between: "Elsternwick and Sandringham", from: from, to: to)
            return try board("metro-departures-rrb", stop: 1032, changes: BoardChanges(disruptions: ["309274": works]))
                .next.filter { $0.notes.contains(said) }.count
        }
        #expect(try rows(from: "2024-04-28T10:00:00Z", to: "2024-04-28T17:00:00Z") == 2)
        #expect(try rows(from: "2024-05-03T10:30:00Z", to: "2024-05-05T17:00:00Z") == 0, "next weekend's works")
        #expect(try rows(from: "2024-04-20T10:30:00Z", to: "2024-04-21T17:00:00Z") == 0, "last weekend's works")
        #expect(try rows(from: "2024-04-28T14:05:00Z", to: "2024-04-28T17:00:00Z") == 0, "works that start after these trains leave")
    }

    /// A run PTV marks a replacement bus (`S_RRB`, as Camberwell's recorded board of 28 April 2024 does) is said as one on
    /// its run and ride pages: a rider told "your train" would wait on the platform while the bus leaves from the street.
    @Test func aReplacementBusRunIsNeverCalledATrain() throws {
        let stops = [(1032, "Camberwell", "14:02"), (1166, "Riversdale", "14:08"), (1002, "Alamein", "14:16")]
        let departures = stops.enumerated().map { index, stop in
            #"{"stop_id": \#(stop.0), "route_id": 1, "run_id": 4336, "run_ref": "4336", "direction_id": 0, "disruption_ids": [], "scheduled_departure_utc": "2024-04-28T\#(stop.2):00Z", "estimated_departure_utc": null, "at_platform": false, "platform_number": null, "flags": "S_WCA-S_RRB-RUN_130", "departure_sequence": \#(index + 1)}"#
        }
        let named = stops.map { #""\#($0.0)": {"stop_id": \#($0.0), "stop_name": "\#($0.1)", "stop_suburb": "\#($0.1)", "route_type": 0, "stop_latitude": -37.8, "stop_longitude": 145.0}"# }
        let json = #"{"departures": [\#(departures.joined(separator: ","))], "stops": {\#(named.joined(separator: ","))}, "#
            + #""routes": {"1": {"route_type": 0, "route_id": 1, "route_name": "Alamein", "route_number": "", "route_gtfs_id": "2-ALM"}}, "#
            + #""runs": {"4336": {"run_id": 4336, "run_ref": "4336", "route_id": 1, "route_type": 0, "final_stop_id": 1002, "destination_name": "Alamein", "status": "scheduled", "direction_id": 0, "run_sequence": 0, "express_stop_count": 0, "vehicle_position": null, "vehicle_descriptor": null}}, "#
            + #""directions": {}, "disruptions": {}, "status": {"version": "3.0", "health": 1}}"#
        let pattern: PatternResponse = try decode(json)
        let journey = Journey(pattern, routeType: .train, asked: "4336")
        #expect(journey.noun == "replacement bus")
        let now = Recorded.at("2024-04-28T13:55:00Z")
        let fetched = Fetched(value: pattern, fetchedAt: now)
        let run = RunPage(journey: journey, fromStop: 1032, pattern: fetched, context: Recorded.context(now))
        #expect(run.notes.first == "Replacement bus", "\(run.notes)")
        let ride = RidePage(journey: journey, from: 0, to: 2, auto: nil, pattern: fetched, context: Recorded.context(now))
        let said = ([ride.head.summary] + ride.facts).joined(separator: " ")
        #expect(said.contains("replacement bus") && !said.contains("train"), "\(said)")
        // An alert on this ride says what the ride page says ("Get ready, your stop, Alamein, is next").
        let later = Recorded.at("2024-04-28T14:10:00Z")
        let alert = Alert.ride(type: .train, runRef: "4336", from: 1032, to: 1002, subscription: AlertCheckTests.phone, now: now)
        let notice = RideAlertCheck.step(alert, journey: journey, staleSince: nil, now: later).notice
        let ridePage = RidePage(journey: journey, from: 0, to: 2, auto: nil, pattern: Fetched(value: pattern, fetchedAt: later), context: Recorded.context(later))
        #expect(notice?.body == ridePage.head.summary)
        #expect(notice?.body.contains("train") == false)
        // A train the board does not mark stays a train.
        let train: PatternResponse = try decode(json.replacingOccurrences(of: "S_WCA-S_RRB-RUN_130", with: "S_WCA"))
        #expect(Journey(train, routeType: .train, asked: "4336").noun == "train")
    }

    /// Where the next service is a replacement bus, the board's first sentence says so, and so does the row's sentence
    /// that stands alone (a favourite, an alert): Camberwell's recorded board of 28 April 2024, every run marked S_RRB.
    @Test func theAnswerFirstSaysAReplacementBus() throws {
        let board = try board("metro-departures-rrb", stop: 1032, at: "2024-04-28T13:55:00Z")
        let summary = DepartureBoard.summary(board.next)
        #expect(summary.hasPrefix("Next, Alamein line replacement bus, in 7 minutes"), "\(summary)")
        let row = try #require(board.next.first)
        #expect(row.sentence.hasPrefix("Alamein line replacement bus to "), "\(row.sentence)")
        // A train PTV does not mark says no such thing.
        let trains = try self.board("metro-departures-sss", stop: 1181)
        #expect(!DepartureBoard.summary(trains.next).contains("replacement") && trains.next.allSatisfy { !$0.sentence.contains("replacement") })
    }

    /// A board's list of disruptions says when one named on its departures is not on now, where PTV names next
    /// weekend's works on today's trains; one on now says no time (its page says until when).
    @Test func aDisruptionNotOnNowSaysWhenOnTheBoard() throws {
        let words = TimeWords(now: Recorded.at("2024-04-28T14:00:00Z"))
        func detail(from: String, to: String, atStop: Bool = false) throws -> String? {
            let works = try replacement(309274, between: "Elsternwick and Sandringham", from: from, to: to)
            let notes = DisruptionNotes.read(named: [(ids: [309274], line: "Alamein line")], known: ["309274": works],
                                             stopID: 1032, stopOwn: atStop ? [309274] : [], at: words.now, words: words)
            return notes.links.first?.detail
        }
        #expect(try detail(from: "2024-05-03T10:30:00Z", to: "2024-05-05T17:00:00Z") == "on the Alamein line, starts 8\u{202F}30 pm on Friday 3 May")
        #expect(try detail(from: "2024-04-28T10:00:00Z", to: "2024-04-28T17:00:00Z") == "on the Alamein line")
        // 12 00 am on Monday 29 April in Melbourne: works that ended at 11 30 pm ended yesterday.
        #expect(try detail(from: "2024-04-27T10:00:00Z", to: "2024-04-28T13:30:00Z") == "on the Alamein line, ended 11\u{202F}30 pm yesterday")
        #expect(try detail(from: "2024-05-03T10:30:00Z", to: "2024-05-05T17:00:00Z", atStop: true) == "starts 8\u{202F}30 pm on Friday 3 May")
    }

    /// The run page says a replacement among the service's facts, before the vehicle, as its board row does (the ride
    /// page before its stops, WorksInSentencesTests), and only within the works' dates (the recorded Metro Tunnel run leaves at 22 03 UTC on 29 November 2025).
    @Test func aRunPageSaysItsReplacementBusesInItsNotes() throws {
        let pattern = try Recorded.load("tdn-C100-Z601-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let now = Recorded.at("2025-11-29T21:50:00Z")
        func notes(from: String, to: String) throws -> [String] {
            let works = try replacement(344824, between: "Sunshine and Sunbury", from: from, to: to)
            let disruptions = RunPage.disruptions(in: pattern, journey: journey, known: ["344824": works], words: TimeWords(now: now))
            return RunPage(journey: journey, fromStop: 1230, pattern: Fetched(value: pattern, fetchedAt: now),
                           context: Recorded.context(now), disruptions: disruptions).notes
        }
        let during = try notes(from: "2025-11-29T10:00:00Z", to: "2025-11-30T17:00:00Z")
        let said = "Buses replace trains between Sunshine and Sunbury"
        #expect(during.contains(said), "\(during)")
        #expect(during.suffix(2) == [said, "A Silver Hitachi train, 3 carriages"], "said before the vehicle: \(during)")
        #expect(try !notes(from: "2025-12-05T10:00:00Z", to: "2025-12-07T17:00:00Z").contains(said), "next weekend's works")
        // Its list of disruptions still names next weekend's works, with when they start.
        let later = try replacement(344824, between: "Sunshine and Sunbury", from: "2025-12-05T10:00:00Z", to: "2025-12-07T17:00:00Z")
        let listed = RunPage.disruptions(in: pattern, journey: journey, known: ["344824": later], words: TimeWords(now: now))
        #expect(listed.links.map(\.detail) == ["on the Pakenham and Sunbury lines, starts 9\u{202F}00 pm on Friday 5 December"])
        #expect(try RunPage(journey: journey, fromStop: 1230, pattern: Fetched(value: pattern, fetchedAt: now),
                            context: Recorded.context(now)).notes.allSatisfy { !$0.contains("replace") })
    }

    @Test(arguments: [
        ("Frankston line: Buses replace trains between Caulfield and Frankston this weekend", "Planned Works",
         "buses replace trains between Caulfield and Frankston"),
        ("Geelong line: Coaches replace trains between Wyndham Vale and Waurn Ponds this weekend", "Planned Works",
         "coaches replace trains between Wyndham Vale and Waurn Ponds"),
        ("Route 96: Buses replace trams between Southern Cross Station and St Kilda Beach this weekend", "Planned Works",
         "buses replace trams between Southern Cross Station and St Kilda Beach"),
        ("Upfield line: Buses replace trains between North Melbourne and Upfield from 8:30 pm Saturday", "Planned Closure",
         "buses replace trains between North Melbourne and Upfield"),
        ("Werribee line: Buses replacing trains", "Buses replace trains", "buses replace trains on part of this line"),
        // PTV's other wording (a real title, in shared/ptv/responses)
        ("Route 1, 5 and 16: Tram replacement buses between Domain Interchange and Toorak Road from Saturday 28 November", "Planned Works",
         "buses replace trams between Domain Interchange and Toorak Road"),
        ("Sunbury line: Replacement coaches between Sunshine and Sunbury", "Planned Works", "coaches replace trains between Sunshine and Sunbury"),
        // Real titles whose works take only some hours or some services of their dates: said with PTV's words for
        // it, never as if every service in the dates were replaced (the route 11 row at 1 pm said "buses replace trams").
        ("Route 11: Buses replace trams after 8pm on select nights from Sunday 3 December to Tuesday 5 December and Sunday 10 December to Tuesday 12 December 2023",
         "Planned Closure", "buses replace trams on part of this line after 8pm on select nights"),
        ("Seymour and Shepparton lines: Coaches replacing selected trains from Sunday 12 August to Wednesday 15 August 2018", "Planned Works",
         "coaches replace selected trains on part of this line"),
        ("Route 11: Buses replace trams between Stop 27 Westbourne Grove and West Preston after 8:30pm each night from Sunday 3 December",
         "Planned Closure", "buses replace trams between Stop 27 Westbourne Grove and West Preston after 8\u{202F}30 pm each night"),
        ("Werribee line: Buses replace trains between Laverton and Werribee from first service Thursday 14 August to 8.30pm Friday 15 August",
         "Planned Works", "buses replace trains between Laverton and Werribee"),
        ("Sandringham line: Buses replace trains from 8.30pm tonight", "Planned Works", "buses replace trains on part of this line"),
        ("Sandringham line: Buses replace trains this weekend", "Planned Works", "buses replace trains on part of this line"),
        ("Frankston line: Buses replace trains between Caulfield and Frankston from 8pm Friday until after the last service Sunday",
         "Planned Works", "buses replace trains between Caulfield and Frankston"),
        ("Belgrave and Lilydale lines: Buses replace trains on select sections from late January 2024", "Planned Works",
         "buses replace trains on select sections"),
    ])
    func replacementWordsComeFromTheTitleOrType(title: String, type: String, said: String) throws {
        let disruption: Disruption = try decode(#"{"disruption_id": 1, "title": "\#(title)", "disruption_type": "\#(type)", "routes": [], "stops": []}"#)
        #expect(ChangeWords.replacement(disruption) == said)
    }

    @Test func otherDisruptionsAreNotReplacements() throws {
        let delays: Disruption = try decode(#"{"disruption_id": 1, "title": "Hurstbridge line: Minor delays", "disruption_type": "Minor Delays", "routes": [], "stops": []}"#)
        #expect(ChangeWords.replacement(delays) == nil)
    }

    /// A title that does not say trams is said of trams when every route it names is a tram route.
    @Test func replacementBusesOnTramRoutesReplaceTrams() throws {
        let works: Disruption = try decode(#"{"disruption_id": 1, "title": "Route 58: Replacement buses between Toorak and Domain Interchange", "disruption_type": "Planned Works", "routes": [{"route_type": 1, "route_id": 1041, "route_name": "Toorak - West Coburg", "route_number": "58", "route_gtfs_id": "3-58"}], "stops": []}"#)
        #expect(ChangeWords.replacement(works) == "buses replace trams between Toorak and Domain Interchange")
    }

    @Test func anExpressNamesTheStopsItRunsPastOnlyWhenTheyAreKnown() throws {
        #expect(ChangeWords.express(skipping: ["Toorak", "Hawksburn"]) == "express, not stopping at Toorak or Hawksburn")
        #expect(ChangeWords.express(skipping: ["A", "B", "C", "D", "E"]) == "express, not stopping at A, B or 3 more stops")
        #expect(ChangeWords.express(skipping: ["Toorak Station", "Hawksburn Station"]) == "express, not stopping at Toorak or Hawksburn")
        #expect(ChangeWords.express(skipping: []) == nil)
        let response = try Recorded.load("metro-departures-beg", as: DeparturesResponse.self)
        let run = try #require(response.departures.first?.runRef)
        let known = try board("metro-departures-beg", stop: 1018, changes: BoardChanges(skipped: [run: ["Heathmont", "Ringwood East"]]))
        #expect(known.next.first?.notes.contains("express, not stopping at Heathmont or Ringwood East") == true)
        #expect(known.next.first?.notes.contains("Express") == false)
        // Not known (no pattern held): the row still says "Express", as before.
        #expect(try board("metro-departures-beg", stop: 1018).next.first?.notes.contains("Express") == true)
    }

    @Test func theLowFloorSentenceCountsOnlyWhatPTVSays() throws {
        let rows = try board("metro-departures-via-clp-test", stop: 1099, at: "2024-04-25T01:20:00Z").next.filter { !$0.departed && !$0.cancelled }
        try #require(rows.count >= 3)
        // Not known on any: never said to be none.
        #expect(DepartureBoard.lowFloorSummary(rows) == "No tram listed is known to be low floor, PTV does not say for \(rows.count) trams.")
        let none = rows.map { row in var row = row; row.lowFloor = false; return row }
        #expect(DepartureBoard.lowFloorSummary(none) == "None of the trams listed is low floor.")
        var mixed = none
        mixed[1].lowFloor = true
        #expect(DepartureBoard.lowFloorSummary(mixed).hasPrefix("Next low floor tram, "))
        #expect(DepartureBoard.lowFloorSummary(mixed).contains(", \(mixed[1].until), live, \(mixed[1].time)"))
        #expect(DepartureBoard.lowFloorSummary([]) == "No low floor tram is listed.")
        // The board's own summary follows, unless the next tram is the low floor one.
        #expect(DepartureBoard.lowFloorFirst(mixed).hasSuffix(DepartureBoard.summary(mixed)))
        var firstIsLow = none
        firstIsLow[0].lowFloor = true
        #expect(DepartureBoard.lowFloorFirst(firstIsLow) == DepartureBoard.lowFloorSummary(firstIsLow))
    }

    @Test func flagsAreSaidInWords() {
        #expect(ServiceWords.notes(run: nil, departureNote: "", flags: ServiceWords.flags("RR-DOO-SS")) ==
                ["Reservations required", "Drop off only", "School days only"])
        #expect(ServiceWords.notes(run: nil, departureNote: "", flags: ServiceWords.flags("E")) == [])
        // A real 2017 tram answer's "MO-TU-WE-FR": one run on four days, said once.
        #expect(ServiceWords.notes(run: nil, departureNote: "", flags: ServiceWords.flags("MO-TU-WE-FR")) ==
                ["Mondays, Tuesdays, Wednesdays and Fridays only"])
        #expect(ServiceWords.notes(run: nil, departureNote: "", flags: ServiceWords.flags("TH")) == ["Thursdays only"])
    }
}

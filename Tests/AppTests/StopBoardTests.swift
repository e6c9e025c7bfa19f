import Foundation
import PTV
import Testing
@testable import App

/// The stop board and its words, fed by real recorded departures.
struct StopBoardTests {
    func board(_ name: String, stop: Int, at now: Date) throws -> DepartureBoard {
        DepartureBoard(try Recorded.load(name, as: DeparturesResponse.self), routeType: .train, stopID: stop, words: TimeWords(now: now))
    }

    @Test func cancelledServiceIsNamedInTheSummaryAndOnItsRow() throws {
        let board = try board("metro-departures-beg", stop: 1018, at: Recorded.at("2024-06-29T07:50:00Z"))
        let row = try #require(board.next.first)
        #expect(row.cancelled && row.status == "cancelled" && row.until == "cancelled")
        #expect(board.summary == "The 6\u{202F}02 pm Belgrave line to Flinders Street is cancelled, and no other departures are listed.")
        #expect(row.notes == ["after Flinders Street, via the City Loop to Parliament", "Express"])
    }

    @Test func aFailedDetailsCallIsSaidNotTakenAsNothingToSay() throws {
        let departures = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let now = Recorded.at("2024-04-25T01:20:00Z")
        let page = try #require(StopPage(type: .train, stopID: 1099, departures: Fetched(value: departures, fetchedAt: now),
                                         details: nil, favourites: [], context: Recorded.context(now)))
        // Named from the departures answer, not "Stop 1099"; what could not be fetched is said.
        #expect(page.name == "Huntingdale")
        #expect(page.factsUnavailable == "This stop's access, facilities and own disruptions could not be checked just now, because PTV's service reported an error.")
        let fine = try #require(StopPage(type: .train, stopID: 1099, departures: Fetched(value: departures, fetchedAt: now),
                                         details: StopDetailsResponse(StopDetailsBody(stop: StopDetails(stopId: 1099, stopName: "Huntingdale Station"))),
                                         favourites: [], context: Recorded.context(now)))
        #expect(fine.factsUnavailable == nil)
    }

    @Test func extraServiceAndFlagsAreSaid() throws {
        let added = try board("parliament-only", stop: 1155, at: Recorded.at("2025-07-17T01:00:00Z"))
        #expect(added.next.first?.notes == ["after Flinders Street, via the City Loop to Parliament", "Extra service"])
        let rrb = try board("metro-departures-rrb", stop: 1032, at: Recorded.at("2024-04-28T13:55:00Z"))
        #expect(rrb.next.first?.notes == ["Replacement bus", "Wheelchair accessible"])
        #expect(rrb.next.allSatisfy { !$0.detail.contains("RUN") })
    }

    /// Before the first train of the morning (a recorded Parliament board at 3 17 am), the summary says the day once
    /// beside the time, never the time twice ("today 6 17 am, 6 17 am from platform 3").
    @Test func aFarDepartureIsSummedUpWithItsDayAndItsTimeOnce() throws {
        let response = try Recorded.load("city-loop-departures", as: DeparturesResponse.self)
        let board = DepartureBoard(response, routeType: .train, stopID: 1155, words: TimeWords(now: Recorded.at("2024-06-25T17:17:00Z")))
        #expect(board.summary == "Next, Upfield line, today, 6\u{202F}17 am from platform 3, to Upfield, timetable.")
    }

    @Test func summaryNamesTheCancelledServiceBeforeTheNextThatRuns() throws {
        var response = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        response.runs["952217"]?.status = "cancelled"
        let board = DepartureBoard(response, routeType: .train, stopID: 1099, words: TimeWords(now: Recorded.at("2024-04-25T01:20:00Z")))
        #expect(board.summary == "The 11\u{202F}27 am Cranbourne line to Cranbourne is cancelled. Next, Pakenham line, in 12 minutes, 11\u{202F}32 am from platform 1, to Flinders Street.")
    }

    @Test func aStopPTVSendsWithoutItsNameIsNamedByItsNumberNotDenied() throws {
        let now = Recorded.at("2024-04-25T01:20:00Z")
        let nothingDue = Fetched(value: DeparturesResponse(DeparturesBody()), fetchedAt: now)
        func page(_ stop: StopDetails?) -> StopPage? {
            StopPage(type: .bus, stopID: 17906, departures: nothingDue, details: StopDetailsResponse(StopDetailsBody(stop: stop)),
                     favourites: [], context: Recorded.context(now))
        }
        let nameless = try #require(page(StopDetails(stopId: 17906, stopName: " ")))
        #expect(nameless.name == "Stop 17906")
        // PTV's null is its "none", and another stop's record is not this one.
        #expect(page(nil) == nil)
        #expect(page(StopDetails(stopId: 17907, stopName: "")) == nil)
    }

    /// PTV sends a stop's next services however far ahead they are, so an answer with none still to leave says only
    /// that PTV lists no more: "No departures in the next few hours" claimed a window no answer has.
    @Test func aBoardWithNothingStillToLeaveSaysOnlyWhatPTVLists() throws {
        let now = Recorded.at("2024-04-25T01:20:00Z")
        let nothing = try #require(StopPage(type: .bus, stopID: 17906, departures: Fetched(value: DeparturesResponse(DeparturesBody()), fetchedAt: now),
                                            details: StopDetailsResponse(StopDetailsBody(stop: StopDetails(stopId: 17906, stopName: "Swanston St/Lonsdale St"))),
                                            favourites: [], context: Recorded.context(now)))
        let empty = RecordedPages.text(RecordedPages.templates.render(nothing, template: "stop"))
        #expect(empty.contains(EvidenceWords.noMoreDepartures) && empty.contains("PTV lists no departures from this stop."), "\(empty)")
        // Every departure PTV sent has gone (East Pakenham's recorded answer, a few minutes on).
        let response = try Recorded.load("metro-departures-eph", as: DeparturesResponse.self)
        let later = try #require(response.departures.compactMap(\.bestTime).max()).addingTimeInterval(300)
        let board = DepartureBoard(response, routeType: .train, stopID: 1230, words: TimeWords(now: later))
        #expect(board.summary == EvidenceWords.noMoreDepartures)
        #expect(!empty.contains("next few hours"))
    }

    @Test func anUnbelievableEstimateIsSaidAsTheTimetable() throws {
        var response = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let now = Recorded.at("2024-04-25T01:20:00Z")
        let first = try #require(response.departures.indices.first { response.departures[$0].stopId == 1099 })
        let scheduled = try #require(response.departures[first].scheduledDepartureUTC)
        response.departures[first].reportedEstimateUTC = Recorded.at("0001-01-01T00:00:00Z")
        let board = DepartureBoard(response, routeType: .train, stopID: 1099, words: TimeWords(now: now))
        let row = try #require(board.next.first { $0.runRef == response.departures[first].runRef })
        #expect(row.status == "timetable" && row.source == .timetable)
        #expect(row.time == TimeWords(now: now).clock(scheduled))
        #expect(!board.next.contains { $0.status.contains("hours") || $0.status.contains("early") })
    }

    @Test func farOffDeparturesCarryTheirDay() throws {
        let board = try board("metro-departures-via-clp-test", stop: 1099, at: Recorded.at("2024-04-25T01:20:00Z"))
        // The Dandenong train at 12:11 am on Saturday, a day and a half away.
        let far = try #require(board.next.first { $0.destination == "Dandenong" })
        #expect(far.until == "Saturday 12\u{202F}11 am")
        #expect(board.next.allSatisfy { !$0.until.contains("hours") || $0.until.hasPrefix("in 1 hour") || $0.until.hasPrefix("in 2 hours") })
    }

    @Test func minutesAreNeverLaterThanTheTruth() {
        let words = TimeWords(now: Recorded.at("2026-11-21T07:01:50Z"))
        // 6 minutes 50 seconds away: "in 6 minutes", though the clocks read 6:01 and 6:08 (issue 22, item 12).
        #expect(words.until(Recorded.at("2026-11-21T07:08:40Z")) == "in 6 minutes")
        #expect(words.clock(Recorded.at("2026-11-21T07:08:40Z")) == "6\u{202F}08 pm")
        #expect(words.until(Recorded.at("2026-11-21T07:02:10Z")) == "now")
        #expect(words.until(Recorded.at("2026-11-21T09:10:00Z")) == "today 8\u{202F}10 pm")
        #expect(words.until(Recorded.at("2026-11-22T07:08:00Z")) == "tomorrow 6\u{202F}08 pm")
    }

    @Test func everyRecordedBoardReadsTruthfully() throws {
        for name in Recorded.names {
            guard let response = try? Recorded.load(name, as: DeparturesResponse.self), !response.departures.isEmpty,
                  response.departures.allSatisfy({ $0.departureSequence == 0 }) || name.contains("departures") || name.contains("parliament") else { continue }
            let first = try #require(response.departures.compactMap(\.bestTime).min())
            for stop in Set(response.departures.map(\.stopId)) {
                let board = DepartureBoard(response, routeType: .train, stopID: stop, words: TimeWords(now: first.addingTimeInterval(-300)))
                #expect(board.next.allSatisfy { !$0.departed }, "\(name)")
                #expect(board.next.allSatisfy { !$0.until.contains(" hours") || $0.until.hasPrefix("in 1 hour") || $0.until.hasPrefix("in 2 hours") }, "\(name)")
                #expect(board.next.allSatisfy { !$0.caption.isEmpty && !$0.caption.hasSuffix(" to ") }, "\(name)")
                // One departure once, in time order, even when PTV repeats a row.
                var repeated = response
                repeated.departures += response.departures
                let twice = DepartureBoard(repeated, routeType: .train, stopID: stop, words: TimeWords(now: first.addingTimeInterval(-300)))
                #expect(twice.next.map(\.rideURL) == board.next.map(\.rideURL), "\(name)")
                #expect(Set(board.next.map { "\($0.rideURL) \($0.time)" }).count == board.next.count, "\(name)")
                #expect(zip(board.next, board.next.dropFirst()).allSatisfy { $0.at <= $1.at }, "\(name)")
                // Every departure names where it goes, one train one destination, and a line's direction names no
                // station its departures do not go to.
                #expect(board.next.allSatisfy { !$0.destination.isEmpty && $0.caption == "\($0.service) to \($0.destination)" }, "\(name)")
                let byRun = Dictionary(grouping: board.next) { $0.rideURL.split(separator: "?")[0] }
                #expect(byRun.values.allSatisfy { Set($0.map(\.destination)).count == 1 }, "\(name)")
                for group in board.groups {
                    guard let towards = group.line?.directionName, let open = towards.firstIndex(of: "(") else { continue }
                    #expect(towards[towards.index(after: open)...].hasPrefix(group.rows[0].destination), "\(name): \(towards)")
                }
            }
        }
    }
}

/// Bus data as it really is (real-shaped fixture: no shared recording shows a combined route).
struct BusBoardTests {
    @Test func aCombinedRouteDoesNotRepeatItsMembersBusAndCutNamesReadWhole() throws {
        let file = Recorded.folder.deletingLastPathComponent().appendingPathComponent("shaped/bus-combined-departures.json")
        let response = try JSONDecoder().decode(DeparturesResponse.self, from: Data(contentsOf: file))
        let board = DepartureBoard(response, routeType: .bus, stopID: 19858, words: TimeWords(now: Recorded.at("2026-11-20T21:30:00Z")))
        // One vehicle at 8:40 am to Chadstone: the 802's row, not also the combined listing's.
        #expect(board.next.count == 2)
        #expect(board.next.first?.service == "Route 802 bus")
        #expect(board.next.allSatisfy { !$0.caption.contains("(") && !$0.caption.contains("combined") })
    }
}

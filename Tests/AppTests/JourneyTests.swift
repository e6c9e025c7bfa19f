import Foundation
import PTV
import Testing
@testable import App

/// Journeys and the run page, fed by real recorded patterns.
struct JourneyTests {
    @Test func throughRunIsOneJourneyJoinedWhereTheSecondPartStarts() throws {
        let journey = try Recorded.journey("metro-pattern-fkn-lav")
        // 42 rows, of which Flinders Street and Southern Cross are listed by both parts.
        #expect(journey.calls.count == 40)
        #expect(journey.legs.map(\.runRef) == ["952454", "954285"])
        let join = try #require(journey.legs.last?.start)
        #expect(journey.calls[join].name == "Flinders Street")
        #expect(journey.calls[join - 1].name == "Richmond")
        #expect(journey.calls.last?.name == "Laverton")
        #expect(journey.legs.last?.service == "Werribee line")
        #expect(Set(journey.calls.map(\.stopID)).count == journey.calls.count)
    }

    @Test func metroTunnelThroughRunKeepsEveryStopAndSaysWhereItContinues() throws {
        let pattern = try Recorded.load("tdn-C100-Z601-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        #expect(journey.calls.count == 30)
        let now = Recorded.at("2025-11-29T21:50:00Z")
        let footscray = try #require(journey.calls.first { $0.name == "Footscray" })
        let page = RunPage(journey: journey, fromStop: 1230, pattern: Fetched(value: pattern, fetchedAt: now),
                           context: Recorded.context(now))
        #expect(page.stops.count == 30)
        #expect(page.stops.compactMap(\.continuation) == ["Continues as the Sunbury line train to West Footscray."])
        #expect(page.head.summary.contains("At Town Hall it continues as the Sunbury line to West Footscray."))
        #expect(page.notes.contains("via Metro Tunnel"))
        #expect(page.notes.contains("Express, runs past 3 stops without stopping"))
        // A stop on the second part opens the page there.
        let second = RunPage(journey: journey, fromStop: footscray.stopID, pattern: Fetched(value: pattern, fetchedAt: now),
                             context: Recorded.context(now))
        #expect(second.stops.first?.name == "Footscray")
        #expect(second.stops.first?.isChosen == true)
        #expect(second.head.summary.hasPrefix("3 stops from Footscray to West Footscray, 5 minutes."))
    }

    @Test func anExpressNamesTheStopsItRunsPastWhenPTVListsThem() throws {
        var pattern = try Recorded.load("tdn-C100-Z601-pattern", as: PatternResponse.self)
        let now = Recorded.at("2025-11-29T21:50:00Z")
        let counted = RunPage(journey: Journey(pattern, routeType: .train), fromStop: nil, pattern: Fetched(value: pattern, fetchedAt: now),
                              context: Recorded.context(now))
        #expect(counted.notes.contains("Express, runs past 3 stops without stopping"))
        // With include_skipped_stops, PTV lists the passed stops under the stop before them.
        let malvern = try #require(pattern.departures.firstIndex { pattern.stops[String($0.stopId)]?.stopName == "Malvern" })
        pattern.departures[malvern].skippedStops = ["Armadale", "Toorak", "Hawksburn"].enumerated().map {
            Stop(stopId: 9000 + $0.offset, stopName: $0.element)
        }
        let named = RunPage(journey: Journey(pattern, routeType: .train), fromStop: nil, pattern: Fetched(value: pattern, fetchedAt: now),
                            context: Recorded.context(now))
        #expect(named.notes.contains("Express, runs past Armadale, Toorak and Hawksburn without stopping"))
    }

    @Test func timesADayEarlyOnTheSecondPartMoveToTheNextDay() throws {
        let journey = try Recorded.journey("tdn-4439-pattern-bad-day")
        let times = journey.calls.compactMap(\.scheduled)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        let minutes = try #require(journey.minutes(from: 0, to: journey.calls.count - 1))
        #expect(minutes > 60 && minutes < 180)
    }

    @Test func stopsBeforeTheRidersStopAreNotDepartedBeforeTheTrainLeaves() throws {
        let pattern = try Recorded.load("metro-pattern-hbe", as: PatternResponse.self)
        var live = pattern
        live.runs = live.runs.mapValues { run in
            var run = run
            run.status = "scheduled"
            run.vehiclePosition = nil
            return run
        }
        let journey = Journey(live, routeType: .train)
        // Ten minutes before the first stop's time, opened at Clifton Hill (the 18th stop).
        let now = Recorded.at("2024-06-30T00:36:00Z")
        let page = RunPage(journey: journey, fromStop: try #require(journey.calls.first { $0.name == "Clifton Hill" }?.stopID),
                           pattern: Fetched(value: live, fetchedAt: now), context: Recorded.context(now))
        #expect(page.earlier.count == 17)
        #expect(page.earlier.allSatisfy { !$0.departed && $0.when == "before your stop" })
        #expect(page.earlierLabel == "17 stops before yours, still to come")
        #expect(page.stops.first?.when == "in 1 hour 1 minute")
        #expect(page.head.chrome.title.text == "Hurstbridge line to Flinders Street, 11\u{202F}37 am from Clifton Hill")
    }

    @Test func atPlatformFurtherAlongMeansEarlierStopsHaveDeparted() throws {
        let journey = try Recorded.journey("tdn-3230-pattern")
        let richmond = try #require(journey.index(of: journey.calls.first { $0.name == "Richmond" }!.stopID))
        // Before Glenferrie's stale estimate has passed, the train already stands at Richmond.
        let progress = JourneyProgress(journey, now: Recorded.at("2025-06-12T09:05:00Z"))
        #expect(progress.place == .at(richmond))
        #expect(progress.evidence == .atPlatform)
        #expect((0 ..< richmond).allSatisfy { progress.hasDeparted($0) })
        #expect(!progress.hasDeparted(richmond))
        #expect(!progress.hasDeparted(richmond + 1))
    }

    @Test func disagreeingTimesNeverGiveAZeroOrNegativeTrip() throws {
        let pattern = try Recorded.load("metro-bad-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let now = Recorded.at("2025-01-12T11:20:00Z")
        for index in journey.calls.indices {
            if let minutes = journey.minutes(from: index, to: journey.calls.count - 1) { #expect(minutes > 0) }
            let page = RunPage(journey: journey, fromStop: journey.calls[index].stopID, pattern: Fetched(value: pattern, fetchedAt: now),
                               context: Recorded.context(now))
            #expect(!page.head.summary.contains(" 0 stops"))
            #expect(!page.head.summary.contains(" 0 minutes"))
        }
        let last = RunPage(journey: journey, fromStop: journey.calls.last!.stopID, pattern: Fetched(value: pattern, fetchedAt: now),
                           context: Recorded.context(now))
        #expect(last.head.summary == "Mernda is the last stop of this service.")
    }

    @Test func cancelledRunSaysSoOnEveryRow() throws {
        let pattern = try Recorded.load("tdn-1202-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let now = Recorded.at("2025-07-14T19:00:00Z")
        let page = RunPage(journey: journey, fromStop: nil, pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now))
        #expect(journey.isCancelled)
        #expect(page.head.summary == "This service is cancelled.")
        #expect(page.stops.allSatisfy { $0.when == "cancelled" && $0.status == nil })
    }

    @Test func liveStatusOnTheRunPageIsTheBoardsPhrase() throws {
        let pattern = try Recorded.load("tdn-3230-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let now = Recorded.at("2025-06-12T08:00:00Z")
        let page = RunPage(journey: journey, fromStop: nil, pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now))
        // Flinders Street: scheduled 9:29, estimate 9:29 (on time); Mooroolbark: 12 minutes 40 seconds late.
        #expect(page.stops[1].status == "delayed 13 minutes")
        #expect(page.stops[18].status == "live")
    }

    /// Every recorded pattern, opened at every stop at several moments: no "departed" ahead of the vehicle's
    /// evidence, no zero or negative trip, no placeholder name, no "in N hours" past two hours; each stop once,
    /// and times that agree with the order of the stops (or an estimate said to be doubtful).
    @Test func everyRecordedPatternReadsTruthfully() async throws {
        for name in Recorded.names {
            await Task.yield()  // 9 s of CPU in all: a recording at a time, so it holds no cooperative thread for all of it
            guard let pattern = try? Recorded.load(name, as: PatternResponse.self), !pattern.departures.isEmpty,
                  pattern.departures.contains(where: { $0.departureSequence > 0 }) else { continue }
            let journey = Journey(pattern, routeType: .train)
            let times = journey.calls.compactMap(\.time)
            guard let first = times.min(), let last = times.max() else { continue }
            // One stop once; times that agree with the order, or an estimate said to be doubtful.
            let visits = journey.calls.map { "\($0.stopID)|\($0.scheduled?.timeIntervalSince1970 ?? 0)" }
            #expect(Set(visits).count == visits.count, "\(name): a stop listed twice")
            #expect(zip(journey.calls, journey.calls.dropFirst()).allSatisfy { $0.stopID != $1.stopID }, "\(name)")
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 >= $0.addingTimeInterval(-60) }, "\(name): times run backwards")
            // One destination for one train: the board at each stop (every row the pattern has there, of both parts
            // of a through-run) lists the train once a visit, and names it as the run and ride pages opened there do.
            for (index, call) in journey.calls.enumerated() where journey.index(of: call.stopID) == index {
                let rows = pattern.departures.filter { $0.stopId == call.stopID }
                let answer = DeparturesResponse(DeparturesBody(departures: rows, stops: pattern.stops, routes: pattern.routes,
                                                               runs: pattern.runs, directions: pattern.directions))
                let board = DepartureBoard(answer, routeType: .train, stopID: call.stopID, words: TimeWords(now: first))
                #expect(board.next.count <= journey.calls.filter { $0.stopID == call.stopID }.count, "\(name) at \(call.name): \(board.next.map(\.caption))")
                guard let row = board.next.first else { continue }
                #expect(Set(board.next.map(\.destination)).count == 1, "\(name) at \(call.name)")
                let ref = String(row.rideURL.split(separator: "?")[0].split(separator: "/").last ?? "")
                // The run the board links is read as the pages read it from here: its own trip, or, at a City Loop stop
                // PTV lists before the trip starts at Flinders Street, the train still running round to Flinders Street.
                let asked = Journey.riding(pattern, routeType: .train, asked: ref, from: call.stopID, to: nil)
                let at = try #require(asked.index(of: call.stopID), "\(name) at \(call.name): the train the board links calls here")
                let fetched = Fetched(value: pattern, fetchedAt: first)
                let run = RunPage(journey: asked, fromStop: call.stopID, pattern: fetched, context: Recorded.context(first))
                let ride = RidePage(journey: asked, from: at, to: nil, auto: nil, pattern: fetched, context: Recorded.context(first))
                let own = Journey(pattern, routeType: .train, asked: ref)
                if own.index(of: call.stopID) == nil, own.cameFrom?.piece == true, asked.leg(containing: at)?.start == 0 {
                    // A departures answer cannot tell this train from one that has been to Flinders Street already: the
                    // board names where the run ends, the pages where the train goes first, then that it continues there.
                    #expect(run.head.heading == "\(row.service) to Flinders Street", "\(name) at \(call.name): board \(row.caption)")
                    #expect(run.head.summary.contains("continues as the \(row.service) to \(row.destination)."), "\(name) at \(call.name)")
                } else {
                    #expect(run.head.heading == "\(row.service) to \(row.destination)", "\(name) at \(call.name): board \(row.caption)")
                }
                #expect(ride.head.heading == run.head.heading, "\(name) at \(call.name)")
            }
            // A live estimate PTV sent that is not used is said to be doubtful on the row.
            let whole = RunPage(journey: journey, fromStop: nil, pattern: Fetched(value: pattern, fetchedAt: first), context: Recorded.context(first))
            for (call, row) in zip(journey.calls, whole.stops) where !call.cancelled {
                let sent = pattern.departures.contains { $0.runRef == call.runRef && $0.stopId == call.stopID && $0.estimatedDepartureUTC != nil }
                #expect(call.isLive == sent || (row.status ?? "").contains("doubtful"), "\(name): \(row.name)")
            }
            for now in [first.addingTimeInterval(-900), first.addingTimeInterval(last.timeIntervalSince(first) / 2), last.addingTimeInterval(900)] {
                let progress = JourneyProgress(journey, now: now)
                for index in journey.calls.indices where progress.hasDeparted(index) {
                    let hasEvidence = progress.place.map { index < $0.nextIndex } ?? false
                    let past = journey.calls[index].time.map { $0 < now } ?? false
                    #expect(hasEvidence || past, "\(name): \(journey.calls[index].name) departed without evidence")
                }
                for call in journey.calls {
                    let page = RunPage(journey: journey, fromStop: call.stopID, pattern: Fetched(value: pattern, fetchedAt: now),
                                       context: Recorded.context(now))
                    #expect(!page.head.summary.contains(" 0 minutes") && !page.head.summary.contains(" 0 stops"), "\(name)")
                    #expect(page.stops.allSatisfy { !$0.name.hasPrefix("Stop ") }, "\(name)")
                    #expect(page.stops.allSatisfy { !$0.when.contains(" hours") || $0.when.hasPrefix("in 1 hour") || $0.when.hasPrefix("in 2 hours") }, "\(name)")
                    #expect(page.stops.allSatisfy { $0.when != "departed" || $0.departed }, "\(name)")
                }
                // The ride page: "at" and "now" only with live evidence of where the vehicle is.
                for from in journey.calls.indices.dropLast() {
                    let ride = RidePage(journey: journey, from: from, to: journey.calls.count - 1, auto: nil,
                                        pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now))
                    if progress.evidence == nil {
                        #expect(!ride.head.summary.contains(" is at ") && !ride.head.summary.hasPrefix("You are at"), "\(name): \(ride.head.summary)")
                        #expect(ride.stops.allSatisfy { $0.when != "at the platform now" }, "\(name)")
                    }
                    #expect(!ride.head.summary.contains(" 0 stops"), "\(name): \(ride.head.summary)")
                }
            }
        }
    }
}

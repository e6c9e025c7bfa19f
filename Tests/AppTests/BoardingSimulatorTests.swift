import Foundation
import PTV
import PTVSimulator
import Testing
import TestSupport
@testable import App

/// Issue 31 on the demo network: the simulator makes a low floor mix on trams, buses replacing trains on part of the
/// Sandringham line, express trains and a live feed going stale, and the pages say each where the data supports it.
struct BoardingSimulatorTests {
    /// Each departure link's words on a board (the aria-label of a line's rows, else the link text).
    private func rows(_ html: String) -> [String] {
        html.withoutRowPieces.matches(of: #/<p class="departure[^"]*"><a href="[^"]+"(?: aria-label="([^"]+)")?(?: aria-describedby="[^"]+")?>([^<]+)</a>/#)
            .map { String($0.1 ?? $0.2).replacingOccurrences(of: "&#39;", with: "'") }
    }

    private func summary(_ html: String) throws -> String {
        String(try require_(html.firstMatch(of: #/<p class="summary" id="summary">([^<]+)</p>/#)?.1))
            .replacingOccurrences(of: "&#39;", with: "'")
    }

    /// The demo's route 900, as Smartrak sends real route 900 buses (every vehicle field null): its stops' boards say
    /// once that low floor is not known, and no row says it.
    @Test func aBusBoardWhoseBusesPTVDescribesWithoutFloorsSaysSoOnce() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/stops/bus/15222").text.asHeard
            let words = rows(html)
            #expect(words.count >= 2, "\(words)")
            #expect(html.contains(VehicleWords.unknownLegend))
            #expect(!html.contains(VehicleWords.lowFloorLegend))
            #expect(words.allSatisfy { !$0.contains("low floor") }, "\(words)")
        }
    }

    @Test func aTramBoardSaysEachTramsFloorAndTheChoiceSaysTheNextLowFloorTramFirst() async throws {
        try await TestApp.with { app in
            let tram = try require_(app.simulator?.showcase(at: fixedNow).tram, "a live tram")
            let board = "/stops/tram/\(tram.stopID)"
            let plain = try await app.get(board).text.asHeard
            let words = rows(plain)
            #expect(!words.isEmpty)
            // Every tram row says its floor as PTV gives it, once; none is said to be "no" where PTV sent null.
            #expect(words.allSatisfy { row in
                ["low floor", "not low floor", "low floor not known"].contains { row.contains(", \($0)") }
                    && row.components(separatedBy: "floor").count == 2
            })
            #expect(plain.contains("Low floor trams only</button>"))
            #expect(!(try summary(plain)).contains("low floor"))

            // The choice: a form without JavaScript, kept in a cookie for this browser.
            let browser = try await app.session()
            let set = try await browser.post("/choices/low-floor", form: [("token", browser.token), ("low_floor", "on"), ("return", board)])
            #expect(set.status == 303 && set.header("Location") == board)
            #expect(browser.cookies[LowFloorChoice.cookieName] == "on")
            let chosen = try await browser.get(board).text.asHeard
            let first = try summary(chosen)
            #expect(first.hasPrefix("Next low floor tram, route ") || first.hasPrefix("No tram listed is known to be low floor")
                    || first.hasPrefix("None of the trams listed is low floor"), "\(first)")
            if first.hasPrefix("Next low floor tram") {
                #expect(first.contains(#/^Next low floor tram, route \d+[a-z]?, (now|in \d+ minutes?)(, live| by the timetable), \d{1,2}\x{202F}\d{2} (am|pm)/#))
                // Said once: the board's own "Next, ..." follows only when the next tram is not that one.
                #expect(first.components(separatedBy: "Next").count <= 3)
            }
            #expect(chosen.contains("Show all trams</button>"))
            // A board made with the choice is never served to a browser without it, nor the other way round.
            let again = try await app.get(board).text.asHeard
            #expect(!(try summary(again)).contains("low floor"))
            #expect(try summary(try await browser.get(board).text.asHeard) == first)
            // Turning it off forgets it.
            _ = try await browser.post("/choices/low-floor", form: [("token", browser.token), ("low_floor", "off"), ("return", board)])
            #expect(!(try summary(try await browser.get(board).text.asHeard)).contains("low floor"))
        }
    }

    @Test func theLowFloorChoiceHoldsOnFavourites() async throws {
        try await TestApp.with { app in
            let tram = try require_(app.simulator?.showcase(at: fixedNow).tram, "a live tram")
            let browser = try await app.session()
            let added = try await browser.post("/favourites", form: [("token", browser.token), ("mode", "tram"),
                                                                      ("stop_id", String(tram.stopID)), ("return", "/favourites")])
            #expect(added.status == 303)
            _ = try await browser.post("/favourites", form: [("token", browser.token), ("mode", "train"), ("stop_id", "1071"),
                                                             ("return", "/favourites")])
            let lowFloor = #/<p>(Next low floor tram, route |No tram listed is known to be low floor|None of the trams listed is low floor)/#
            for page in ["/favourites", "/"] {
                #expect(!(try await browser.get(page).text.asHeard).contains(lowFloor), "\(page) without the choice")
            }
            _ = try await browser.post("/choices/low-floor", form: [("token", browser.token), ("low_floor", "on"), ("return", "/")])
            // What the tram's own board says first with the choice made, at the same time.
            let board = try summary(try await browser.get("/stops/tram/\(tram.stopID)").text.asHeard)
            for page in ["/favourites", "/"] {
                let html = try await browser.get(page).text.asHeard
                // The tram favourite's card says first when the next low floor tram comes, as its board does; the
                // train's says nothing of it.
                #expect(html.matches(of: lowFloor).count == 1, "\(page)")
                let cards = html.matches(of: #/<h3 class="card__title"><a href="/stops/(tram|train)/(\d+)">[^<]*</a></h3>\n<p>([^<]*)</p>/#)
                    .map { (mode: String($0.1), stop: String($0.2), first: String($0.3).replacingOccurrences(of: "&#39;", with: "'")) }
                let tramCard = try #require(cards.first { $0.mode == "tram" }, "\(page): a tram card with a sentence")
                #expect(tramCard.stop == String(tram.stopID))
                #expect(["Next low floor tram, route ", "No tram listed is known to be low floor", "None of the trams listed is low floor"]
                    .contains { tramCard.first.hasPrefix($0) }, "\(page): \(tramCard.first)")
                #expect(board.hasPrefix(tramCard.first), "\(page): the card says \(tramCard.first), the board \(board)")
                #expect(cards.filter { $0.mode == "train" }.allSatisfy { !$0.first.contains("low floor") }, "\(page)")
            }
        }
    }

    @Test func aTrainBoardIgnoresTheLowFloorChoice() async throws {
        try await TestApp.with { app in
            let browser = try await app.session()
            _ = try await browser.post("/choices/low-floor", form: [("token", browser.token), ("low_floor", "on"), ("return", "/")])
            let html = try await browser.get("/stops/train/1071").text.asHeard
            #expect(try summary(html).hasPrefix("Next, "))
            #expect(!html.contains("Low floor trams only") && !html.contains("Show all trams"))
        }
    }

    /// Issue 55 item 2: the works every Sandringham row names are said short on each ("buses replace trains", 1.8 s
    /// less each at 175 words a minute), and whole once for the line: in the disruptions the board lists, as PTV titles
    /// them (and in the summary when the next departure meets them).
    @Test func replacementBusesAreSaidOnTheSandringhamRowsOnly() async throws {
        try await TestApp.with { app in
            let said = "buses replace trains between Elsternwick and Sandringham"
            let html = try await app.get("/stops/train/1071").text.asHeard
            let flinders = rows(html)
            // In time order a line named after where it goes is said once: "to Sandringham" (issue 55 item 2).
            let sandringham = flinders.filter { $0.contains(" to Sandringham ") }
            #expect(sandringham.count >= 2, "\(flinders)")
            #expect(sandringham.allSatisfy { $0.hasSuffix(", buses replace trains") || $0.contains(", buses replace trains, ") }, "\(sandringham)")
            #expect(sandringham.allSatisfy { !$0.contains(said) }, "\(sandringham)")
            let disruptions = try #require(html.range(of: "<h2 id=\"disruptions-heading\">"))
            #expect(html[disruptions.lowerBound...].contains("Sandringham line, Buses replace trains between Elsternwick and Sandringham."))
            #expect(flinders.filter { !$0.contains(" to Sandringham ") }.allSatisfy { !$0.contains("buses replace") })
            #expect(!html.contains("On every service listed"))
        }
    }

    /// Balaclava is served by the Sandringham line alone: PTV names the works on every departure, and the board said
    /// them on each of its eight rows (about 2.5 seconds each in Orca). They are said once before the rows, and the
    /// first sentence says them for a train to Sandringham, which meets them on the way.
    @Test func worksOnEveryRowAreSaidOnceBeforeTheRows() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/stops/train/1013").text.asHeard
            let words = rows(html)
            #expect(words.count >= 3, "\(words)")
            #expect(words.allSatisfy { !$0.contains("buses replace") }, "\(words)")
            let legend = "On every service listed, buses replace trains between Elsternwick and Sandringham."
            #expect(html.components(separatedBy: legend).count == 2)
            #expect(html.range(of: legend)?.lowerBound ?? html.endIndex < html.range(of: "<section class=\"line\">")?.lowerBound ?? html.startIndex)
            let first = try summary(html)
            #expect(first.contains("to Flinders Street") || first.hasSuffix(" Buses replace trains between Elsternwick and Sandringham."), "\(first)")
        }
    }

    /// A favourite's card lists a whole stop's next three departures, each as a sentence that stands alone: at
    /// Balaclava each ended with the same works. The card says them once before its list.
    @Test func aCardSaysWorksOnEveryDepartureOnce() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let added = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1013"), ("return", "/stops/train/1013")],
                                           session: session)
            #expect(added.status == 303)
            let page = try await session.get("/favourites").text.asHeard
            let card = try require_(page.range(of: "<li class=\"card\">").map { String(page[$0.lowerBound...].prefix(3000)) }, "the card")
            let items = card.matches(of: #/<li>([^<]+)</li>/#).map { String($0.1) }
            #expect(items.count == 3, "\(card)")
            #expect(items.allSatisfy { !$0.contains("Buses replace") }, "\(items)")
            #expect(card.components(separatedBy: "On every service listed, buses replace trains between Elsternwick and Sandringham.").count == 2, "\(card)")
        }
    }

    @Test func anExpressRowNamesTheStopsItRunsPastOnceItsPatternIsKnown() async throws {
        try await TestApp.with { app in
            let (express, pattern) = try await app.showcase(\.expressTrain, "an express train")
            // A stop it has not yet left, with stops it passes after it.
            let skippedAt = try require_(pattern.departures.firstIndex {
                !$0.skippedStops.isEmpty && ($0.bestTime ?? .distantPast) > fixedNow.addingTimeInterval(60)
            }, "a stop before stops it passes")
            let from = pattern.departures[skippedAt]
            let names = pattern.departures[skippedAt...].flatMap(\.skippedStops).map { SpokenName.stop($0.stopName) }
            // The run page asked for the pattern, so the board knows it without asking again.
            _ = try await app.get("/runs/train/\(express.runRef)")
            let html = try await app.get("/stops/train/\(from.stopId)").text.asHeard.withoutRowPieces
            let row = try require_(html.firstMatch(of: try Regex("href=\"/ride/train/\(express.runRef)\\?from=\(from.stopId)\"[^>]*>([^<]+)<")), "its row")
            let words = String(try require_(row.output[1].substring))
            let first = names[0].hasSuffix(" Station") ? String(names[0].dropLast(" Station".count)) : names[0]
            #expect(words.contains("express, not stopping at \(first)"), "\(words)")
            #expect(!words.contains("Express,") && !words.hasSuffix("Express"))
        }
    }

    /// A pattern is fresh for 30 seconds; a row still names the stops its run passes minutes later, from the copy held,
    /// while the run PTV has just sent passes as many stops as that copy says.
    @Test func anExpressRowStillNamesTheStopsItRunsPastOnceItsPatternIsNoLongerFresh() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now } }) { app in
            let (express, pattern) = try await app.showcase(\.expressTrain, "an express train")
            let from = try require_(pattern.departures.first { ($0.bestTime ?? .distantPast) > fixedNow.addingTimeInterval(10 * 60) },
                                    "a stop ten minutes ahead")
            let after = try require_(pattern.departures.firstIndex { $0.stopId == from.stopId })
            try #require(!pattern.departures[after...].flatMap(\.skippedStops).isEmpty, "stops it passes after \(from.stopId)")
            clock.advance(5 * 60)
            let html = try await app.get("/stops/train/\(from.stopId)").text.asHeard.withoutRowPieces
            let row = try require_(html.firstMatch(of: try Regex("href=\"/ride/train/\(express.runRef)\\?from=\(from.stopId)\"[^>]*>([^<]+)<")), "its row")
            #expect(String(try require_(row.output[1].substring)).contains("express, not stopping at "))
        }
    }

    @Test func aStalePositionIsSaidWithItsAgeAndWhereItWasSeen() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now } }) { app in
            let simulator = try require_(app.simulator)
            var showcase = simulator.showcase(at: clock.now)
            for _ in 0 ..< 24 where showcase.staleRun == nil {
                clock.advance(30 * 60)
                showcase = simulator.showcase(at: clock.now)
            }
            let lost = try require_(showcase.staleRun, "a run whose feed dropped")
            let mode = lost.routeType == .bus ? "bus" : "train"
            let html = try await app.get("/ride/\(mode)/\(lost.runRef)?from=\(lost.stopID)").text.asHeard
            let source = String(try require_(html.firstMatch(of: #/<p id="ride-source">([^<]+)</p>/#)?.1))
            #expect(source.contains(#/^Live position lost at \d{1,2}\x{202F}\d{2} (am|pm), the (train|bus) was last seen \d+ minutes? ago (near|between) /#), "\(source)")
            // Never where it is now.
            #expect(!(html.firstMatch(of: #/<p class="summary" id="ride-state">([^<]+)</p>/#)?.1.contains(" is at ") ?? false))
        }
    }
}

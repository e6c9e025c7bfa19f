import Foundation
import HTTPServer
import PTV
import Testing
import TestSupport
@testable import App

/// Issue 22 item 14: what Trakx does not know is said, not left silent; no heading stands over nothing.
struct UnknownsSaidTests {
    /// The simulator answers `stop_accessibility: null` for a tram stop, as PTV does for stops it has no record of.
    @Test func aStopWithNoAccessInformationSaysSo() async throws {
        try await TestApp.with { app in
            let tram = try await app.get("/stops/tram/2218")
            #expect(tram.status == 200)
            // Heard as before (issue 55: seen as a label and its value).
            #expect(HeardText.of(tram.text).contains("Step free access, Not known, as PTV has no access information for this stop."))
            #expect(SeenText.of(tram.text).contains("Step-free access: Not known, as PTV has no access information for this stop"))
            let station = try await app.get("/stops/train/1071").text
            #expect(HeardText.of(station).contains("Step free access, yes.") || HeardText.of(station).contains("Step free access, no."))
            #expect(SeenText.of(station).contains("Step-free access: yes") || SeenText.of(station).contains("Step-free access: no"))
        }
    }

    @Test func aNullAccessFlagIsNotNo() throws {
        let json = #"{"stop": {"stop_id": 1099, "stop_name": "Huntingdale", "route_type": 0, "stop_accessibility": {"lift": true, "stop_accessible": null}}, "disruptions": {}, "status": {"version": "3.0", "health": 1}}"#
        let details = try JSONDecoder().decode(StopDetailsResponse.self, from: Data(json.utf8))
        let identity = try #require(StopIdentity(stopID: 1099, type: .train, details: details, departures: nil))
        let access = StopFacts(identity, type: .train).items.first { $0.term == "Step free access" }
        #expect(access?.detail.hasPrefix("Not known") == true, "\(access?.detail ?? "nothing said")")
    }

    /// A stop whose name is no street corner and whose answer names no suburb (a 2018 answer for Flinders Street had
    /// `stop_location: null`): the walk page says PTV does not say where it is, not that it is in Melbourne.
    @Test func aStopWithNoSuburbIsNotPlacedInMelbourne() {
        func summary(_ location: StopLocation?) -> String {
            let stop = StopDetails(stopId: 1071, stopName: "Flinders Street", routeType: .train, location: location)
            return WalkPage(type: .train, details: stop, ways: [], start: nil, form: ("", "", ""), errors: [],
                            context: PageFixtures.context()).head.summary
        }
        #expect(summary(nil) == "PTV does not say which street or suburb this stop is in.")
        #expect(summary(StopLocation(suburb: "Geelong")) == "This train stop is in Geelong.")
    }

    /// An answer that lists a station's access features (under the older names `lifts` and `tactile_tiles`, as a 2018
    /// answer for Flinders Street did) but not whether it is step free: the features are said, and step free access is
    /// not known because PTV does not say, never because PTV has "no access information".
    @Test func featuresWithoutStepFreeSayWhatPTVDoesNotSay() throws {
        let json = #"{"stop": {"stop_id": 1071, "stop_name": "Flinders Street", "route_type": 0, "stop_accessibility": {"lighting": true, "stairs": true, "escalator": true, "lifts": true, "hearing_loop": false, "tactile_tiles": true, "wheelchair": {"accessible_ramp": false}}}, "disruptions": {}, "status": {"version": "3.0", "health": 1}}"#
        let details = try JSONDecoder().decode(StopDetailsResponse.self, from: Data(json.utf8))
        let identity = try #require(StopIdentity(stopID: 1071, type: .train, details: details, departures: nil))
        let facts = StopFacts(identity, type: .train).items.map { "\($0.term), \($0.detail)." }
        #expect(facts.contains("Step free access, Not known, as PTV does not say whether this stop is step free."), "\(facts)")
        #expect(facts.contains("Accessibility, Lift, escalator, stairs, tactile ground indicators."), "\(facts)")
        let current = #"{"lift": false, "lifts": true, "tactile_ground_surface_indicator": null, "tactile_tiles": true}"#
        let access = try JSONDecoder().decode(StopAccessibility.self, from: Data(current.utf8))
        #expect(!access.lift)  // the current name, when sent, is the one read
        #expect(access.tactileGroundSurfaceIndicator)  // null is no answer, so the older name's is read
    }

    /// Riding the recorded Hurstbridge train from its last stop: nothing is left to choose, and the page says why.
    @Test func theLastStopHasNoQuestionWithoutAnswers() throws {
        for (name, pattern, journey, first, _) in Recorded.patterns() where !journey.isCancelled {
            let now = first.addingTimeInterval(-600)
            let ride = RidePage(journey: journey, from: journey.calls.count - 1, to: nil, auto: nil,
                                pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now))
            let html = String(decoding: try Templates(directory: repositoryRoot + "/Templates").render(ride, template: "ride").body, as: UTF8.self)
            #expect(!html.contains("Where are you getting off?"), "\(name)")
            #expect(html.contains("\(journey.calls[journey.calls.count - 1].name) is the last stop of this service"), "\(name)")
            #expect(pageProblems(html) == [], "\(name)")
        }
    }

    @Test func theHomePageSaysWhenItShowsOnlySomeFavourites() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            for stop in ["1071", "1181", "1162"] {
                _ = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", stop)], session: session)
            }
            #expect(!(try await app.get("/").text.contains("favourites-shown")))
            _ = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1155")], session: session)
            let home = try await app.get("/").text
            #expect(home.contains("<p id=\"favourites-shown\">The first 3 of your 4 favourites.</p>"), "\(home)")
            #expect(pageProblems(home) == [])
        }
    }
}

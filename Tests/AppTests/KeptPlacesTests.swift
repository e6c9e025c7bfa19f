@testable import App
import Foundation
import PTV
import Storage
import Testing
import TestSupport

/// Places searched for, kept ahead (issue 54, item 1), on a real server, the simulator and a real database of each
/// engine: after a restart on the same database, or on another instance of the fleet, `/nearby?place=` asks PTV only
/// for the stops near the place, and says the same words as the page that searched it; a kept place past a week is said and searched again in the background,
/// and forgotten when PTV's search no longer finds it; one past four weeks is not said.
@Suite(.serialized)
struct KeptPlacesTests {
    /// An app on the database at `location`, on the clock at `now`.
    static func app(on location: String, now: Date = fixedNow, _ body: (TestApp) async throws -> Void) async throws {
        try await TestApp.with(now: now, configure: { $0.databasePath = location }, body)
    }

    /// The page's heading and title, which the rider hears first.
    static func heard(_ html: String) -> [String] {
        ["<h1>", "<title>"].map { tag in
            html.components(separatedBy: tag).dropFirst().first?.components(separatedBy: "</").first ?? ""
        }
    }

    @Test(arguments: StorageEngine.all) func aRestartedInstanceAnswersAPlaceInOneRound(engine: StorageEngine) async throws {
        try await engine.withLocation { location in
            var first: [String] = []
            try await Self.app(on: location) { app in
                let html = try await app.page("/nearby?place=Richmond", status: 200).text
                first = Self.heard(html)
                #expect(first[0].hasPrefix("Stops near Richmond Station"), "\(first)")
                await app.app.backgroundWorkSettled()
                #expect(try await NetworkAheadTests.asked(app, "search") == 1)
                #expect(try await NetworkAheadTests.metric(app, "trakx_places_kept") == 1)
            }
            try await Self.app(on: location) { app in
                // Typed in lower case: kept by the query folded, named as typed.
                let html = try await app.page("/nearby?place=richmond", status: 200).text
                let again = try await app.page("/nearby?place=Richmond", status: 200).text
                await app.app.backgroundWorkSettled()
                #expect(try await NetworkAheadTests.asked(app, "search") == 0)
                #expect(try await NetworkAheadTests.asked(app, "stops_nearby") == 1)
                #expect(Self.heard(again) == first)
                #expect(html.contains("Measured from Richmond Station, the best match for richmond."))
                #expect(pageProblems(html) == [])
            }
        }
    }

    @Test(arguments: StorageEngine.all) func anotherInstanceOnTheDatabaseAnswersAPlaceTheFirstSearched(engine: StorageEngine) async throws {
        try await engine.withLocation { location in
            // Two instances of a fleet on one database, both running: the first searches, the second does not.
            try await Self.app(on: location) { second in
                try await Self.app(on: location) { first in
                    _ = try await first.page("/nearby?place=Elsternwick", status: 200)
                    await first.app.backgroundWorkSettled()
                }
                let html = try await second.page("/nearby?place=Elsternwick", status: 200).text
                #expect(Self.heard(html)[0].hasPrefix("Stops near Elsternwick"), "\(Self.heard(html))")
                await second.app.backgroundWorkSettled()
                #expect(try await NetworkAheadTests.asked(second, "search") == 0)
            }
        }
    }

    @Test(arguments: StorageEngine.all) func aPlaceNoLongerFoundIsNotSaidForever(engine: StorageEngine) async throws {
        try await engine.withLocation { location in
            // A place kept eight days ago that PTV's search no longer finds.
            let gone = PlaceMatch(point: NamedPoint(name: "Nowhere Junction", latitude: -37.8183, longitude: 144.9671), query: "Nowhere Junction",
                                  isSuburb: false)
            try await Self.app(on: location) { app in
                let store = PlaceStore(database: app.app.database, source: "demo")
                try await store.keep(gone, at: fixedNow.addingTimeInterval(-8 * 86_400))
                // Said at once from the database, and searched again in the background...
                let said = try await app.page("/nearby?place=Nowhere%20Junction", status: 200).text
                #expect(said.contains("Measured from Nowhere Junction, the best match for Nowhere Junction."))
                await app.app.backgroundWorkSettled()
                #expect(try await NetworkAheadTests.asked(app, "search") == 1)
                // ...which found nothing: forgotten, so the next page searches and says so.
                #expect(try await store.place("Nowhere Junction") == nil)
                _ = try await app.page("/nearby?place=Nowhere%20Junction", status: 404)
            }
        }
    }

    @Test func aPlaceKeptPastFourWeeksIsSearchedAgain() async throws {
        try await StorageEngine.sqlite.withLocation { location in
            let old = PlaceMatch(point: NamedPoint(name: "Somewhere Old", latitude: -37.8183, longitude: 144.9671), query: "Richmond", isSuburb: false)
            try await Self.app(on: location) { app in
                try await PlaceStore(database: app.app.database, source: "demo").keep(old, at: fixedNow.addingTimeInterval(-29 * 86_400))
                let html = try await app.page("/nearby?place=Richmond", status: 200).text
                #expect(Self.heard(html)[0].hasPrefix("Stops near Richmond Station"))
                await app.app.backgroundWorkSettled()
                #expect(try await NetworkAheadTests.asked(app, "search") == 1)
                let kept = try await PlaceStore(database: app.app.database, source: "demo").place("richmond")
                #expect(kept?.point.name == "Richmond Station")
                #expect(kept.map { $0.learntAt >= fixedNow.addingTimeInterval(-1) } == true, "the search's time replaced the old one")
            }
        }
    }
}

import Foundation
import Mustache
import PTV
import Testing
@testable import App

/// View models with direct key lookup (`MustacheParent`) must answer for every stored property, or a
/// template would silently render nothing for the one that was missed.
struct TemplateKeysTests {
    /// The stored properties `value` has that its `child(named:)` does not answer for (nil values are skipped).
    func unreachable(_ value: some MustacheParent) -> [String] {
        Mirror(reflecting: value).children.compactMap { child -> String? in
            guard let label = child.label else { return nil }
            if case Optional<Any>.none = child.value as Any? { return nil }
            let mirror = Mirror(reflecting: child.value)
            if mirror.displayStyle == .optional, mirror.children.isEmpty { return nil }
            return value.child(named: label) == nil ? label : nil
        }
    }

    @Test func stopPageModelsAnswerForEveryStoredProperty() throws {
        let departures = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let now = Recorded.at("2024-04-25T01:20:00Z")
        let page = try #require(StopPage(type: .train, stopID: 1099, departures: Fetched(value: departures, fetchedAt: now), details: nil,
                                         favourites: [], context: Recorded.context(now, path: "/stops/train/1099")))
        #expect(unreachable(page) == [])
        #expect(unreachable(page.head) == [])
        #expect(unreachable(page.head.chrome) == [])
        #expect(unreachable(page.head.chrome.title) == [])
        #expect(unreachable(page.head.chrome.notices) == [])
        #expect(unreachable(page.favourite) == [])
        #expect(unreachable(page.favourite.toggle) == [])
        #expect(unreachable(page.favourite.toggle.fields) == [])
        #expect(unreachable(page.facts) == [])
        let group = try #require(page.groups.first)
        #expect(unreachable(group) == [])
        #expect(unreachable(try #require(group.rows.first)) == [])
        #expect(unreachable(try #require(page.facts.items.first)) == [])
        #expect(unreachable(Link("Flinders Street", href: "/stops/train/1071", detail: "Train, 100 metres north")) == [])
        #expect(unreachable(try #require(page.head.chrome.nav.first)) == [])
    }

    @Test func stopPageFormsAnswerForEveryStoredProperty() throws {
        let departures = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let now = Recorded.at("2024-04-25T01:20:00Z")
        let context = Recorded.context(now, path: "/stops/train/1099")
        let page = try #require(StopPage(type: .train, stopID: 1099, departures: Fetched(value: departures, fetchedAt: now), details: nil,
                                         favourites: [], context: context))
        let offer = try #require(AlertOffer.leave(type: .train, stopID: 1099, lines: page.lines.compactMap(\.line),
                                                  publicKey: "key", context: context))
        #expect(unreachable(offer) == [])
        #expect(unreachable(try #require(offer.fields.first)) == [])
        #expect(unreachable(try #require(offer.lines.first)) == [])
        #expect(unreachable(try #require(page.lines.compactMap(\.starButton).first)) == [])
        #expect(unreachable(LowFloorForm(token: context.token, returnPath: "/stops/tram/2019", isOn: true)) == [])
        #expect(unreachable(StopDoor(type: .tram, stopID: 2019, ways: [StopWays.Way(towards: "Clifton Hill", bearing: 270)])) == [])
    }

    @Test func aMissedKeyIsFound() {
        struct Forgetful: MustacheParent {
            let kept = "a"
            let forgotten = "b"
            func child(named name: String) -> Any? { name == "kept" ? kept : nil }
        }
        #expect(unreachable(Forgetful()) == ["forgotten"])
    }
}

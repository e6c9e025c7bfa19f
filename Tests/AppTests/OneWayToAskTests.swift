@testable import App
import Foundation
import Testing
import TestSupport

/// Every PTV question in the app goes through `Ask` (Sources/App/Evidence/TransitSource.swift), which turns every
/// outcome, the visitor's budget refusing it included, into evidence; and with the budget spent, a change is either
/// made and said, or not made and said, never one with the other.
struct OneWayToAskTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/App")

    /// The app's Swift sources, by file name.
    static func sources() throws -> [(name: String, text: String)] {
        var found: [(String, String)] = []
        let files = FileManager.default.enumerator(at: app, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            found.append((file.lastPathComponent, try String(contentsOf: file, encoding: .utf8)))
        }
        return found
    }

    /// Lines that reach PTV another way: the source's own methods (`fetch`, `cached`) or the source itself, anywhere
    /// but the one way and the place that hands it out; a client made anywhere but where the app is built.
    static func otherWays(in sources: [(name: String, text: String)]) -> [String] {
        let allowed: Set<String> = ["TransitSource.swift", "Site.swift"]
        var found: [String] = []
        for (name, text) in sources where !allowed.contains(name) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                if code.contains(".fetch(") || code.contains(".cached(") || code.contains("source.") || (code.contains("PTVClient(") && name != "TrakxApp.swift") {
                    found.append("\(name):\(number + 1): \(code)")
                }
            }
        }
        return found
    }

    @Test func everyPTVQuestionInTheAppGoesThroughAsk() throws {
        let sources = try Self.sources()
        #expect(sources.count > 100)
        #expect(Self.otherWays(in: sources) == [])
    }

    @Test func theCheckFindsACallAroundAsk() throws {
        // The check itself can fail: a controller calling the source directly, or a client of its own, is found.
        let planted = [("Planted.swift", "struct Planted {\n    func go(_ site: Site) async { _ = try? await site.source.fetch(.routeTypes(), allowance: nil) }\n}"),
                       ("Own.swift", "let client = PTVClient(configuration: configuration, logger: logger)")]
        #expect(Self.otherWays(in: planted).map { String($0.prefix(12)) } == ["Planted.swif", "Own.swift:1:"])
    }

    @Test func withTheBudgetSpentAddingAFavouriteStoresItAndSaysSo() async throws {
        try await TestApp.shared(configure: { $0.ptvCallsPerMinutePerVisitor = 4 }) { app in
            // Spend this visitor's minute on made-up stops (two calls each) until a page is refused.
            let (_, refusal) = try await FairShareTests.scan(app, from: "127.0.0.1", limit: 10)
            #expect(refusal?.status == 429)
            // Adding a stop no page has asked about: its name cannot be asked for now, so it is stored by number and
            // the answer says it was added (not a 429 after the write).
            let browser = try await app.session()
            let added = try await browser.post("/favourites", form: [("mode", "tram"), ("stop_id", "2218"), ("return", "/favourites")])
            #expect(added.status == 303, "\(added.status) \(added.text.prefix(300))")
            let page = try await app.follow(added, to: "/favourites", session: browser)
            #expect(page.status == 200)
            #expect(page.text.contains("Added"), "the notice says it was added")
            #expect(page.text.contains("/stops/tram/2218"), "the favourite is listed")
        }
    }
}

@testable import App
import Foundation
import Testing
import TestSupport

/// Every PTV question in the app goes through `Ask` (Sources/App/Asking/TransitSource.swift), which turns every
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

    /// One way round `Ask`, and the files where it is the way itself.
    struct Way: Sendable {
        /// What it is, as a failure names it.
        let name: String
        /// The lines it finds (a regular expression).
        let pattern: String
        /// The files it may appear in.
        let allowedIn: Set<String>
    }

    /// Every way round the one way to ask that the compiler does not already refuse (`PTVClient.send` and its cache are
    /// internal to PTV and `Ask`'s memberwise init is private; these find the same done another way, or the guards
    /// lifted): the source's own methods or the source itself anywhere but `Ask`; the client's sending or cache (through
    /// `@testable`, or were they made public again); an `Ask` made anywhere but its factories; a question charged to
    /// nobody; a client made anywhere but where the app is built.
    static let ways: [Way] = [
        Way(name: "the source's fetch", pattern: #"\.fetch\("#, allowedIn: ["TransitSource.swift"]),
        Way(name: "the source's cache", pattern: #"\.cached\("#, allowedIn: ["TransitSource.swift"]),
        Way(name: "the source itself", pattern: #"source\."#, allowedIn: ["TransitSource.swift"]),
        Way(name: "PTVClient.send", pattern: #"\.send\(.*\bas:|\bsendKeepingBody\("#, allowedIn: []),
        Way(name: "the client's cache", pattern: #"\.cache\b"#, allowedIn: []),
        Way(name: "an Ask made by hand", pattern: #"(^|[^A-Za-z0-9_.])Ask(\.init)?\("#, allowedIn: ["TransitSource.swift"]),
        Way(name: "a question charged to nobody", pattern: #"allowance:\s*(nil|\.none)\b"#, allowedIn: []),
        Way(name: "PTV's internals opened", pattern: #"@testable"#, allowedIn: []),
        Way(name: "a client of its own", pattern: #"PTVClient(\.init)?\("#, allowedIn: ["TrakxApp.swift"]),
    ]

    /// Lines that reach PTV another way (`ways`), each as "file:line: way: code".
    static func otherWays(in sources: [(name: String, text: String)]) throws -> [String] {
        let ways = try Self.ways.map { ($0, try Regex($0.pattern).wordBoundaryKind(.simple)) }
        var found: [String] = []
        for (name, text) in sources {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for (way, pattern) in ways where !way.allowedIn.contains(name) && code.contains(pattern) {
                    found.append("\(name):\(number + 1): \(way.name): \(code)")
                }
            }
        }
        return found
    }

    @Test func everyPTVQuestionInTheAppGoesThroughAsk() throws {
        let sources = try Self.sources()
        #expect(sources.count > 100)
        #expect(try Self.otherWays(in: sources) == [])
    }

    /// Each check itself can fail: a line of each way round `Ask`, planted in a file of its own, is found by its own
    /// way (and by no other), and the lines that go the one way are not found.
    @Test func theCheckFindsACallAroundAsk() throws {
        let planted: [(way: String, line: String)] = [
            ("the source's fetch", "_ = try? await site.ptv.fetch(.routeTypes())"),
            ("the source's cache", "let held = ptv.cached(.routeTypes(), within: 60)"),
            ("the source itself", "let s = site.source.self"),
            ("PTVClient.send", "_ = try await ptv.send(PTVRequest(.routeTypes, [\"route_types\"]), as: RouteTypesResponse.self)"),
            ("PTVClient.send", "_ = try await ptv.sendKeepingBody(request, as: T.self)"),
            ("the client's cache", "ptv.cache.restore(value, fetchedAt: now, for: request)"),
            ("the client's cache", "let shared = client.cache"),
            ("an Ask made by hand", "let ask = Ask(source: site.source(), allowance: context.allowance)"),
            ("an Ask made by hand", "let ask = Ask.init(source: ptv, allowance: allowance)"),
            ("a question charged to nobody", "let ask = Ask.forPage(source: ptv, allowance: nil, work: work)"),
            ("a question charged to nobody", "let ask = Ask.forPage(source: ptv, allowance: .none, work: work)"),
            ("PTV's internals opened", "@testable import PTV"),
            ("a client of its own", "let client = PTVClient(configuration: configuration, logger: logger)"),
        ]
        for (index, (way, line)) in planted.enumerated() {
            let found = try Self.otherWays(in: [("Planted\(index).swift", "struct Planted {\n    \(line)\n}")])
            #expect(found == ["Planted\(index).swift:2: \(way): \(line)"], "\(way): \(line)")
        }
        // The one way, and lines that only look alike, are not found.
        let fine = """
            let ask = site.ask(context)
            let ask = Ask.forPage(source: source, allowance: context.allowance, work: work)
            let ask = Ask.forTrakx(source: source, budget: budget, account: "trakx-alerts")
            let evidence = await ask(.routeTypes())
            outcome = await PushSender(client: client, key: key).send(message, to: subscription)
            let key = request.cacheKey
            // ptv.cache.restore(value): a comment
            let check = OneWayToAsk()
            """
        #expect(try Self.otherWays(in: [("Fine.swift", fine)]) == [])
        // Where a way is the way itself, it is not found.
        #expect(try Self.otherWays(in: [("TransitSource.swift", "let a = Ask(source: source, allowance: allowance)\nsource.cached(query, within: nil)")]) == [])
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

import Foundation
import Testing
import TestSupport

/// Issue 56, item 4: controllers receive what they use. Each controller's stored parts are read in its own file, and
/// `Site`, the page kit every controller shares, holds only what its own methods read or every controller reads; a
/// part some pages use (favourites, which way stops' services leave, alerts, kept places) is handed to those
/// controllers alone.
struct ControllerPartsTests {
    /// A Swift file's lines without comments (a line's `//` tail and doc comments dropped).
    static func code(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...])
        }
    }

    /// The stored properties of the type declared as `struct name` in `text`: its members one indent deep, `let` or
    /// `var`, with a type or a value and no body.
    static func storedProperties(of name: String, in text: String) -> [String] {
        let lines = code(text)
        guard let start = lines.firstIndex(where: { $0.contains("struct \(name)") }) else { return [] }
        var found: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("}") { break }
            guard let match = line.firstMatch(of: #/^    (?:private |fileprivate )?(?:let|var) (\w+)\s*[:=]/#),
                  !line.hasSuffix("{") else { continue }
            found.append(String(match.1))
            // `let a: T, b: T`: the other names too.
            for more in line.matches(of: #/, (\w+): /#) { found.append(String(more.1)) }
        }
        return found
    }

    /// How often `word` is read in `lines` (as a whole word: a boundary at each non-word character, so `site` is found in
    /// `site.lists`, which Unicode's own word boundaries read as one word).
    static func uses(_ word: String, in lines: [String]) -> Int {
        let pattern = try! Regex("\\b\(word)\\b").wordBoundaryKind(.simple)
        return lines.reduce(0) { count, line in count + line.matches(of: pattern).count }
    }

    /// What breaks the rule in `controllers` (file name and text) and `site` (Site's file): a controller's part it
    /// never reads, and a part of `Site` that neither its own methods (outside `init`) nor every controller reads.
    static func unused(controllers: [(name: String, text: String)], site: String) -> [String] {
        var found: [String] = []
        var holders: [[String]] = []
        for controller in controllers {
            let lines = code(controller.text)
            for part in storedProperties(of: controller.name, in: controller.text) where uses(part, in: lines) < 2 {
                found.append("\(controller.name).\(part) is never read")
            }
            if storedProperties(of: controller.name, in: controller.text).contains("site") { holders.append(lines) }
        }
        let siteLines = code(site)
        // Site's methods: its lines but for the declarations and the initializer's.
        var methods: [String] = []
        var inInit = false
        for line in siteLines {
            if line.hasPrefix("    init(") { inInit = true }
            if !inInit, line.firstMatch(of: #/^    (?:private )?(?:let|var) /#) == nil { methods.append(line) }
            if inInit, line == "    }" { inInit = false }
        }
        for part in storedProperties(of: "Site", in: site) {
            let readByMethods = uses(part, in: methods) > 0
            let readByEvery = !holders.isEmpty && holders.allSatisfy { uses("site.\(part)", in: $0) > 0 }
            if !readByMethods && !readByEvery { found.append("Site.\(part) is read by some controllers only: hand it to them") }
        }
        return found
    }

    @Test func eachControllerReceivesWhatItUses() throws {
        var controllers: [(name: String, text: String)] = []
        var site = ""
        for source in try LayoutRulesTests.sources() where source.path.hasPrefix("Sources/App/") {
            if source.path.hasSuffix("/Site.swift") { site = source.text }
            for match in source.text.matches(of: #/struct (\w+Controller): RouteCollection/#) {
                controllers.append((String(match.1), source.text))
            }
        }
        #expect(controllers.count >= 15, "\(controllers.map(\.name))")
        #expect(!site.isEmpty)
        #expect(Self.unused(controllers: controllers, site: site) == [])
    }

    @Test func theCheckFindsAPartNotUsedAndASitePartOnlySomeUse() {
        let site = """
            struct Site {
                let templates: Templates
                let lists: FavouriteLists
                private let source: any TransitSource

                init(templates: Templates, lists: FavouriteLists, source: any TransitSource) {
                    (self.templates, self.lists, self.source) = (templates, lists, source)
                }

                func ask() -> Ask { Ask(source) }
            }
            """
        let one = """
            struct OneController: RouteCollection {
                let site: Site
                let ways: StopWays
                func page() { site.templates.render(site.lists.all()) }
            }
            """
        let two = """
            struct TwoController: RouteCollection {
                let site: Site
                func page() { site.templates.render(site.ask()) }
            }
            """
        let found = Self.unused(controllers: [("OneController", one), ("TwoController", two)], site: site)
        #expect(found == ["OneController.ways is never read", "Site.lists is read by some controllers only: hand it to them"])
    }
}

import Foundation
import Testing
import TestSupport

/// Two of issue 33's rules for the sources, held by a test so that a file cannot grow past them unseen (SpokenName.swift
/// reached 323 lines over two stops before anyone counted): no file in Sources over 300 lines, and each
/// `@unchecked Sendable` says why it is safe (`reasons`), in a comment just above it or just inside it.
struct LayoutRulesTests {
    static let longest = 300

    /// Every Swift, C and header file below Sources, by path from the repository's root.
    static func sources() throws -> [(path: String, text: String)] {
        let root = URL(fileURLWithPath: repositoryRoot + "/Sources")
        var found: [(String, String)] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard ["swift", "h", "c"].contains(file.pathExtension) else { continue }
            found.append((String(file.path.dropFirst(repositoryRoot.count + 1)), try String(contentsOf: file, encoding: .utf8)))
        }
        return found
    }

    /// The files over `longest` lines, with their counts.
    static func tooLong(_ sources: [(path: String, text: String)]) -> [String] {
        sources.compactMap { source in
            let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).count - (source.text.hasSuffix("\n") ? 1 : 0)
            return lines > longest ? "\(source.path): \(lines) lines" : nil
        }
    }

    /// Words that say what makes sharing safe: a lock or queue that guards it, the one thread that uses it at a time,
    /// a value that never changes, or a boxed value that is itself Sendable.
    static let reasons = ["lock", "mutex", "thread", "queue", "at a time", "immutable", "never change",
                          "always a sendable", "always holds a sendable"]

    /// Each `@unchecked Sendable` whose comment (the comment lines just above it, up through its doc comment, or the
    /// comment just inside it) does not say why it is safe in one of `reasons`: none, an empty one, or a generic one
    /// ("A box.") is found.
    static func unexplained(_ sources: [(path: String, text: String)]) -> [String] {
        var found: [String] = []
        for source in sources {
            let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, line) in lines.enumerated() where line.contains("@unchecked Sendable") && !line.hasPrefix("//") {
                var said: [String] = []
                var above = index - 1
                // Attributes between the comment and the declaration (`@available`) are passed over.
                while above >= 0, lines[above].hasPrefix("//") || lines[above].hasPrefix("@") {
                    if lines[above].hasPrefix("//") { said.append(lines[above]) }
                    above -= 1
                }
                var inside = index + 1
                while inside < lines.count, lines[inside].hasPrefix("//") {
                    said.append(lines[inside])
                    inside += 1
                }
                let words = said.map { $0.drop(while: { $0 == "/" || $0 == " " }).lowercased() }.joined(separator: " ")
                if !reasons.contains(where: words.contains) { found.append("\(source.path):\(index + 1)") }
            }
        }
        return found
    }

    @Test func noSourceFileIsOverThreeHundredLines() throws {
        let sources = try Self.sources()
        #expect(sources.count > 150)
        #expect(Self.tooLong(sources) == [])
    }

    @Test func everyUncheckedSendableSaysWhy() throws {
        let sources = try Self.sources()
        #expect(sources.contains { $0.text.contains("@unchecked Sendable") })
        #expect(Self.unexplained(sources) == [])
    }

    @Test func theChecksFindWhatTheyLookFor() {
        let long = ("Sources/Long.swift", Array(repeating: "let x = 1", count: 301).joined(separator: "\n") + "\n")
        let justRight = ("Sources/Fits.swift", Array(repeating: "let x = 1", count: 300).joined(separator: "\n") + "\n")
        #expect(Self.tooLong([long, justRight]) == ["Sources/Long.swift: 301 lines"])
        let bare = ("Sources/Box.swift", "import Foundation\n\nstruct Box: @unchecked Sendable {\n    let p: OpaquePointer\n}\n")
        let said = ("Sources/Said.swift", "/// Only touched under the lock.\nstruct Box: @unchecked Sendable {\n    let p: OpaquePointer\n}\n")
        let inside = ("Sources/Inside.swift", "\n\n\n\nfinal class Box: @unchecked Sendable {\n    // @unchecked: one thread at a time.\n}\n")
        // A doc comment several lines long, its reason on the first line, with an attribute before the declaration.
        let lengthy = ("Sources/Lengthy.swift", "/// Used only on the database's queue,\n/// which is what makes\n/// sharing it\n/// safe.\n@usableFromInline\nfinal class Box: @unchecked Sendable {}\n")
        // Comments that say nothing of why: empty, generic, or only the conformance again.
        let empty = ("Sources/Empty.swift", "///\nstruct Box: @unchecked Sendable {}\n")
        let generic = ("Sources/Generic.swift", "/// A box for the pointer.\nstruct Box: @unchecked Sendable {}\n")
        let again = ("Sources/Again.swift", "struct Box: @unchecked Sendable {\n    // @unchecked Sendable\n}\n")
        // A reason far above, past code, is not this declaration's.
        let far = ("Sources/Far.swift", "/// Guarded by the lock.\nlet x = 1\nstruct Box: @unchecked Sendable {}\n")
        #expect(Self.unexplained([bare, said, inside, lengthy, empty, generic, again, far])
                == ["Sources/Box.swift:3", "Sources/Empty.swift:2", "Sources/Generic.swift:2", "Sources/Again.swift:1", "Sources/Far.swift:3"])
    }
}

import Foundation
import Testing
import TestSupport

/// Two of issue 33's rules for the sources, held by a test so that a file cannot grow past them unseen (SpokenName.swift
/// reached 323 lines over two stops before anyone counted): no file in Sources over 300 lines, and each
/// `@unchecked Sendable` says why it is safe, in a comment just above it or just inside it.
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

    /// Each `@unchecked Sendable` with no comment on the three lines above it (its doc comment) or the line after.
    static func unexplained(_ sources: [(path: String, text: String)]) -> [String] {
        var found: [String] = []
        for source in sources {
            let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, line) in lines.enumerated() where line.contains("@unchecked Sendable") && !line.hasPrefix("//") {
                let near = lines[max(0, index - 3) ..< index] + lines[(index + 1) ..< min(lines.count, index + 2)]
                if !near.contains(where: { $0.hasPrefix("//") }) { found.append("\(source.path):\(index + 1)") }
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
        #expect(Self.unexplained([bare, said, inside]) == ["Sources/Box.swift:3"])
    }
}

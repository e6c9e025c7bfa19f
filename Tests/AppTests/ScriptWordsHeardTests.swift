@testable import App
import Foundation
import Testing
import TestSupport

/// The sentences the scripts in `Public/js` put on a page or in a live region ("Finding your location.", the refresh's
/// failure, the alerts' states) are Trakx's own words too: a screen reader says them with the same punctuation rules
/// as the pages' (OwnWordsHeardTests), but no page test sees them, as they are made in the browser.
struct ScriptWordsHeardTests {
    /// Each single-quoted string in `script` that starts with a capital letter and holds a space: the scripts' sentences
    /// and sentence pieces, not their selectors, media queries or ids. Lines that are comments are left out.
    static func sentences(_ script: String) -> [String] {
        let code = script.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        return code.flatMap { line in
            line.matches(of: #/'((?:[^'\\]|\\.)*)'/#).map { String($0.1) }
                .filter { $0.first?.isUppercase == true && $0.contains(" ") }
        }
    }

    /// The finder and the checker together catch a sentence as it was (a test that cannot fail proves nothing).
    @Test func theCheckerHearsAScriptsOldSentence() {
        let old = "  var FAILED = 'Could not update departures; showing the last ones.';\n  // 'Not: a sentence'\n  el.id = 'x y';"
        let found = Self.sentences(old)
        #expect(found == ["Could not update departures; showing the last ones."])
        #expect(!HeardText.saidPunctuation(found[0], exempt: PTVWords.all).isEmpty)
    }

    @Test func everyScriptSaysNoPunctuationOfItsOwn() throws {
        let folder = repositoryRoot + "/Public/js"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".js") }.sorted()
        #expect(files.count >= 5)
        var all: [String] = []
        for file in files {
            let script = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for sentence in Self.sentences(script) {
                all.append(sentence)
                #expect(HeardText.saidPunctuation(sentence, exempt: PTVWords.all).isEmpty, "\(file): \(sentence)")
            }
        }
        // The scripts' messages are found: location, walking, riding, alerts and the refresh's failure.
        #expect(all.count >= 30, "\(all.count)")
        #expect(all.contains("Finding your location."))
    }
}

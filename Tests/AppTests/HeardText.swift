import Foundation
import TestSupport

/// What a screen reader hears of a page, as text: the title, the body's text with hidden parts left out, and the
/// `aria-label`s that replace what they label; and the places in it where speech-dispatcher, at Orca's default
/// punctuation level ("most"), would say punctuation aloud in Trakx's own words.
enum HeardText {
    /// The page's heard text: `<title>`, then the body without scripts, styles, `aria-hidden` parts (the pictures,
    /// a sign's abbreviations, a clock time as shown) and tags, entities read; a link's `aria-label` is heard in place
    /// of its content, any other element's too.
    static func of(_ html: String) -> String {
        var page = html
        let title = page.firstMatch(of: #/<title>([^<]*)</title>/#).map { String($0.1) } ?? ""
        if let body = page.range(of: "<body") { page = String(page[body.lowerBound...]) }
        // One pass for all that is not heard (each pass of a regular expression copies the page twice).
        let unheard = [#"<script\b.*?</script>"#, #"<style\b.*?</style>"#, #"<svg\b[^>]*aria-hidden="true".*?</svg>"#,
                       #"<(p|div|li)\b[^>]*aria-hidden="true"[^>]*>.*?</\1>"#]
        page = page.replacingOccurrences(of: unheard.joined(separator: "|"), with: " ", options: [.regularExpression, .caseInsensitive])
        // What is shown in place of words the ear hears (partials/said: "8:40 am" beside a heard "8 40 am") is inside
        // the sentence: gone, it leaves no space.
        page = page.replacingOccurrences(of: #"<span\b[^>]*aria-hidden="true"[^>]*>[^<]*</span>"#, with: "", options: .regularExpression)
        // A link or button named by its `aria-label` (a board's row) is heard as its name, not its content.
        page = page.replacing(#/<(a|button)\b([^>]*) aria-label="([^"]*)"([^>]*)>.*?</\1>/#) { " \($0.3) " }
        let labels = page.matches(of: #/aria-label="([^"]*)"/#).map { String($0.1) }
        page = withoutTags(page)
        let text = ([title, page] + labels).joined(separator: "\n")
        return decoded(text).split(whereSeparator: { $0.isWhitespace && $0 != "\u{202F}" }).joined(separator: " ")
    }

    /// `html` without its tags: an inline element's tags leave nothing (its words are part of the line around it), any
    /// other's a space.
    static func withoutTags(_ html: String) -> String {
        html.replacingOccurrences(of: #"</?(span|strong|em|b|i|abbr|time|small|bdi)\b[^>]*>"#, with: "", options: [.regularExpression, .caseInsensitive])
            .replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
    }

    /// Entities as a browser reads them.
    static func decoded(_ text: String) -> String {
        var out = "", rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            rest = rest[ampersand...]
            let entity = entities.first { rest.hasPrefix($0.0) }
            out += entity?.1 ?? "&"
            rest = rest.dropFirst(entity?.0.count ?? 1)
        }
        return out + rest
    }

    /// The entities Trakx's pages use, with what a browser reads for each.
    static let entities = [("&#39;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", " "), ("&amp;", "&")]

    /// Characters speech-dispatcher says as words at Orca's default level wherever they stand: colon, semicolon,
    /// brackets, quote marks, bullets and dashes. (A slash is said between letters: "V slash Line".)
    static let said: Set<Character> = [":", ";", "(", ")", "[", "]", "{", "}", "\"", "“", "”", "‘", "•", "·", "–", "—"]

    /// Each place in `text` where punctuation would be said aloud, with a little of the text around it, leaving out
    /// `exempt` (PTV's own texts, which Trakx says as PTV wrote them): a said character, a right quote that is not an
    /// apostrophe, a hyphen inside a word ("north dash west") and a decimal point ("2 dot 1 kilometres").
    static func saidPunctuation(_ text: String, exempt: PTVWords) -> [String] {
        let found = spoken(text, exempt: exempt)
        guard !found.isEmpty else { return [] }
        // PTV's own strings, where the page says them whole ("City (Flinders Street)"), are PTV's: left out, then
        // looked at again.
        var rest = text
        for string in exempt.punctuated where rest.contains(string) { rest = rest.replacingOccurrences(of: string, with: " ") }
        return spoken(rest, exempt: exempt)
    }

    private static func spoken(_ text: String, exempt: PTVWords) -> [String] {
        let characters = Array(text)
        var found: [String] = []
        for index in characters.indices {
            let character = characters[index]
            let before = index > 0 ? characters[index - 1] : " "
            let after = index + 1 < characters.count ? characters[index + 1] : " "
            let spoken = said.contains(character)
                || (character == "’" && !(before.isLetter && after.isLetter) && !(before == "s" && !after.isLetter))
                || (character == "-" && before.isLetter && after.isLetter)
                || (character == "/" && before.isLetter && after.isLetter)
                || (character == "." && before.isNumber && after.isNumber)
            guard spoken else { continue }
            let window = exempt.window(characters, at: index)
            // A name's own hyphen or point ("Jolimont-MCG", kept when the rest of the name is said in full) is PTV's
            // wherever the name stands; anything else is PTV's only with the words PTV wrote beside it.
            let inName = (character == "-" || character == "." || character == "’") && exempt.hasWord(window.word)
            if !inName && !exempt.contains(window) {
                let start = max(0, index - 40), end = min(characters.count, index + 40)
                found.append("‹\(character)› " + String(characters[start ..< end]))
            }
        }
        return found
    }
}

/// Every string PTV (the simulator's network and the recorded answers) gives Trakx: stop names, landmarks, route and
/// direction names, disruption titles and descriptions. Punctuation inside them is PTV's, not Trakx's.
struct PTVWords: Sendable {
    /// All the strings, whitespace folded, one a line.
    let text: String
    /// The strings with punctuation a screen reader says, longest first.
    let punctuated: [String]

    init(text: String) {
        self.text = text
        let marks = HeardText.said.union(["-", "’", "."])
        punctuated = Set(text.split(separator: "\n").map(String.init).filter { $0.count >= 4 && $0.contains(where: marks.contains) })
            .sorted { $0.count > $1.count }
    }

    /// The strings in the simulator's network and in every recorded PTV answer.
    static let all: PTVWords = {
        var strings: [String] = []
        func collect(_ value: Any) {
            if let string = value as? String { strings.append(string) }
            if let array = value as? [Any] { array.forEach(collect) }
            if let object = value as? [String: Any] { object.values.forEach(collect) }
        }
        let recorded = URL(fileURLWithPath: repositoryRoot + "/Tests/AppTests/Fixtures/recorded")
        let files = ((try? FileManager.default.contentsOfDirectory(at: recorded, includingPropertiesForKeys: nil)) ?? [])
            + ((try? FileManager.default.contentsOfDirectory(at: recorded.appendingPathComponent("bus"), includingPropertiesForKeys: nil)) ?? [])
            + [URL(fileURLWithPath: repositoryRoot + "/Sources/PTVSimulator/Resources/network.json")]
        for file in files where file.pathExtension == "json" {
            if let data = try? Data(contentsOf: file), let json = try? JSONSerialization.jsonObject(with: data) { collect(json) }
        }
        return PTVWords(text: strings.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.joined(separator: "\n"))
    }()

    /// The words around `index`: the word holding it with the word before and the word after, as the text has them.
    func window(_ characters: [Character], at index: Int) -> (before: String, word: String, after: String) {
        var start = index, end = index + 1
        while start > 0, characters[start - 1] != " " { start -= 1 }
        while end < characters.count, characters[end] != " " { end += 1 }
        var previous = start - 1
        while previous > 0, characters[previous - 1] != " " { previous -= 1 }
        var next = end + 1
        while next < characters.count, characters[next] != " " { next += 1 }
        let trim = CharacterSet(charactersIn: ",.")
        func piece(_ from: Int, _ to: Int) -> String {
            from < 0 || from >= to || to > characters.count ? "" : String(characters[from ..< to]).trimmingCharacters(in: trim)
        }
        return (piece(previous, start - 1), piece(start, end), piece(end + 1, next))
    }

    /// Whether PTV's strings hold `word` as a word of their own (not inside a longer one).
    func hasWord(_ word: String) -> Bool {
        let word = word.trimmingCharacters(in: CharacterSet(charactersIn: ",."))
        guard word.count >= 3 else { return false }
        var rest = text[...]
        while let found = rest.range(of: word) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : " "
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : " "
            if !before.isLetter && !before.isNumber && !after.isLetter && !after.isNumber { return true }
            rest = text[found.upperBound...]
        }
        return false
    }

    /// Whether PTV's strings hold the word with a neighbour as they stand in the page (or the word alone, when it
    /// has none).
    func contains(_ window: (before: String, word: String, after: String)) -> Bool {
        let word = window.word.trimmingCharacters(in: CharacterSet(charactersIn: ",."))
        guard !word.isEmpty else { return false }
        if window.before.isEmpty && window.after.isEmpty { return text.contains(word) }
        return (!window.before.isEmpty && text.contains(window.before + " " + word))
            || (!window.after.isEmpty && text.contains(word + " " + window.after))
    }
}

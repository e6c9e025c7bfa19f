import Foundation
import Testing

/// What the eye reads of a page, as text (`HeardText` is what the ear hears): the body as shown, without what only a
/// screen reader gets (the `heard` and `visually-hidden` parts, the `hidden` lists a script reads aloud), the `<title>`
/// (read aloud, not shown in the page), scripts, styles and attributes (a row's `aria-label` is heard; its pieces are
/// seen); and the places in it where Trakx writes for the ear what the eye should read as written (issue 55).
enum SeenText {
    /// The page's seen text, entities read, whitespace folded (a narrow no-break space, U+202F, is kept: it is what
    /// the ear's clock times have in place of a colon).
    static func of(_ html: String) -> String {
        var page = html
        if let body = page.range(of: "<body") { page = String(page[body.lowerBound...]) }
        let unseen = [#"<script\b.*?</script>"#, #"<style\b.*?</style>"#,
                      #"<(ul|div|p)\b[^>]*\shidden(?=[\s>])[^>]*>.*?</\1>"#,
                      #"<(span|h2|div|p)\b[^>]*class="(visually-hidden|heard)"[^>]*>[^<]*</\2>"#]
        page = page.replacingOccurrences(of: unseen.joined(separator: "|"), with: "", options: [.regularExpression, .caseInsensitive])
        let text = HeardText.decoded(HeardText.withoutTags(page))
        return text.split(whereSeparator: { $0.isWhitespace && $0 != "\u{202F}" }).joined(separator: " ")
    }

    /// The labels of a stop's facts (`StopFacts`, `StreetWords`, `WalkPage`, `Arrival`).
    static let labels = ["Suburb", "PTV stop ID", "Landmark", "Step free access", "Step-free access", "Accessibility", "Facilities",
                         "Street", "Cross street", "At", "Side of the road", "Which way", "Services", "Signed as",
                         "Train stop number", "Tram stop number", "Bus stop number"]

    /// Each place in `html` where the eye reads what was written for the ear: a clock time without its colon ("8 40 am"),
    /// a fact as a label and its value joined by a comma ("Suburb, Melbourne City."); and where the ear is given a colon
    /// in a clock time ("8:40 am", said "8 colon 40 am").
    static func problems(_ html: String) -> [String] {
        var found: [String] = []
        let seen = of(html)
        for time in seen.matches(of: #/\d{1,2}\x{202F}\d{2} (am|pm)/#) {
            found.append("seen without its colon: …\(around(time.range, in: seen))…")
        }
        for fact in html.matches(of: #/<p class="fact"[^>]*>(.*?)</p>/#) {
            let text = of("<body>" + fact.1)
            if let label = labels.first(where: { text.hasPrefix($0 + ", ") }) { found.append("a fact seen as \"\(label), value\": \(text)") }
        }
        let heard = HeardText.of(html)
        for time in heard.matches(of: #/\b\d{1,2}:\d{2}\s?(am|pm)\b/#) {
            found.append("heard with a colon: …\(around(time.range, in: heard))…")
        }
        return found
    }

    private static func around(_ range: Range<String.Index>, in text: String) -> String {
        let start = text.index(range.lowerBound, offsetBy: -40, limitedBy: text.startIndex) ?? text.startIndex
        let end = text.index(range.upperBound, offsetBy: 30, limitedBy: text.endIndex) ?? text.endIndex
        return String(text[start ..< end])
    }
}

extension String {
    /// A page's HTML with each part the eye and the ear are given differently (`partials/said`, `partials/fact`) left
    /// as the ear's words, as pages were written before issue 55: the eye's `aria-hidden` words dropped, the `heard`
    /// span's words kept as text, a fact's label span unwrapped ("<p class=\"fact\">Suburb, Melbourne City.</p>"), and
    /// a time shown where the ear has another name (a board's row, named by its `aria-label`) in the ear's words.
    /// For tests of what a page says; on the way, each clock time the eye reads must be the ear's with a colon.
    var asHeard: String {
        var html = replacing(#/<span aria-hidden="true">([^<]*)</span><span class="heard">([^<]*)</span>/#) { pair in
            let seen = String(pair.1), heard = String(pair.2)
            if seen.contains(":"), SeenAndHeardTests.forTheEar(seen.replacingOccurrences(of: "\u{00A0}", with: " ")) != heard, seen != ":" {
                Issue.record("seen \"\(seen)\", heard \"\(heard)\": not one clock time")
            }
            return heard
        }
        html = html.replacing(#/<span class="heard">([^<]*)</span>/#) { String($0.1) }
        return html.replacing(#/<span class="fact-term">([^<]*)</span>/#) { String($0.1) }
            .replacing(#/\b(\d{1,2}):(\d{2})\x{A0}(am|pm)\b/#) { "\($0.1)\u{202F}\($0.2) \($0.3)" }
    }
}

import Foundation
import PTV

/// PTV's own sentences (a disruption's title and description) with the punctuation a screen reader says aloud made
/// into what it means, every word kept. At Orca's default punctuation level speech-dispatcher says each colon:
/// PTV titles its disruptions "Place: what" ("Flinders Street Station colon Temporary pedestrian access changes")
/// and writes times as "8:30pm" or "8.30pm" ("8 colon 30 pm", "8 dot 30 pm"). Here the title's colon is a comma,
/// and a time is written as Trakx writes its own (``TimeWords/clock(_:)``: "8 30 pm").
enum PTVSentences {
    /// "8:30pm", "8.30 pm", "11:05 AM": hour, minutes, a or p.
    nonisolated(unsafe) private static let twelveHour = /\b(1[0-2]|0?[1-9])[:.]([0-5][0-9]) ?([AaPp])[Mm]\b/
    /// "20:30", "08:15".
    nonisolated(unsafe) private static let twentyFourHour = /\b([01]?[0-9]|2[0-3]):([0-5][0-9])\b/
    /// A colon or semicolon that ends a phrase (not one inside a time or an address like "http://").
    nonisolated(unsafe) private static let phraseBreak = /\s*[:;]\s+/

    /// `text` as a screen reader should say it; unchanged when it has no time and no colon or semicolon between words.
    /// - Parameter text: PTV's title or description.
    static func heard(_ text: String) -> String {
        guard text.contains(where: { $0 == ":" || $0 == ";" || $0 == "." }) else { return text }
        var out = text.replacing(twelveHour) { match in
            "\(match.1)\u{202F}\(match.2) \(match.3.lowercased())m"
        }
        out = out.replacing(twentyFourHour) { match in "\(match.1)\u{202F}\(match.2)" }
        return out.replacing(phraseBreak) { _ in ", " }
    }
}

extension Disruption {
    /// The title as a screen reader should say it (``PTVSentences``).
    var heardTitle: String { PTVSentences.heard(title) }
}

import Foundation

// SpokenName's word tables and the tokenizer that reads a name word by word (the public readings are in
// SpokenName.swift; the tables and `expand` are shared with them).
extension SpokenName {
    /// PTV's one-word abbreviations, said in full.
    static let abbreviations: [String: String] = [
        "St": "Street", "Rd": "Road", "Pde": "Parade", "Hwy": "Highway", "Stn": "Station",
        "Opp": "Opposite", "Ave": "Avenue", "Av": "Avenue", "Gr": "Grove", "Cres": "Crescent",
        "Dr": "Drive", "Tce": "Terrace", "Bvd": "Boulevard", "Blvd": "Boulevard", "Cl": "Close",
        "Ct": "Court", "Pl": "Place", "Ln": "Lane", "Sq": "Square", "Fwy": "Freeway",
        "Esp": "Esplanade", "Cnr": "Corner", "Nth": "North", "Sth": "South", "Mt": "Mount",
        "SC": "Shopping Centre", "Uni": "University", "Rly": "Railway", "PS": "Primary School",
        "Hosp": "Hospital", "Ret": "Retirement",
    ]

    /// Route names' own reading: a bracketed "(Ret)" on its own ends a school route's name and is its return trip;
    /// "Ret" before a place word ("Ret Village") is Retirement, as in stop names.
    static let routeAbbreviations: [String: String] = ["(Ret)": "(return)", "RET": "return"]

    /// Vehicle classes as PTV abbreviates them in `vehicle_descriptor`.
    static let vehicleAbbreviations: [String: String] = ["HCMT": "High Capacity Metro Train"]

    /// Words that cannot end a name once a cut-off bracket is dropped.
    static let dangling: Set<String> = ["to", "via", "-", "–", "—", ",", "&", "and"]

    /// Two-word abbreviations, matched before single words.
    private static let pairAbbreviations: [String: [String: String]] = [
        "Sec": ["Col": "Secondary College"],
    ]

    /// Words after which "St" still begins a name, so it means Saint.
    private static let connectors: Set<String> = [
        "Opp", "Opposite", "Cnr", "Corner", "Nr", "Near", "via", "Via", "to", "at", "and", "&",
        "-", "–", "—",
    ]

    private static let dashes: Set<String> = ["-", "–", "—"]

    /// Stands between the two words of a name joined by a hyphen ("Jolimont-MCG"): each is said as a word of its own,
    /// the second as a name's start ("Brunswick East-St Kilda" keeps its Saint).
    private static let joiner = "\u{0}"

    /// The tokens with each hyphen between two letters made a `joiner`: Orca says "Jolimont dash MCG" for the hyphen.
    /// A code's hyphen ("D15-Dromana", read first) and numbers' ("802-804") stay.
    static func unjoined(_ tokens: [String]) -> [String] {
        tokens.flatMap { token -> [String] in
            let characters = Array(token)
            guard characters.count > 2, characters.contains("-") else { return [token] }
            var parts: [String] = []
            var current = ""
            for (index, character) in characters.enumerated() {
                if character == "-", index > 0, index + 1 < characters.count, characters[index - 1].isLetter,
                   characters[index + 1].isLetter {
                    parts += [current, joiner]
                    current = ""
                } else {
                    current.append(character)
                }
            }
            return parts + [current]
        }
    }
    private static let leadingPunctuation: Set<Character> = ["(", "[", "\"", "'", "‘", "“"]
    private static let trailingPunctuation: Set<Character> = [")", "]", ",", ".", ";", ":", "\"", "'", "’", "”"]

    /// Expands one run of words. `stopNumbers` collects any "#N" markers, which are removed.
    static func expand(
        _ tokens: [String], dashReadsTo: Bool, stopNumbers: inout [String], extra: [String: String]
    ) -> [String] {
        var out: [String] = []
        out.reserveCapacity(tokens.count)
        // True while no name word has been seen since the start or the last connector.
        var atNameStart = true
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            i += 1

            if token.hasPrefix("#") {
                var number = String(token.dropFirst())
                if number.isEmpty, i < tokens.count {
                    number = tokens[i]
                    i += 1
                }
                number = String(number.drop(while: { $0 == "#" }).reversed().drop(while: trailingPunctuation.contains).reversed())
                if !number.isEmpty {
                    stopNumbers.append(number)
                }
                continue
            }

            if token == joiner {
                atNameStart = true
                continue
            }

            if dashes.contains(token) {
                out.append(dashReadsTo ? "to" : token)
                atNameStart = true
                continue
            }

            if let whole = extra[token] {
                out.append(whole)
                atNameStart = false
                continue
            }

            let (lead, core, trail) = splitPunctuation(token)

            if trail.isEmpty, i < tokens.count, let seconds = pairAbbreviations[core] {
                let (nextLead, nextCore, nextTrail) = splitPunctuation(tokens[i])
                if nextLead.isEmpty, let expansion = seconds[nextCore] {
                    out.append(lead + expansion + dropAbbreviationDot(nextTrail))
                    i += 1
                    atNameStart = false
                    continue
                }
            }

            if core == "St", atNameStart {
                // Saint: "St Kilda", "Opp St Vincents Hospital".
                out.append(lead + core + dropAbbreviationDot(trail))
                atNameStart = false
                continue
            }

            if let expansion = abbreviations[core] ?? extra[core] {
                out.append(lead + expansion + dropAbbreviationDot(trail))
                atNameStart = connectors.contains(core)
                continue
            }

            out.append(token)
            atNameStart = connectors.contains(core)
        }
        return out
    }

    /// Splits "(St," into "(", "St", ",".
    static func splitPunctuation(_ token: String) -> (String, String, String) {
        var start = token.startIndex
        while start < token.endIndex, leadingPunctuation.contains(token[start]) {
            start = token.index(after: start)
        }
        var end = token.endIndex
        while end > start {
            let before = token.index(before: end)
            guard trailingPunctuation.contains(token[before]) else { break }
            end = before
        }
        return (String(token[..<start]), String(token[start..<end]), String(token[end...]))
    }

    /// An abbreviation's own full stop ("St.") is dropped once the word is expanded.
    private static func dropAbbreviationDot(_ trail: String) -> String {
        trail.hasPrefix(".") ? String(trail.dropFirst()) : trail
    }
}

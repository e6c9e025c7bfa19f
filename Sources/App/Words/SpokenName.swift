import Foundation

/// Turns PTV stop and route names into wording that reads aloud well in a screen reader.
///
/// PTV names are terse and full of abbreviations ("Opp Chadstone SC/Dandenong Rd #52"). Screen
/// readers either spell those out letter by letter or guess badly, so this expands them into
/// plain Australian English ("Opposite Chadstone Shopping Centre at Dandenong Road, stop 52").
///
/// Abbreviations are expanded only as whole words and only in the capitalised forms PTV uses,
/// so "Stanley", "Drummond" or "ST" are never touched.
public enum SpokenName {
    /// Converts an official PTV stop name into its spoken form.
    ///
    /// - Trims surrounding whitespace and collapses runs of whitespace.
    /// - Expands abbreviations ("Rd" → "Road", "SC" → "Shopping Centre", "Sec Col" → "Secondary College").
    /// - "St" reads "Street" when it follows a name word, and stays "St" (Saint) when it begins a
    ///   "/"-separated part or follows only a connector such as "Opp" or "Cnr"
    ///   ("St Kilda Rd/Toorak Rd" → "St Kilda Road at Toorak Road").
    /// - Each "/" reads " at ".
    /// - A stop number "#12" moves to the end as ", stop 12".
    /// - A leading sign code joined by a hyphen reads as its own word ("D15-Dromana" → "D15, Dromana").
    /// - Brackets read as a pair of commas ("City (Flinders Street)" → "City, Flinders Street").
    /// - A hyphen joining two words reads as a space ("Jolimont-MCG" → "Jolimont MCG": Orca says the hyphen as "dash").
    /// - Parameter withStopNumber: false leaves the "#12" stop number out (for lists where every word costs
    ///   listening time and the stop's own page says it).
    public static func stop(_ official: String, withStopNumber: Bool = true) -> String {
        var stopNumbers: [String] = []
        var parts: [String] = []
        for rawPart in separateCode(official).split(separator: "/") {
            let tokens = unjoined(rawPart.split(whereSeparator: \.isWhitespace).map(String.init))
            let words = expand(tokens, dashReadsTo: false, stopNumbers: &stopNumbers, extra: [:])
            if !words.isEmpty {
                parts.append(words.joined(separator: " "))
            }
        }
        var result = bracketsAsPauses(parts.joined(separator: " at "))
        for number in stopNumbers where withStopNumber {
            result += result.isEmpty ? "Stop \(number)" : ", stop \(number)"
        }
        return result
    }

    /// Where a spoken stop name's ", stop 13" is (the number ``stop(_:withStopNumber:)`` puts at the end), if it has one:
    /// the range of the whole suffix and of the number. (Plain string search: a regular expression was compiled
    /// for every departure on a board.)
    static func stopNumber(in spoken: String) -> (suffix: Range<String.Index>, number: Range<String.Index>)? {
        guard let marker = spoken.ranges(of: ", stop ").last else { return nil }
        let number = marker.upperBound ..< spoken.endIndex
        guard !number.isEmpty, !spoken[number].contains(where: \.isWhitespace) else { return nil }
        return (marker.lowerBound ..< spoken.endIndex, number)
    }

    /// Converts an official PTV route name into its spoken form.
    ///
    /// Uses the same abbreviation rules as ``stop(_:)``, and a spaced hyphen, en dash or em dash
    /// between places reads "to" ("Elsternwick - Clifton Hill via Brunswick St" →
    /// "Elsternwick to Clifton Hill via Brunswick Street"). A "/" is left alone.
    ///
    /// PTV's bus data is tidied first: a name cut off inside a bracket ("… via Glen Waverley (Route 737")
    /// loses the unclosed bracket, a leading code joined by a hyphen ("D15-Dromana") reads "D15, Dromana",
    /// and route-only abbreviations ("Ret") are said in full. A closed bracket reads as a pair of commas
    /// ("Monash University (SMARTBUS Service)" → "Monash University, SMARTBUS Service").
    public static func route(_ name: String) -> String {
        var stopNumbers: [String] = []
        let tokens = unjoined(separateCode(tidyBrackets(name)).split(whereSeparator: \.isWhitespace).map(String.init))
        var words = expand(tokens, dashReadsTo: true, stopNumbers: &stopNumbers, extra: routeAbbreviations)
        // Route names do not carry stop numbers; put any "#" text back as it was.
        words.append(contentsOf: stopNumbers.map { "#\($0)" })
        while let last = words.last, dangling.contains(last) { words.removeLast() }
        return bracketsAsPauses(words.joined(separator: " "))
    }

    /// A name's brackets as a pair of commas ("Stud Park Shopping Centre, Rowville", "Monash University, SMARTBUS
    /// Service"): a bracket is "left paren" aloud.
    private static func bracketsAsPauses(_ spoken: String) -> String {
        spoken.contains("(") ? PTVSentences.heard(spoken) : spoken
    }

    /// The number a rider knows for a route: PTV's `route_number` when it has one, else a number the name
    /// carries ("… (Route 737", "Route 96 Brunswick East") or a leading code ("D15-Dromana …"); nil when
    /// none says one.
    /// - Parameters:
    ///   - number: PTV's `route_number` (often "" for buses whose number is only in the name).
    ///   - name: PTV's `route_name`.
    public static func routeNumber(_ number: String, name: String) -> String? {
        let trimmed = number.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { return trimmed }
        if let (code, _) = leadingCode(name) { return String(code) }
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ")" }).map(String.init)
        for (index, word) in words.enumerated() where word.lowercased() == "route" && index + 1 < words.count {
            let candidate = words[index + 1].trimmingCharacters(in: CharacterSet(charactersIn: ",.;:"))
            if candidate.first?.isNumber == true, candidate.count <= 5, candidate.allSatisfy({ $0.isLetter || $0.isNumber }) {
                return candidate
            }
        }
        return nil
    }

    /// Drops an unclosed bracket and everything after it ("Box Hill (Route 737" → "Box Hill"), and a
    /// stray closing one.
    static func tidyBrackets(_ name: String) -> String {
        var depth = 0
        var openAt: String.Index?
        var kept = ""
        for index in name.indices {
            let character = name[index]
            if character == "(" {
                if depth == 0 { openAt = kept.endIndex }
                depth += 1
            } else if character == ")" {
                if depth == 0 { continue }
                depth -= 1
            }
            kept.append(character)
        }
        if depth > 0, let openAt { kept = String(kept[..<openAt]) }
        return kept
    }

    /// "D15-Dromana" → "D15, Dromana": a leading route code joined to the name by a hyphen.
    static func separateCode(_ name: String) -> String {
        guard let (code, rest) = leadingCode(name) else { return String(name.drop(while: \.isWhitespace)) }
        return rest.isEmpty ? String(code) : "\(code), \(rest)"
    }

    /// A leading route code ("D15" in "D15-Dromana"): an upper-case letter, then capitals and digits (with at
    /// least one digit), joined to the rest by a hyphen; nil when the name does not start with one.
    static func leadingCode(_ name: String) -> (code: Substring, rest: Substring)? {
        let trimmed = name.drop(while: \.isWhitespace)
        guard let hyphen = trimmed.firstIndex(of: "-") else { return nil }
        let code = trimmed[..<hyphen]
        guard (2 ... 6).contains(code.count), code.first?.isUppercase == true, code.contains(where: \.isNumber),
              code.allSatisfy({ $0.isNumber || ($0.isLetter && $0.isUppercase) }) else { return nil }
        return (code, trimmed[trimmed.index(after: hyphen)...].drop(while: \.isWhitespace))
    }

    /// Where a service goes, as said after "to": the stop or place in full ("Ringwood Station", "Box Hill Bus
    /// Station"), without a terminus stop's cross street or stop number ("Burke Road at Wattletree Road, stop 64"
    /// → "Burke Road"). Only a rail service drops "Station", as platform displays do ("to Frankston").
    /// - Parameters:
    ///   - official: PTV's `destination_name` (or a direction's name).
    ///   - rail: Whether the service is a train or V/Line train.
    static func destination(_ official: String, rail: Bool) -> String {
        var spoken = stop(official, withStopNumber: false)
        if let at = spoken.firstRange(of: " at ") { spoken = String(spoken[..<at.lowerBound]) }
        if rail, spoken.hasSuffix(" Station") { spoken.removeLast(" Station".count) }
        return spoken
    }

    /// A vehicle's description in full: "7-car HCMT" → "7-car High Capacity Metro Train".
    static func vehicle(_ description: String) -> String {
        description.split(whereSeparator: \.isWhitespace).map { word in
            let (lead, core, trail) = splitPunctuation(String(word))
            return vehicleAbbreviations[core].map { lead + $0 + trail } ?? String(word)
        }.joined(separator: " ")
    }

    /// Whether the spoken stop name differs from the official one, so the page should also
    /// show "Signed as …".
    ///
    /// Differences in whitespace alone (surrounding or doubled spaces) do not count, since they
    /// cannot be seen or heard.
    public static func differs(_ official: String) -> Bool {
        let normalised = official.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return stop(official) != normalised
    }
}

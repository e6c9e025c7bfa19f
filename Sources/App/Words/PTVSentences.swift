import Foundation
import PTV

/// PTV's own sentences (a disruption's title and description) with the punctuation a screen reader says aloud made
/// into what it means, every word kept. At Orca's default punctuation level speech-dispatcher says each colon:
/// PTV titles its disruptions "Place: what" ("Flinders Street Station colon Temporary pedestrian access changes")
/// and writes times as "8:30pm" or "8.30pm" ("8 colon 30 pm", "8 dot 30 pm"), and brackets are "left paren". Here
/// the colon (or semicolon) that ends a phrase is a comma, brackets are a pair of commas, and a time is written as
/// Trakx writes its own (``TimeWords/clock(_:)``: "8 30 pm"); a colon that ends the text is a full stop, and a full
/// stop PTV left without its space ("Station.From") gets one; a corner "Swan St/Punt Rd" is "Swan St at Punt Rd", a
/// hyphen inside a word a space ("Real time"), and "V/Line" ("V slash Line" aloud) is written as Trakx writes it
/// (``ModeWords/vLine``).
/// Read byte by byte, once: a cold page says every disruption its answers name.
enum PTVSentences {
    /// `text` as a screen reader should say it; the same text when it has no time and no colon or semicolon
    /// before a space.
    /// - Parameter text: PTV's title or description.
    static func heard(_ text: String) -> String {
        // Most texts have nothing to say otherwise: they are returned as they are, with nothing copied.
        guard text.utf8.contains(where: { $0 == colon || $0 == semicolon || $0 == dot || $0 == open || $0 == slash || $0 == hyphen }) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            if let (time, next) = time(at: index, in: bytes) {
                out += time
                index = next
                continue
            }
            let byte = bytes[index]
            // A colon that ends the text (PTV's list after it is not sent) ends the sentence: "of the car park:".
            if byte == colon || byte == semicolon, bytes[(index + 1)...].allSatisfy(isSpace) {
                out.append(dot)
                break
            }
            // A full stop with no space after it ("at Belgrave Station.From Saturday") is said as one word run on.
            if byte == dot, index > 0, index + 1 < bytes.count, isLower(bytes[index - 1]), isUpper(bytes[index + 1]) {
                out += [dot, space]
                index += 1
                continue
            }
            if byte == colon || byte == semicolon, index + 1 < bytes.count, isSpace(bytes[index + 1]) {
                while let last = out.last, isSpace(last) { out.removeLast() }
                out += [comma, space]
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                continue
            }
            // An area code is part of its number: "(03) 9670 2072" is said "03 9670 2072", not "on, 03, 9670 2072".
            if byte == open, let close = bytes[(index + 1)...].prefix(6).firstIndex(of: shut), close > index + 1,
               bytes[(index + 1) ..< close].allSatisfy(isDigit), close + 2 < bytes.count, isSpace(bytes[close + 1]),
               isDigit(bytes[close + 2]) {
                out += bytes[(index + 1) ..< close]
                index = close + 1
                continue
            }
            // "Minor delays (up to 15 minutes) due to" is said "Minor delays, up to 15 minutes, due to": a bracket is
            // "left paren" aloud, a pair of commas is a pause.
            if byte == open, let close = bytes[(index + 1)...].firstIndex(of: shut),
               !bytes[(index + 1) ..< close].contains(where: { $0 == open }), close > index + 1 {
                while let last = out.last, isSpace(last) { out.removeLast() }
                if let last = out.last, !isPause(last) { out += [comma, space] }
                var inner = index + 1
                while inner < close, isSpace(bytes[inner]) { inner += 1 }
                // The words inside read as the rest does (a time in them too).
                out += Array(heard(String(decoding: bytes[inner ..< close], as: UTF8.self)).utf8)
                while let last = out.last, isSpace(last) { out.removeLast() }
                index = close + 1
                // A comma closes it before more words; before a full stop or the end, nothing.
                var after = index
                while after < bytes.count, isSpace(bytes[after]) { after += 1 }
                if after < bytes.count, !isPause(bytes[after]) { out.append(comma) }
                continue
            }
            // A hyphen inside a word is "dash" aloud ("Real dash time information"): a space says the two words.
            if byte == hyphen, let last = out.last, isUpper(last) || isLower(last), index + 1 < bytes.count,
               isUpper(bytes[index + 1]) || isLower(bytes[index + 1]) {
                out.append(space)
                index += 1
                continue
            }
            // A corner written as PTV signs it, "Swan St/Punt Rd", is said as Trakx says a stop's name ("at"), not
            // "Swan St slash Punt Rd"; only after a road's word and before a capital ("and/or" and "24/7" stay).
            // "V/Line" is written as Trakx writes it (``ModeWords/vLine``).
            if byte == slash, index + 1 < bytes.count, isUpper(bytes[index + 1]), let word = lastWord(out) {
                if roads.contains(word) {
                    out += Array(" at ".utf8)
                    index += 1
                    continue
                }
                if word == "V", bytes[(index + 1)...].starts(with: line), index + 1 + line.count == bytes.count
                    || !isWordByte(bytes[index + 1 + line.count]) {
                    out.append(space)
                    index += 1
                    continue
                }
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The words a street, road or place name ends with in PTV's texts, written as PTV writes them.
    private static let roads: Set<String> = [
        "St", "Street", "Rd", "Road", "Ave", "Av", "Avenue", "Hwy", "Highway", "Pde", "Parade", "Blvd", "Bvd", "Boulevard",
        "Dr", "Drive", "Cres", "Crescent", "Gr", "Grove", "Esp", "Esplanade", "Sq", "Square", "Mall", "Pl", "Place", "Tce",
        "Terrace", "Ct", "Court", "Cct", "Circuit", "Lane", "Ln", "Way", "Fwy", "Freeway", "Station", "Stn", "SC",
    ]

    /// "Line", as "V/Line" goes on after its slash.
    private static let line = Array("Line".utf8)

    /// The whole word of letters the text so far ends with; nil when it ends otherwise (or inside a word with digits).
    private static func lastWord(_ out: [UInt8]) -> String? {
        var start = out.count
        while start > 0, isUpper(out[start - 1]) || isLower(out[start - 1]) { start -= 1 }
        guard start < out.count, start == 0 || !isWordByte(out[start - 1]) else { return nil }
        return String(decoding: out[start...], as: UTF8.self)
    }

    /// The time that starts at `start` in Trakx's way, and where the text goes on after it: "8:30pm", "8.30 PM" and
    /// "11:05 am" (hour 1 to 12, then am or pm), or "20:30" (a colon, hour 0 to 23); nil for anything else, such as
    /// "7.5" or "2.30" without am or pm.
    private static func time(at start: Int, in bytes: [UInt8]) -> ([UInt8], Int)? {
        guard isDigit(bytes[start]), start == 0 || !isWordByte(bytes[start - 1]) else { return nil }
        var index = start
        while index < bytes.count, index - start < 2, isDigit(bytes[index]) { index += 1 }
        let hour = Array(bytes[start ..< index])
        guard index + 2 < bytes.count, bytes[index] == colon || bytes[index] == dot,
              isDigit(bytes[index + 1]), isDigit(bytes[index + 2]), bytes[index + 1] <= UInt8(ascii: "5") else { return nil }
        let separator = bytes[index]
        let minutes = Array(bytes[index + 1 ... index + 2])
        index += 3
        let value = hour.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        var meridiem = index
        if meridiem < bytes.count, bytes[meridiem] == space { meridiem += 1 }
        if meridiem + 1 < bytes.count, bytes[meridiem] | 0x20 == UInt8(ascii: "a") || bytes[meridiem] | 0x20 == UInt8(ascii: "p"),
           bytes[meridiem + 1] | 0x20 == UInt8(ascii: "m"), meridiem + 2 == bytes.count || !isWordByte(bytes[meridiem + 2]),
           (1 ... 12).contains(value) {
            return (hour + narrowSpace + minutes + [space, bytes[meridiem] | 0x20, UInt8(ascii: "m")], meridiem + 2)
        }
        guard separator == colon, value <= 23, index == bytes.count || !isWordByte(bytes[index]) else { return nil }
        return (hour + narrowSpace + minutes, index)
    }

    private static let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), dot = UInt8(ascii: ".")
    private static let comma = UInt8(ascii: ","), space = UInt8(ascii: " ")
    private static let open = UInt8(ascii: "("), shut = UInt8(ascii: ")"), slash = UInt8(ascii: "/"), hyphen = UInt8(ascii: "-")
    /// What Trakx's own times put between hour and minutes.
    private static let narrowSpace = Array(TimeWords.clockSpace.utf8)

    private static func isDigit(_ byte: UInt8) -> Bool { (48 ... 57).contains(byte) }
    private static func isLower(_ byte: UInt8) -> Bool { (97 ... 122).contains(byte) }
    private static func isUpper(_ byte: UInt8) -> Bool { (65 ... 90).contains(byte) }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == space || byte == 9 || byte == 10 || byte == 13 }
    /// A mark a pause is already heard at, where a comma would add nothing.
    private static func isPause(_ byte: UInt8) -> Bool {
        switch byte {
        case comma, dot, colon, semicolon, UInt8(ascii: "!"), UInt8(ascii: "?"): true
        default: false
        }
    }
    private static func isWordByte(_ byte: UInt8) -> Bool { isDigit(byte) || (97 ... 122).contains(byte | 0x20) }
}

extension Disruption {
    /// The title as a screen reader should say it (``PTVSentences``).
    var heardTitle: String { PTVSentences.heard(title) }

    /// The heard title where more of the phrase follows it (", at this stop."): without its own final full stop, which
    /// would end the sentence before the rest ("until further notice., on the route 862 bus.").
    var heardTitleOpen: String {
        var text = Substring(heardTitle)
        while let last = text.last, last.isWhitespace || last == "." { text = text.dropLast() }
        return String(text)
    }
}

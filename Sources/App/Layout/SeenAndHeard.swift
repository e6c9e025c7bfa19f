import Mustache

/// A finished text as the eye reads it and as the ear hears it, which differ in markup only: each of Trakx's clock
/// times in it is seen as a timetable writes it, "8:40 am", and heard as ``TimeWords/clock(_:)`` says it, "8 40 am"
/// (at Orca's default punctuation level speech-dispatcher says every colon: "8 colon 40 am"); a fact's label is seen
/// "Step-free access:" and heard "Step free access," (``label(_:)``).
///
/// Builders keep writing sentences for the ear (a clock time is the only place Trakx writes a narrow no-break space,
/// U+202F, between two numbers, so it is found again here); the page renders this through
/// `Templates/partials/said.mustache`, which gives each differing part twice: the eye's in an `aria-hidden` span, the
/// ear's in a `heard` span (`Public/css/trakx.css`), inline and of no size, so that the sentence stays one line of
/// text for Orca (a `visually-hidden` span is positioned out of the line, and Orca's browse mode read the sentence
/// around it as three lines: "Next, Frankston line, now," / "8 31 am" / "from platform 8, to Frankston."). Every part
/// is escaped by the template, as any other value.
struct SeenAndHeard: Sendable, Equatable {
    /// A piece of the text: words both read, or words each reads its own way (a clock time).
    struct Part: Sendable, Equatable {
        /// Words given to both (empty in a part that differs).
        var text = ""
        /// What the eye reads instead, "8:40 am" (in a part that differs; may be empty).
        var seen = ""
        /// What the ear hears instead, "8 40 am" (in a part that differs; may be empty).
        var heard = ""
        /// Whether the eye and the ear are given different words.
        var differs = false

        /// Words given to both.
        init(_ text: String) { self.text = text }
        /// Words the eye and the ear are given differently.
        init(seen: String, heard: String) { (self.seen, self.heard, differs) = (seen, heard, true) }
    }

    /// The text's parts, in order.
    let parts: [Part]

    /// Splits `text`, written for the ear, at each of its clock times.
    init(_ text: String) {
        guard text.contains(TimeWords.clockSpace) else {
            parts = [Part(text)]
            return
        }
        // A clock time as TimeWords.clock writes it: "8 40 am", "12 05 pm" (a narrow no-break space between the hour
        // and the minutes), found by hand: this runs on every sentence of every page, where a Regex costs many times more.
        let characters = Array(text)
        var parts: [Part] = [], plain = 0, index = 0
        while index < characters.count {
            guard characters[index] == Self.narrowSpace, let time = Self.clockTime(in: characters, around: index) else {
                index += 1
                continue
            }
            if time.start > plain { parts.append(Part(String(characters[plain ..< time.start]))) }
            // "8:40 am", with a no-break space before "am" so that a line never ends inside the time.
            parts.append(Part(seen: "\(time.hour):\(time.minutes)\u{00A0}\(time.half)", heard: String(characters[time.start ..< time.end])))
            (index, plain) = (time.end, time.end)
        }
        if plain < characters.count || parts.isEmpty { parts.append(Part(String(characters[plain...]))) }
        self.parts = parts
    }

    /// The space `TimeWords.clock` puts between the hour and the minutes.
    private static let narrowSpace = Character(TimeWords.clockSpace)

    /// The clock time whose narrow space is at `space`: its hour (1 to 12), minutes (00 to 59) and "am" or "pm", and
    /// where it starts and ends; nil when the space is not in one.
    private static func clockTime(in characters: [Character], around space: Int)
        -> (start: Int, end: Int, hour: String, minutes: String, half: String)? {
        func digit(_ at: Int, in range: ClosedRange<Character>) -> Bool {
            at >= 0 && at < characters.count && range.contains(characters[at])
        }
        let start: Int
        if digit(space - 2, in: "1" ... "1"), digit(space - 1, in: "0" ... "2") {
            start = space - 2
        } else if digit(space - 1, in: "1" ... "9") {
            start = space - 1
        } else {
            return nil
        }
        guard digit(space + 1, in: "0" ... "5"), digit(space + 2, in: "0" ... "9"), space + 5 < characters.count,
              characters[space + 3] == " ", characters[space + 5] == "m", ["a", "p"].contains(characters[space + 4]) else { return nil }
        return (start, space + 6, String(characters[start ..< space]), String(characters[space + 1 ... space + 2]),
                String(characters[space + 4 ... space + 5]))
    }

    /// A text of these parts.
    init(parts: [Part]) {
        self.parts = parts
    }

    /// A fact's label, written for the ear ("Step free access"): the eye reads it as a label, with its hyphen and a
    /// colon ("Step-free access:"), the ear as today, with a comma ("Step free access,"; Orca says "dash" for a hyphen
    /// inside a word and "colon" for a colon).
    static func label(_ term: String) -> SeenAndHeard {
        var parts: [Part] = []
        if let hyphenated = seenSpellings.first(where: { term.hasPrefix($0.heard) }) {
            parts = [Part(seen: hyphenated.seen, heard: hyphenated.heard), Part(String(term.dropFirst(hyphenated.heard.count)))]
        } else {
            parts = [Part(term)]
        }
        return SeenAndHeard(parts: parts + [Part(seen: ":", heard: ",")])
    }

    /// A fact's value ("yes", "Melbourne City"): heard as the end of a sentence, with a full stop the eye does not read.
    static func value(_ detail: String) -> SeenAndHeard {
        SeenAndHeard(parts: SeenAndHeard(detail).parts + [Part(seen: "", heard: ".")])
    }

    /// Words written for the ear without the hyphen the eye expects (Orca says "step dash free").
    private static let seenSpellings = [(heard: "Step free", seen: "Step-free")]

    /// What the ear hears: the text as written for it.
    var heard: String { parts.map { $0.differs ? $0.heard : $0.text }.joined() }

    /// What the eye reads: the text with each clock time as a timetable writes it.
    var seen: String { parts.map { $0.differs ? $0.seen : $0.text }.joined() }

    /// `text` as the eye reads it, for words whose element is already named for the ear (a board's row, whose
    /// `aria-label` keeps "8 40 am"): "8 40 am" becomes "8:40 am".
    static func seen(_ text: String) -> String {
        text.contains(TimeWords.clockSpace) ? SeenAndHeard(text).seen : text
    }
}

extension SeenAndHeard: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "parts": parts
        // For a text only one of them gets: `aria-hidden` words ("seen"), an attribute ("heard", as `{{.}}` renders).
        case "seen": seen
        case "heard": heard
        default: nil
        }
    }
}

extension SeenAndHeard.Part: MustacheParent {
    // Every key answers (never nil), so that a lookup never falls through to an enclosing context's value.
    func child(named name: String) -> Any? {
        switch name {
        case "differs": differs
        case "hasSeen": !seen.isEmpty
        case "hasHeard": !heard.isEmpty
        case "text": text
        case "seen": seen
        case "heard": heard
        default: nil
        }
    }
}

extension SeenAndHeard: MustacheCustomRenderable {
    /// Where a text cannot hold markup (an attribute, the `<title>`), the ear's words: those are read aloud, not shown.
    var renderText: String { heard }
    /// Never null: an empty text renders a section as an empty string does.
    var isNull: Bool { false }
}

import Foundation

/// The start a works title names, where it is a later day than PTV's `from_date`: PTV often dates works from when it
/// published them ("Belgrave and Lilydale lines: Buses replace trains on select sections from late January 2024",
/// with a `from_date` in November), and by the dates alone every row of those lines would say buses replace its train
/// for two months before they do.
///
/// Only a title's first "from" is read, and only the words PTV's titles use for a day: an optional clock time ("8.30pm",
/// "first service"), an optional weekday, then a day and month ("Friday 12 January"), or part of a month ("late
/// January 2024"). Anything else, a weekday that does not fall on the date, or a day no later than `from_date`, is no
/// start, and the dates decide as before.
struct TitleStart: Sendable, Equatable {
    /// The earliest moment the title's words allow: the clock time on the day, the start of the day, or of the part
    /// of the month.
    let date: Date
    /// How the start is said when the title gives no clock time: the part of a month in PTV's words ("late January
    /// 2024"); nil for a day (said as Trakx says any day) or a clock time.
    let phrase: String?
    /// Whether the title gave a clock time, so the start can be said to the minute.
    let hasClock: Bool

    private static let melbourne: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Australia/Melbourne")!
        return calendar
    }()

    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                 "october", "november", "december"]
    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    /// Where in a month its parts start.
    private static let parts = ["early": 1, "mid": 11, "late": 21]

    /// The start `title` names, when it is a later day than `published` (PTV's `from_date`); nil otherwise.
    init?(_ title: String, after published: Date) {
        guard let from = title.range(of: " from ", options: .caseInsensitive) else { return nil }
        var clock: (hour: Int, minute: Int)?
        var weekday: Int?
        var part: String?
        var day, month, year: Int?
        // "mid-January" is "mid January".
        let words = title[from.upperBound...].split(whereSeparator: { $0.isWhitespace || $0 == "-" })
            .map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",.;:")) }
        var index = 0
        while index < words.count, month == nil {
            let word = words[index]
            if ["first", "service", "the"].contains(word), day == nil {
            } else if clock == nil, day == nil, let time = Self.clock(word, then: words.dropFirst(index + 1).first) {
                clock = time.value
                index += time.words - 1
            } else if weekday == nil, day == nil, let found = Self.weekdays.firstIndex(of: word) {
                weekday = found + 1
            } else if part == nil, day == nil, Self.parts[word] != nil {
                part = word
            } else if day == nil, part == nil, let number = Self.dayNumber(word) {
                day = number
            } else if let found = Self.months.firstIndex(where: { $0 == word || (word.count >= 3 && $0.hasPrefix(word)) }) {
                month = found + 1
                if let next = words.dropFirst(index + 1).first, let number = Int(next), (2000...2100).contains(number) { year = number }
            } else {
                return nil
            }
            index += 1
        }
        // A weekday or a clock time belongs to a day ("late January" has neither).
        guard let month, day != nil || (weekday == nil && clock == nil) else { return nil }
        let calendar = Self.melbourne
        let publishedYear = calendar.component(.year, from: published)
        func start(in year: Int) -> Date? {
            calendar.date(from: DateComponents(year: year, month: month, day: day ?? part.flatMap { Self.parts[$0] } ?? 1,
                                               hour: clock?.hour ?? 0, minute: clock?.minute ?? 0))
        }
        // A title without a year means the first such date from about when PTV published it.
        guard var date = start(in: year ?? publishedYear) else { return nil }
        if year == nil, date < published.addingTimeInterval(-90 * 86_400), let next = start(in: publishedYear + 1) { date = next }
        // "31 February" is no day (the calendar would make it 3 March), and a weekday must fall on the date.
        guard calendar.component(.month, from: date) == month else { return nil }
        if let weekday, calendar.component(.weekday, from: date) != weekday { return nil }
        guard calendar.startOfDay(for: date) > calendar.startOfDay(for: published) else { return nil }
        self.date = date
        hasClock = clock != nil
        if day == nil {
            let name = Self.months[month - 1].prefix(1).uppercased() + Self.months[month - 1].dropFirst()
            phrase = [part, name, year.map(String.init)].compactMap { $0 }.joined(separator: " ")
        } else {
            phrase = nil
        }
    }

    /// A day of the month as titles write it: "3", "3rd", "21st".
    private static func dayNumber(_ word: String) -> Int? {
        let digits = word.prefix(while: \.isNumber)
        guard ["", "st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count))), let number = Int(digits),
              (1...31).contains(number) else { return nil }
        return number
    }

    /// A clock time as PTV's titles write it ("8.30pm", "8:30pm", "9pm", "8.30 pm"), and how many words it took.
    private static func clock(_ word: String, then next: String?) -> (value: (hour: Int, minute: Int), words: Int)? {
        var text = word
        var taken = 1
        if let next, ["am", "pm"].contains(next), !word.hasSuffix("am"), !word.hasSuffix("pm") {
            text += next
            taken = 2
        }
        guard text.hasSuffix("am") || text.hasSuffix("pm") else { return nil }
        let afternoon = text.hasSuffix("pm")
        let digits = text.dropLast(2).split(whereSeparator: { $0 == "." || $0 == ":" })
        guard (1...2).contains(digits.count), let hour = Int(digits[0]), (1...12).contains(hour) else { return nil }
        let minute = digits.count == 2 ? Int(digits[1]) : 0
        guard let minute, (0..<60).contains(minute) else { return nil }
        return (value: (hour: hour % 12 + (afternoon ? 12 : 0), minute: minute), words: taken)
    }
}

/// Counts in words: "1 stop", "3 stops".
enum Plural {
    /// `n` with the noun in the right number.
    /// - Parameters:
    ///   - n: How many.
    ///   - singular: "stop".
    ///   - plural: "stops" (the singular plus "s" when not given).
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : (plural ?? singular + "s"))
    }

    /// "Flinders Street", "Flinders Street and Richmond", "A, B and C".
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// "30 or 60", "A, B or C": a choice of one.
    static func either(_ items: [String]) -> String {
        items.count < 2 ? list(items) : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}

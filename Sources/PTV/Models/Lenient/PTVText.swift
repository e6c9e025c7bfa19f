/// PTV's texts as a page may carry them. HTML forbids control characters (U+0000 to U+001F but tab, line feed
/// and carriage return; U+007F to U+009F) and the noncharacters U+FFFE and U+FFFF: a validator rejects the page
/// and a screen reader may say them or stop. PTV has no reason to send one, so one is a fault in the data, and
/// it becomes a space (it may have stood between two words).
enum PTVText {
    /// `text` with each forbidden character replaced by a space; the same text when it has none (the usual case,
    /// found by one pass over its bytes).
    static func cleaned(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xEF }) else { return text }
        guard text.unicodeScalars.contains(where: isForbidden) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(isForbidden(scalar) ? " " : scalar) }
        return String(out)
    }

    /// Whether HTML forbids `scalar` in a page's text.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00 ... 0x1F, 0x7F ... 0x9F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }
}

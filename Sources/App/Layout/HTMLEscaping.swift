import Mustache

/// How every `{{value}}` in a template is escaped: the five characters and entities of swift-mustache's own HTML
/// escaping (`<`, `>`, `&`, `"` and `'`), found in the text's UTF-8 bytes rather than looked up Character by Character
/// in a dictionary, and a text with none of them (most of a page's) returned as it is. That lookup was an eighth of
/// a stop page's render.
///
/// swift-mustache starts every template with its own HTML escaping and offers no way to change that but a
/// `{{% CONTENT_TYPE: … }}` line, so `Templates` registers this one under the name "HTML" and begins each template it
/// loads with that line. A template read without it is escaped by the library's own, which says the same.
/// One difference, on the safe side: a quote or bracket followed by a combining mark (one Character to the library,
/// which then leaves it as it is) is escaped here too.
struct HTMLEscaping: MustacheContentType {
    /// The line `Templates` puts before each template.
    static let pragma = "{{% CONTENT_TYPE: HTML }}\n"

    func escapeText(_ text: String) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes -> String? in
            guard bytes.contains(where: { Self.entity($0) != nil }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            for byte in bytes {
                if let entity = Self.entity(byte) { out.append(contentsOf: entity.utf8) } else { out.append(byte) }
            }
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? text
    }

    /// The entity written for `byte`, or nil for a byte written as it is.
    private static func entity(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}

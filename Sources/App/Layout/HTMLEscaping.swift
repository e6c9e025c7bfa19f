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
            guard bytes.contains(where: Self.isEscaped) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
                default: out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? text
    }

    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}

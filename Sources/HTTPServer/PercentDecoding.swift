/// Strict percent-decoding for paths, queries and form bodies.
public enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`); nil on a bad escape or invalid UTF-8.
    /// - Parameters:
    ///   - text: The raw, still-encoded text.
    ///   - plusIsSpace: Whether `+` means a space (query strings and form bodies).
    public static func decode<S: StringProtocol>(_ text: S, plusIsSpace: Bool) -> String? {
        // Nothing to decode (the usual path segment): the text is already valid UTF-8, so it is the answer.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Splits `a=1&b=2` into decoded pairs; nil when any part fails to decode.
    /// - Parameter text: The raw query string or form body, without the leading `?`.
    public static func pairs<S: StringProtocol>(_ text: S) -> [(String, String)]? {
        var result: [(String, String)] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(pieces[0], plusIsSpace: true) else { return nil }
            let value = pieces.count > 1 ? decode(pieces[1], plusIsSpace: true) : ""
            guard let value else { return nil }
            result.append((name, value))
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

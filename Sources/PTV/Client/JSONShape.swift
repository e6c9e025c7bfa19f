import Foundation

/// Tells a JSON body that was cut off part way from one that is simply not what was expected.
enum JSONShape {
    /// What may stand outside strings in JSON besides brackets and quotes.
    private static let jsonBytes = Set(" \t\r\n,:-+.0123456789eEtruefalsn".utf8)

    /// Whether `body` reads as the start of JSON (nothing outside strings but JSON's own punctuation, numbers and
    /// literals) that opens an object or array it never closes, or ends inside a string: the mark of an answer
    /// that stopped part way, which Trakx says differently from an unreadable one.
    static func endsEarly(_ body: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        var opened = false
        for byte in body {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; opened = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: if !jsonBytes.contains(byte) { return false }
            }
        }
        return opened && (depth > 0 || inString)
    }

    /// The top-level fields of a JSON object, each with whether its value is null, found in one pass over the bytes
    /// (the body is already decoded once; this does not build it again). Empty when the body is not an object. Names
    /// are taken as written, escapes and all (PTV never escapes its field names).
    static func topLevelFields(_ body: Data) -> AnswerFields {
        var fields: [String: Bool] = [:]
        var depth = 0
        var inString = false
        var escaped = false
        var expectKey = false
        var keyBytes: [UInt8] = []
        var key: String?
        var awaitingValue = false
        var isObject = false
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1, expectKey {
                        key = String(decoding: keyBytes, as: UTF8.self)
                        expectKey = false
                    }
                    continue
                }
                if depth == 1, expectKey { keyBytes.append(byte) }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): continue
            case UInt8(ascii: ":") where depth == 1: awaitingValue = true; continue
            default: break
            }
            if awaitingValue, let name = key {
                fields[name] = byte == UInt8(ascii: "n")
                awaitingValue = false
                key = nil
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                keyBytes.removeAll(keepingCapacity: true)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 1 {
                    isObject = byte == UInt8(ascii: "{")
                    expectKey = isObject
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ",") where depth == 1:
                expectKey = isObject
            default:
                break
            }
        }
        return AnswerFields(fields)
    }
}

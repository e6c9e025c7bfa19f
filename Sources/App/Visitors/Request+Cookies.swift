import Foundation
import HTTPServer

/// Cookies as Trakx reads them, one way for every path in: from the `Cookie` headers of a `RequestHead` (in place on
/// the warm path, or a `Request`'s copied headers), the first occurrence of a name winning across every header.
enum Cookies {
    /// Calls `body` with the value of the first cookie called `name`, or nil when there is none.
    /// - Parameters:
    ///   - name: The cookie's name, compared exactly.
    ///   - head: The request's headers.
    ///   - body: What to do with the value's bytes.
    static func withValue<Result>(_ name: String, in head: RequestHead, _ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        var name = name
        return name.withUTF8 { name in
            let found = head.first(in: "Cookie") { header -> Result? in
                var result: Result?
                forEachPair(in: header) { pairName, value in
                    guard pairName.count == name.count, memcmp(pairName.baseAddress!, name.baseAddress!, name.count) == 0 else { return true }
                    result = body(value)
                    return false
                }
                return result
            }
            return found ?? body(nil)
        }
    }

    /// Calls `body` with each `name=value` pair of one `Cookie` header, spaces around each part trimmed, until it
    /// returns false. Parts without a name, without `=` or with nothing after it are not cookies and are skipped.
    /// - Parameters:
    ///   - header: The header's value.
    ///   - body: Called with the name's and the value's bytes; false to stop.
    static func forEachPair(in header: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Bool) {
        var start = 0
        while start <= header.count {
            let end = header[start...].position(of: UInt8(ascii: ";")) ?? header.count
            if let equals = header[start ..< end].position(of: UInt8(ascii: "=")), equals + 1 < end {
                let name = trimmed(header, start, equals)
                let value = trimmed(header, equals + 1, end)
                if !name.isEmpty, !body(name, value) { return }
            }
            start = end + 1
        }
    }

    /// `bytes[from..<to]` without spaces at either end.
    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ from: Int, _ to: Int) -> UnsafeRawBufferPointer {
        var from = from
        var to = to
        while from < to, bytes[from] == UInt8(ascii: " ") { from += 1 }
        while to > from, bytes[to - 1] == UInt8(ascii: " ") { to -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[from ..< to])
    }
}

extension Request {
    /// Cookies from every `Cookie` header, first occurrence of a name wins.
    var cookies: [String: String] {
        var result: [String: String] = [:]
        _ = RequestHead(headers: headers).first(in: "Cookie") { header -> Bool? in
            Cookies.forEachPair(in: header) { name, value in
                let key = String(decoding: name, as: UTF8.self)
                if result[key] == nil { result[key] = String(decoding: value, as: UTF8.self) }
                return true
            }
            return nil
        }
        return result
    }

    /// The value of one cookie (first occurrence wins, as in `cookies`), found without building the whole dictionary.
    /// - Parameter name: Cookie name, compared exactly.
    func cookie(_ name: String) -> String? {
        Cookies.withValue(name, in: RequestHead(headers: headers)) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }
}

import CMicroHTTPD
import Foundation

/// A request's headers, read one way whichever path answers the request: in place from libmicrohttpd on its thread
/// (the warm path: no copies of the values), or from a `Request`'s copied headers (the chain). Rules written over it (which host is
/// answered, what a cookie says) are written once for both. Values are lent to a closure and valid only inside it.
/// Its two readers are `@inlinable`, so that the app's rules (which call them on every warm request) are specialised
/// for their result types instead of looking up generic type metadata at each call.
public struct RequestHead {
    @usableFromInline
    enum Source {
        /// Every header of a connection's request, gathered in one pass (`cmhd_headers`).
        case pairs(UnsafeBufferPointer<cmhd_header_pair>)
        case headers([(String, String)])
    }

    @usableFromInline
    let source: Source

    /// The head of a request being answered on libmicrohttpd's thread, its headers gathered once (valid only
    /// during that call, as the connection's memory they point into).
    /// - Parameter pairs: Every header of the request, in arrival order.
    init(pairs: UnsafeBufferPointer<cmhd_header_pair>) {
        source = .pairs(pairs)
    }

    /// Calls `body` with the head of the request on `connection`, its headers gathered in one pass: on the stack when
    /// there are no more than 24 of them (a browser sends about 15), else gathered again into room for all of them.
    /// - Parameters:
    ///   - connection: The MHD connection.
    ///   - body: What to do with the head.
    static func reading<Result>(_ connection: OpaquePointer, _ body: (RequestHead) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: cmhd_header_pair.self, capacity: 24) { pairs in
            let count = Int(cmhd_headers(connection, pairs.baseAddress!, UInt32(pairs.count)))
            guard count > pairs.count else { return body(RequestHead(pairs: UnsafeBufferPointer(rebasing: pairs[..<count]))) }
            return withUnsafeTemporaryAllocation(of: cmhd_header_pair.self, capacity: count) { all in
                let gathered = min(Int(cmhd_headers(connection, all.baseAddress!, UInt32(all.count))), all.count)
                return body(RequestHead(pairs: UnsafeBufferPointer(rebasing: all[..<gathered])))
            }
        }
    }

    /// The head of a request already copied into Swift.
    /// - Parameter headers: Its headers in arrival order.
    public init(headers: [(String, String)]) {
        source = .headers(headers)
    }

    /// Calls `body` with the value of the header `name` when it was sent exactly once, else with nil (missing or
    /// repeated).
    /// - Parameters:
    ///   - name: The header's name (compared without ASCII case).
    ///   - body: What to do with the value's bytes.
    @inlinable
    public func withSingle<Result>(_ name: StaticString, _ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        switch source {
        case .pairs(let pairs):
            var found: UnsafeRawBufferPointer?
            var count = 0
            name.withUTF8Buffer { name in
                for pair in pairs where Self.named(pair, name) {
                    count += 1
                    found = UnsafeRawBufferPointer(start: pair.value, count: pair.value_length)
                }
            }
            return body(count == 1 ? found : nil)
        case .headers(let headers):
            var found: String?
            var count = 0
            for (header, value) in headers where header.equalsIgnoring(name) {
                count += 1
                found = value
            }
            guard count == 1, var found else { return body(nil) }
            return found.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Calls `body` with each value of the header `name` in arrival order (a header such as `Cookie` may come more
    /// than once) until it returns a result.
    /// - Parameters:
    ///   - name: The header's name (compared without ASCII case).
    ///   - body: What to look for in one value's bytes; nil to go on to the next.
    /// - Returns: The first result, or nil.
    @inlinable
    public func first<Result>(in name: StaticString, _ body: (UnsafeRawBufferPointer) -> Result?) -> Result? {
        switch source {
        case .pairs(let pairs):
            for pair in pairs where name.withUTF8Buffer({ Self.named(pair, $0) }) {
                if let result = body(UnsafeRawBufferPointer(start: pair.value, count: pair.value_length)) { return result }
            }
            return nil
        case .headers(let headers):
            for (header, value) in headers where header.equalsIgnoring(name) {
                var value = value
                if let result = value.withUTF8({ body(UnsafeRawBufferPointer($0)) }) { return result }
            }
            return nil
        }
    }
}

extension RequestHead {
    /// Whether `pair` is the header `name` (ASCII letters compared without case).
    @usableFromInline
    static func named(_ pair: cmhd_header_pair, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard pair.name_length == name.count else { return false }
        return UnsafeRawPointer(pair.name).withMemoryRebound(to: UInt8.self, capacity: name.count) { key in
            for index in 0 ..< name.count where key[index] != name[index] {
                let lower = key[index] | 0x20
                guard lower == name[index] | 0x20, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return false }
            }
            return true
        }
    }
}

extension String {
    /// Whether this equals the static `name` without ASCII case (header names).
    @usableFromInline
    func equalsIgnoring(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { name in utf8.count == name.count && asciiCaseInsensitiveEqual(utf8, name) }
    }
}

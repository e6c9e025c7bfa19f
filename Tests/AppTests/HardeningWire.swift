import TestSupport
import Foundation

// A byte-exact HTTP/1.1 client for the Hardening*Tests suites.

/// A header name and value.
struct Pair: Sendable {
    let name: String
    let value: String
    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// One response read off the wire, with the raw status line for well-formedness checks.
struct WireResponse: Sendable {
    /// The first line of the response ("HTTP/1.1 404 Not Found"), nil when no complete head arrived.
    let statusLine: String?
    /// The status code (0 when there is no parsable status line).
    let status: Int
    /// Headers in order.
    let headers: [Pair]
    /// Body bytes (de-chunked).
    let body: [UInt8]
    /// Every byte received.
    let raw: [UInt8]
    /// Whether the read gave up at the timeout.
    let timedOut: Bool
    /// Whether the connection was reset.
    let reset: Bool

    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// First header value, case-insensitive.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether the status line is `HTTP/1.x NNN ...` with 100 ≤ NNN < 600.
    var isWellFormed: Bool {
        guard let statusLine else { return false }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0", parts[1].count == 3,
              let code = Int(parts[1]) else { return false }
        return (100 ..< 600).contains(code)
    }
}

/// A byte-exact HTTP/1.1 client over blocking sockets. Unlike `RawHTTP`, it stops after one response (so
/// keep-alive and pipelined garbage never make it wait for the timeout), reports resets and timeouts, and
/// keeps the status line.
enum Wire {
    /// Builds a request head (and body) from parts, adding `Content-Length` for a non-empty body.
    static func request(_ method: String, _ target: String, host: String?, headers: [(String, String)] = [],
                        body: [UInt8] = [], close: Bool = true) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if let host { head += "Host: \(host)\r\n" }
        if close { head += "Connection: close\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    /// Opens a blocking TCP connection to 127.0.0.1:`port` with send and receive timeouts.
    static func connect(port: UInt16, timeout: Double) throws -> Int32 {
        try RawHTTP.connect(port: port, timeout: timeout)
    }

    /// Sends every byte it can; false when the peer closed or reset first.
    @discardableResult
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        RawHTTP.sendAll(fd, bytes)
    }

    /// Connects, sends `bytes`, and reads one response.
    static func exchange(_ bytes: [UInt8], port: UInt16, head: Bool = false, timeout: Double = 10) throws -> WireResponse {
        let fd = try connect(port: port, timeout: timeout)
        defer { close(fd) }
        sendAll(fd, bytes)
        return readResponse(fd, head: head)
    }

    /// Reads one final response (skipping `1xx`), stopping at its end, at close, at a reset or at the timeout.
    static func readResponse(_ fd: Int32, head: Bool) -> WireResponse {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var timedOut = false
        var reset = false
        var start = 0
        while true {
            if let parsed = parse(data, from: start, head: head) {
                switch parsed {
                case .interim(let next): start = next; continue
                case .complete(let response): return response.with(raw: data, timedOut: false, reset: false)
                case .needMore: break
                }
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 {
                data.append(contentsOf: buffer[0 ..< n])
                continue
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { timedOut = true } else { reset = true }
            }
            break
        }
        // Closed, reset or timed out: take what arrived (a body until close is complete at close).
        let partial = finalParse(data, from: start, head: head)
        return partial.with(raw: data, timedOut: timedOut, reset: reset)
    }

    private enum Parsed {
        case interim(Int)
        case complete(WireResponse)
        case needMore
    }

    private static func headEnd(_ data: [UInt8], from: Int) -> Int? {
        guard data.count >= from + 4 else { return nil }
        var i = from
        while i + 3 < data.count {
            if data[i] == 13, data[i + 1] == 10, data[i + 2] == 13, data[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    private static func parseHead(_ data: [UInt8], from: Int, end: Int) -> (String, Int, [Pair]) {
        let lines = String(decoding: data[from ..< end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines.first ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        let status = parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
        let headers = lines.dropFirst().compactMap { line -> Pair? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return Pair(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (statusLine, status, headers)
    }

    private static func parse(_ data: [UInt8], from: Int, head: Bool) -> Parsed? {
        guard let end = headEnd(data, from: from) else { return .needMore }
        let (statusLine, status, headers) = parseHead(data, from: from, end: end)
        let bodyStart = end + 4
        if (100 ..< 200).contains(status) { return .interim(bodyStart) }
        let response = { (body: [UInt8]) in
            WireResponse(statusLine: statusLine, status: status, headers: headers, body: body, raw: [], timedOut: false, reset: false)
        }
        if head || status == 204 || status == 304 { return .complete(response([])) }
        if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased().contains("chunked") }) {
            guard let body = dechunk(Array(data[bodyStart...])) else { return .needMore }
            return .complete(response(body))
        }
        if let length = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }) {
            guard data.count - bodyStart >= length else { return .needMore }
            return .complete(response(Array(data[bodyStart ..< bodyStart + length])))
        }
        return .needMore  // body runs until close
    }

    private static func finalParse(_ data: [UInt8], from: Int, head: Bool) -> WireResponse {
        guard let end = headEnd(data, from: from) else {
            return WireResponse(statusLine: nil, status: 0, headers: [], body: Array(data[min(from, data.count)...]), raw: [],
                                timedOut: false, reset: false)
        }
        let (statusLine, status, headers) = parseHead(data, from: from, end: end)
        let rest = Array(data[(end + 4)...])
        return WireResponse(statusLine: statusLine, status: status, headers: headers, body: head ? [] : (dechunk(rest) ?? rest),
                            raw: [], timedOut: false, reset: false)
    }

    /// De-chunks a complete chunked body; nil while the last chunk has not arrived.
    static func dechunk(_ data: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var index = 0
        while index < data.count {
            var lineEnd = index
            while lineEnd + 1 < data.count, !(data[lineEnd] == 13 && data[lineEnd + 1] == 10) { lineEnd += 1 }
            guard lineEnd + 1 < data.count else { return nil }
            let sizeText = String(decoding: data[index ..< lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            if size == 0 { return out }
            let start = lineEnd + 2
            guard start + size + 2 <= data.count else { return nil }
            out.append(contentsOf: data[start ..< start + size])
            index = start + size + 2
        }
        return nil
    }
}

extension WireResponse {
    fileprivate func with(raw: [UInt8], timedOut: Bool, reset: Bool) -> WireResponse {
        WireResponse(statusLine: statusLine, status: status, headers: headers, body: body, raw: raw, timedOut: timedOut, reset: reset)
    }
}

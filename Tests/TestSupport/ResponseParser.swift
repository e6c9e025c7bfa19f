import Foundation

/// Parses HTTP/1.1 responses from bytes as they arrive (for `RawHTTP`).
enum ResponseParser {
    /// What the bytes so far hold.
    enum Parsed {
        /// A `1xx` response ending at this offset; the final one follows.
        case interim(Int)
        /// A whole final response.
        case complete(RawResponse)
        /// Not a whole response yet.
        case needMore
    }

    /// Parses the response starting at `from`.
    static func parse(_ data: [UInt8], from: Int, head: Bool) -> Parsed {
        guard let end = headEnd(data, from: from) else { return .needMore }
        let (statusLine, status, headers) = parseHead(data, from: from, end: end)
        let bodyStart = end + 4
        if (100 ..< 200).contains(status) { return .interim(bodyStart) }
        let response = { (body: [UInt8]) in
            RawResponse(statusLine: statusLine, status: status, headers: headers, body: body, raw: [], timedOut: false, reset: false)
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

    /// Whatever arrived before close, reset or timeout, as a response (status 0 without a complete head).
    static func finalParse(_ data: [UInt8], from: Int, head: Bool) -> RawResponse {
        guard let end = headEnd(data, from: from) else {
            return RawResponse(statusLine: nil, status: 0, headers: [], body: Array(data[min(from, data.count)...]), raw: [],
                               timedOut: false, reset: false)
        }
        let (statusLine, status, headers) = parseHead(data, from: from, end: end)
        let rest = Array(data[(end + 4)...])
        return RawResponse(statusLine: statusLine, status: status, headers: headers, body: head ? [] : (dechunk(rest) ?? rest),
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

    private static func headEnd(_ data: [UInt8], from: Int) -> Int? {
        guard data.count >= from + 4 else { return nil }
        var i = from
        while i + 3 < data.count {
            if data[i] == 13, data[i + 1] == 10, data[i + 2] == 13, data[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    private static func parseHead(_ data: [UInt8], from: Int, end: Int) -> (String, Int, [(name: String, value: String)]) {
        let lines = String(decoding: data[from ..< end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines.first ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        let status = parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (statusLine, status, headers)
    }
}

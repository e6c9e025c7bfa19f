import Foundation

// The request generator for MalformedRequestFuzzTests: methods, targets, versions, headers and bodies, each with a
// marker (`<x-TOKEN>` or `"><script>`) placed raw or encoded somewhere in the path or query.

/// What the fuzz workers share: where to send, and a valid form token so some posts reach the handlers.
struct FuzzContext: Sendable {
    let port: UInt16
    let token, cookie: String
}

/// One generated request.
struct FuzzRequest {
    let bytes: [UInt8]
    let isHead: Bool
    /// The server may close without answering (framing it cannot parse at all).
    let mayGoUnanswered: Bool
    /// The server may wait for bytes that never come (a declared body longer than what was sent).
    let mayStall: Bool
    let summary: String

    static let modes = ["train", "tram", "bus", "vline", "night-bus", "boat", "TRAIN", ""]
    static let ids = ["1071", "1181", "0", "-1", "99999999999", "1e3", "12a", "%31%30%37%31", "2147483648", "%201", ""]
    static let nasty = ["%", "%g1", "%00", "%2e%2e", "..", "%252e%252e", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "%c0%af", "%c0%ae%c0%ae",
                        "%ed%a0%80", "%ff", "%fe%ff", "%f4%90%80%80", "%e2%80%ae", "%0d%0aSet-Cookie:%20x=1", ";", ",", "//", "%5c",
                        "\\", "NaN", "-0", "1e400", "%u003c", "&#60;", "%%", "%2", "+", "%20", "~", "*", "'", "(", ")", "!"]
    static let staticFiles = ["css/trakx.css", "..%2f..%2fPackage.swift", "%2e%2e/Package.swift", "css/../css/trakx.css",
                              "%2fetc%2fpasswd", ".%2e/x", "css%2ftrakx.css", "css/trakx.css%00", ".git/config", "css//trakx.css",
                              "%2e/css/trakx.css", "css/trakx.css/", "..\\..\\Package.swift", "js/refresh.js", "favicon.svg"]

    static func random<G: RandomNumberGenerator>(using g: inout G, context: FuzzContext) -> FuzzRequest {
        let token = String((0 ..< 6).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement(using: &g)! })
        let markers = ["<x-\(token)>", "\"><script>alert('\(token)')</script>", "'><x-\(token)/onfocus=1>", "<x-\(token)/>"]
        let marker = markers.randomElement(using: &g)!
        let placed = encode(marker, using: &g)

        // Method.
        let method: String
        switch Int.random(in: 0 ..< 100, using: &g) {
        case 0 ..< 50: method = "GET"
        case 50 ..< 72: method = "POST"
        case 72 ..< 80: method = "HEAD"
        case 80 ..< 95: method = ["PUT", "DELETE", "OPTIONS", "TRACE", "PATCH", "CONNECT", "FOO", "get", "Get", "PROPFIND",
                                  "<x-\(token)>", "GET\u{7F}", "G\u{1}T"].randomElement(using: &g)!
        default: method = String(repeating: ["A", "GET", "X"].randomElement(using: &g)!, count: Int.random(in: 50 ... 3000, using: &g))
        }

        // Path, with the marker in a parameter, a segment or the query.
        var segments: [String]
        let value = { (g: inout G) -> String in
            switch Int.random(in: 0 ..< 10, using: &g) {
            case 0 ..< 3: return nasty.randomElement(using: &g)!
            case 3 ..< 5: return ids.randomElement(using: &g)!
            case 5: return String(repeating: "a", count: Int.random(in: 60 ... 600, using: &g))
            case 6: return randomBytesText(using: &g)
            default: return modes.randomElement(using: &g)!
            }
        }
        switch Int.random(in: 0 ..< 17, using: &g) {
        case 0: segments = ["stops", modes.randomElement(using: &g)!, ids.randomElement(using: &g)!]
        case 1: segments = ["runs", modes.randomElement(using: &g)!, value(&g)]
        case 2: segments = ["lines", modes.randomElement(using: &g)!, ids.randomElement(using: &g)!]
        case 3: segments = ["disruptions", value(&g)]
        case 4: segments = ["disruptions"]
        case 5: segments = ["search"]
        case 6: segments = ["nearby"]
        case 7: segments = ["favourites"]
        case 8: segments = ["favourites", modes.randomElement(using: &g)!, ids.randomElement(using: &g)!, ["rename", "remove"].randomElement(using: &g)!]
        case 9: segments = ["favourites", ["export", "import"].randomElement(using: &g)!]
        case 10: segments = ["static"] + staticFiles.randomElement(using: &g)!.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        case 11: segments = [["healthz", "metrics"].randomElement(using: &g)!]
        case 12: segments = []
        case 13: segments = [value(&g), value(&g)]
        case 14: segments = ["stops", value(&g), value(&g)]
        case 15: segments = ["static", value(&g)]
        default: segments = [value(&g)]
        }
        var query: [String] = []
        let names = ["q", "lat", "lon", "mode", "stop", "direction", "done", "stop", "count", "x", "token", "return", ""]
        for _ in 0 ..< Int.random(in: 0 ... 4, using: &g) {
            query.append(names.randomElement(using: &g)! + (Bool.random(using: &g) ? "=" : "") + value(&g))
        }
        if Int.random(in: 0 ..< 10, using: &g) == 0 { query.append(["%", "=", "&&&", "a=%zz", "=%", "q=%ff"].randomElement(using: &g)!) }
        switch Int.random(in: 0 ..< 3, using: &g) {
        case 0 where !segments.isEmpty: segments[Int.random(in: 0 ..< segments.count, using: &g)] = placed
        case 1: segments.append(placed)
        default: query.insert(["q", "lat", "mode", "done", "stop", "x", "return"].randomElement(using: &g)! + "=" + placed, at: 0)
        }
        var target = "/" + segments.joined(separator: "/")
        if !query.isEmpty { target += "?" + query.joined(separator: "&") }
        if Int.random(in: 0 ..< 40, using: &g) == 0 { target = ["*", "http://evil.example/" + placed, placed, "//" + placed, ""].randomElement(using: &g)! }

        // Version.
        var version = "HTTP/1.1"
        var mayGoUnanswered = false
        switch Int.random(in: 0 ..< 40, using: &g) {
        case 0: version = "HTTP/1.0"
        case 1: version = ["HTTP/2.0", "HTTP/1.2", "HTTP/9.9", "http/1.1", "HTTP/1.1.1", "HTTP/1", "HTTP/1.1 x", "ICE/1.0"].randomElement(using: &g)!
            mayGoUnanswered = true
        case 2: version = ""
            mayGoUnanswered = true
        default: break
        }
        if method.utf8.contains(where: { $0 < 32 || $0 == 127 }) || method.isEmpty || target.isEmpty { mayGoUnanswered = true }

        // Headers.
        var headers: [(String, String)] = []
        var rawHeaderBytes: [UInt8] = []
        let own = "127.0.0.1:\(context.port)"
        switch Int.random(in: 0 ..< 40, using: &g) {
        case 0: break
        case 1: headers.append(("Host", "evil.example"))
        case 2: headers.append(("Host", own)); headers.append(("Host", "evil.example"))
        case 3: headers.append(("Host", placed))
        default: headers.append(("Host", own))
        }
        headers.append(("Connection", "close"))
        var mayStall = false
        for _ in 0 ..< Int.random(in: 0 ... 4, using: &g) {
            switch Int.random(in: 0 ..< 16, using: &g) {
            case 0: headers.append(("X-Marker", marker))
            case 1: headers.append(("Cookie", ["trakx_form=\(marker)", context.cookie, "trakx_form=", "=;=;;", "trakx_form=\(context.token); trakx_form=bad"].randomElement(using: &g)!))
            case 2: headers.append(("Origin", ["https://evil.example", "http://\(own)", "null", marker].randomElement(using: &g)!))
            case 3: headers.append(("Referer", ["http://\(own)/" + placed, "https://evil.example/", marker].randomElement(using: &g)!))
            case 4: headers.append(("User-Agent", marker))
            case 5: rawHeaderBytes += Array("Accept-Language: ".utf8) + [0xFF, 0xFE, 0xC0, 0xAF] + [13, 10]
            case 6: headers.append(("If-None-Match", [marker, "*", "\"x\"", ""].randomElement(using: &g)!))
            case 7: headers.append(("If-Modified-Since", [marker, "yesterday", "Thu, 01 Jan 1970 00:00:00 GMT"].randomElement(using: &g)!))
            case 8: rawHeaderBytes += Array("X-Nul: a".utf8) + [0] + Array("b\r\n".utf8); mayGoUnanswered = true
            case 9: rawHeaderBytes += Array("Bad Header: x\r\n".utf8); mayGoUnanswered = true
            case 10: rawHeaderBytes += Array("NoColon\r\n".utf8); mayGoUnanswered = true
            case 11: rawHeaderBytes += Array(" folded continuation\r\n".utf8); mayGoUnanswered = true
            case 12: headers.append(("X-Big", String(repeating: "b", count: Int.random(in: 1000 ... 40000, using: &g))))
            case 13: for n in 0 ..< Int.random(in: 20 ... 300, using: &g) { headers.append(("X-Many-\(n)", "v")) }
            case 14: headers.append(("Accept", "text/html;q=\(marker)"))
            default: headers.append(("Content-Type", ["multipart/form-data; boundary=\(marker)", "application/x-www-form-urlencoded",
                                                      "text/plain", "multipart/form-data", "multipart/form-data; boundary="].randomElement(using: &g)!))
            }
        }

        // Body.
        var body: [UInt8] = []
        var lengthHeader: String? = nil
        if method == "POST" || Int.random(in: 0 ..< 20, using: &g) == 0 {
            let token = Int.random(in: 0 ..< 2, using: &g) == 0 ? context.token : (Bool.random(using: &g) ? "" : marker)
            switch Int.random(in: 0 ..< 7, using: &g) {
            case 0, 1:
                let fields = [
                    "token=\(token)",
                    "mode=" + ["train", "tram", placed, value(&g)].randomElement(using: &g)!,
                    "stop_id=" + ["1071", "1181", placed, value(&g)].randomElement(using: &g)!,
                    "name=" + [placed, value(&g), ""].randomElement(using: &g)!,
                    "return=" + ["/" + placed, "/stops/train/1071", "//evil.example", placed].randomElement(using: &g)!,
                    "data=" + [placed, "%7B%7D", value(&g)].randomElement(using: &g)!,
                ].shuffled(using: &g).prefix(Int.random(in: 1 ... 6, using: &g))
                body = Array(fields.joined(separator: "&").utf8)
                if !headers.contains(where: { $0.0 == "Content-Type" }) { headers.append(("Content-Type", "application/x-www-form-urlencoded")) }
                if !headers.contains(where: { $0.0 == "Cookie" }) && Bool.random(using: &g) { headers.append(("Cookie", context.cookie)) }
                if Bool.random(using: &g) { headers.append(("Origin", "http://\(own)")) }
            case 2:
                body = (0 ..< Int.random(in: 0 ... 2000, using: &g)).map { _ in UInt8.random(in: 0 ... 255, using: &g) }
            case 3, 4:
                let boundary = "B\(token.prefix(4))"
                let json = #"{"format":"trakx-favourites","version":1,"favourites":[{"mode":"tram","stop_id":1181,"stop_name":"MARK","name":"MARK"}]}"#
                    .replacingOccurrences(of: "MARK", with: marker.replacingOccurrences(of: "\"", with: "\\\""))
                var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n\(token)\r\n"
                text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(marker).json\"\r\nContent-Type: application/json\r\n\r\n\(json)\r\n--\(boundary)--\r\n"
                let cut = Int.random(in: 0 ..< 3, using: &g) == 0 ? Int.random(in: 0 ... text.utf8.count, using: &g) : text.utf8.count
                body = Array(Array(text.utf8).prefix(cut))
                headers.removeAll { $0.0 == "Content-Type" }
                headers.append(("Content-Type", "multipart/form-data; boundary=\(boundary)"))
                headers.append(("Cookie", context.cookie))
                headers.append(("Origin", "http://\(own)"))
            case 5:
                body = Array("token=\(token)&mode=train&stop_id=1071".utf8)
                switch Int.random(in: 0 ..< 9, using: &g) {
                case 0: lengthHeader = "abc"
                case 1: lengthHeader = "-1"
                case 2: lengthHeader = "1.5"
                case 3: lengthHeader = ""
                case 4: lengthHeader = "0x10"
                case 5: lengthHeader = "99999999999999999999"
                case 6: lengthHeader = "\(body.count), \(body.count)"
                case 7: lengthHeader = "5"  // shorter: the rest is a second, garbage request
                default: lengthHeader = "\(body.count + 10)"; mayStall = true  // longer than sent
                }
                mayGoUnanswered = true
            default:
                // Chunked with a bad chunk size, or chunks that lie.
                headers.append(("Transfer-Encoding", "chunked"))
                body = Array(["zz\r\nabc\r\n0\r\n\r\n", "3\r\nabcdef\r\n0\r\n\r\n", "-1\r\n\r\n", "fffffffffffffffffff\r\nx\r\n0\r\n\r\n",
                              "4\r\ntoke\r\n0\r\n\r\n"].randomElement(using: &g)!.utf8)
                lengthHeader = Bool.random(using: &g) ? "\(body.count)" : nil
                mayGoUnanswered = true
            }
        }
        let chunked = headers.contains { $0.0 == "Transfer-Encoding" }
        if let lengthHeader {
            headers.append(("Content-Length", lengthHeader))
        } else if !chunked && (!body.isEmpty || method == "POST") {
            headers.append(("Content-Length", "\(body.count)"))
        }

        var bytes = wire("\(method) \(target)\(version.isEmpty ? "" : " " + version)\r\n")
        for (name, value) in headers.shuffled(using: &g) { bytes += wire("\(name): \(value)\r\n") }
        bytes += rawHeaderBytes + [13, 10]
        // A head near the server's 32 KB per-connection memory (in bytes, or in header records) can leave MHD
        // no room to build its 431, so it closes silently; that is allowed (the follow-up checks prove it lives).
        if bytes.count > 16_000 || headers.count > 200 { mayGoUnanswered = true }
        bytes += body
        let headerNames = headers.filter { !$0.0.hasPrefix("X-Many-") }.map { $0.0 == "X-Big" ? "X-Big(\($0.1.count))" : $0.0 }
        let summary = "\(method.prefix(20)) \(target.prefix(160)) \(version) [\(headers.count) headers: \(headerNames.joined(separator: ","))\(rawHeaderBytes.isEmpty ? "" : ",raw"); \(body.count) body bytes]"
        return FuzzRequest(bytes: bytes, isHead: method == "HEAD", mayGoUnanswered: mayGoUnanswered, mayStall: mayStall, summary: summary)
    }

    /// The marker raw, percent-encoded, double-encoded or partly encoded.
    static func encode<G: RandomNumberGenerator>(_ marker: String, using g: inout G) -> String {
        switch Int.random(in: 0 ..< 5, using: &g) {
        case 0, 1: return marker
        case 2: return marker.utf8.map { String(format: "%%%02X", $0) }.joined()
        case 3: return marker.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? marker
        default: return marker.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: "\"", with: "%22")
        }
    }

    /// Raw bytes (high, overlong, surrogate, lone continuation, controls) as they would sit in a target or
    /// header, avoiding CR, LF and space. Each byte is carried as the private-use scalar U+E000 + byte until
    /// `wire(_:)` writes it out raw, so invalid UTF-8 really reaches the server.
    static func randomBytesText<G: RandomNumberGenerator>(using g: inout G) -> String {
        let pieces: [[UInt32]] = [[0xC0, 0xAF], [0xFF], [0x80], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x80, 0xAE],
                                  [0x01], [0x7F], [0x00], [0xC3, 0x28], [0x09]]
        let bytes = (0 ..< Int.random(in: 1 ... 4, using: &g)).flatMap { _ in pieces.randomElement(using: &g)! }
        return String(String.UnicodeScalarView(bytes.compactMap { Unicode.Scalar(0xE000 + $0) }))
    }

    /// The text's bytes on the wire: UTF-8, except U+E000...U+E0FF, which become the raw byte 0x00...0xFF.
    static func wire(_ text: String) -> [UInt8] {
        // U+E000 + v is EE, 80 | v >> 6, 80 | v & 3F in UTF-8: read the bytes, not the scalars (a String a scalar
        // made this a third of the fuzz test's time in a debug build).
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == 0xEE, index + 2 < utf8.count, (0x80 ... 0x83).contains(utf8[index + 1]) {
                out.append((utf8[index + 1] & 0x03) << 6 | utf8[index + 2] & 0x3F)
                index += 3
            } else {
                out.append(utf8[index])
                index += 1
            }
        }
        return out
    }
}

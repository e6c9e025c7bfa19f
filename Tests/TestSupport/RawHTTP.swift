import Foundation

/// A parsed HTTP response read off a raw socket.
public struct RawResponse: Sendable {
    /// Status code (0 when the server closed without answering).
    public let status: Int
    /// Headers in order.
    public let headers: [(String, String)]
    /// Body bytes.
    public let body: [UInt8]

    /// Body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// First header value, case-insensitive.
    /// - Parameter name: Header name.
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// Every value of a header.
    /// - Parameter name: Header name.
    public func headers(_ name: String) -> [String] {
        headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
    }
}

/// A tiny HTTP/1.1 client over a raw TCP socket, so tests control every byte (odd methods, `..`, huge headers).
public enum RawHTTP {
    /// Sends raw bytes to 127.0.0.1:`port` and reads the response until the server closes or `timeout` passes.
    /// - Parameters:
    ///   - bytes: The whole request.
    ///   - port: Server port.
    ///   - timeout: Seconds to wait.
    /// Async form: the blocking socket work runs on its own thread, never on Swift's cooperative pool
    /// (which the server under test needs to answer).
    /// - Parameters:
    ///   - bytes: The whole request.
    ///   - port: Server port.
    ///   - timeout: Seconds to wait.
    public static func send(_ bytes: [UInt8], port: UInt16, timeout: Double = 10) async throws -> RawResponse {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try sendBlocking(bytes, port: port, timeout: timeout) })
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Sends raw bytes and blocks the calling thread until the response is read (use from plain threads only).
    /// - Parameters:
    ///   - bytes: The whole request.
    ///   - port: Server port.
    ///   - timeout: Seconds to wait.
    public static func sendBlocking(_ bytes: [UInt8], port: UInt16, timeout: Double = 10) throws -> RawResponse {
        let fd = try connect(port: port, timeout: timeout)
        defer { close(fd) }
        sendAll(fd, bytes)
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0 ..< n])
        }
        return parse(data)
    }

    /// Opens a blocking TCP connection to 127.0.0.1:`port` with send and receive timeouts.
    /// - Parameters:
    ///   - port: Server port.
    ///   - timeout: Seconds for each send and receive.
    public static func connect(port: UInt16, timeout: Double) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - floor(timeout)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
        }
        return fd
    }

    /// Sends every byte it can; false when the peer closed or reset first.
    /// - Parameters:
    ///   - fd: Connected socket.
    ///   - bytes: Bytes to send.
    @discardableResult
    public static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Sends a simple request with `Connection: close`.
    /// - Parameters:
    ///   - method: Method.
    ///   - target: Request target, sent as is.
    ///   - port: Server port.
    ///   - headers: Extra headers.
    ///   - body: Body.
    ///   - host: Host header (defaults to 127.0.0.1:port).
    public static func request(_ method: String, _ target: String, port: UInt16, headers: [(String, String)] = [],
                               body: [UInt8] = [], host: String? = nil) async throws -> RawResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return try await send(Array(head.utf8) + body, port: port)
    }

    static func parse(_ data: [UInt8]) -> RawResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0 ..< max(0, data.count - 3)).first(where: { data[$0 ..< $0 + 4].elementsEqual(separator) }) else {
            return RawResponse(status: 0, headers: [], body: data)
        }
        let head = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Array(data[(end + 4)...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased().contains("chunked") }) {
            body = dechunk(body)
        }
        return RawResponse(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < data.count {
            guard let lineEnd = (index ..< data.count - 1).first(where: { data[$0] == 13 && data[$0 + 1] == 10 }) else { break }
            let size = Int(String(decoding: data[index ..< lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd + 2
            out.append(contentsOf: data[start ..< min(data.count, start + size)])
            index = start + size + 2
        }
        return out
    }
}

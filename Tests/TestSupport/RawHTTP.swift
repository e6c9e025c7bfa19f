import Foundation

/// The tests' one HTTP/1.1 client: blocking sockets to 127.0.0.1, so tests control every byte (odd methods,
/// `..`, huge headers, half-sent requests). It stops after one final response (so keep-alive and pipelined
/// garbage never make it wait for the timeout) and reports resets and timeouts instead of throwing.
public enum RawHTTP {
    /// Seconds a test waits for each read of a response unless it says otherwise: longer than the test apps' own bound
    /// on a page (`pageWait`, 60 s). In the parallel phase every suite's first job is queued at once on Swift's
    /// cooperative threads (two here), which run jobs in the order they came, whatever their priority: a page's every
    /// step after a wait queues behind the synchronous tests queued before it, and a first load was seen to take 35 s
    /// there (status 0 from a 30 s read; alone, 0.13 s). A page that never answers still fails, after this.
    public static let patience: Double = 90

    /// Builds a request head (and body), adding `Content-Length` for a body or a POST.
    /// - Parameters:
    ///   - method: Method, sent as is.
    ///   - target: Request target, sent as is.
    ///   - host: `Host` header value; nil sends none.
    ///   - headers: Further headers, in order.
    ///   - body: Body bytes.
    ///   - close: Whether to send `Connection: close`.
    public static func message(_ method: String, _ target: String, host: String?, headers: [(String, String)] = [],
                               body: [UInt8] = [], close: Bool = true) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if let host { head += "Host: \(host)\r\n" }
        if close { head += "Connection: close\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    /// Sends a request with `Connection: close` and reads the response, off Swift's cooperative pool (which
    /// the server under test needs to answer).
    /// - Parameters:
    ///   - method: Method.
    ///   - target: Request target, sent as is.
    ///   - port: Server port.
    ///   - headers: Extra headers.
    ///   - body: Body.
    ///   - host: Host header (defaults to 127.0.0.1:port).
    ///   - timeout: Seconds to wait for each read.
    ///   - source: The loopback address to send from (127.0.0.2, … act as other visitors).
    public static func request(_ method: String, _ target: String, port: UInt16, headers: [(String, String)] = [],
                               body: [UInt8] = [], host: String? = nil, timeout: Double = RawHTTP.patience,
                               source: String? = nil) async throws -> RawResponse {
        let bytes = message(method, target, host: host ?? "127.0.0.1:\(port)", headers: headers, body: body)
        return try await send(bytes, port: port, head: method == "HEAD", timeout: timeout, source: source)
    }

    /// Sends exact bytes and reads one response, on a thread of its own.
    /// - Parameters:
    ///   - bytes: The whole request.
    ///   - port: Server port.
    ///   - head: Whether it answers a HEAD (no body follows the head).
    ///   - timeout: Seconds to wait for each read.
    ///   - source: The loopback address to send from.
    public static func send(_ bytes: [UInt8], port: UInt16, head: Bool = false, timeout: Double = RawHTTP.patience,
                            source: String? = nil) async throws -> RawResponse {
        try await onThread { try exchange(bytes, port: port, head: head, timeout: timeout, source: source) }
    }

    /// Connects, sends `bytes` and reads one response, blocking the calling thread (plain threads only).
    /// - Parameters:
    ///   - bytes: The whole request.
    ///   - port: Server port.
    ///   - head: Whether it answers a HEAD.
    ///   - timeout: Seconds to wait for each read.
    ///   - source: The loopback address to send from.
    public static func exchange(_ bytes: [UInt8], port: UInt16, head: Bool = false, timeout: Double = 10,
                                source: String? = nil) throws -> RawResponse {
        let fd = try connect(port: port, timeout: timeout, source: source)
        defer { close(fd) }
        sendAll(fd, bytes)
        return readResponse(fd, head: head)
    }

    /// Opens a blocking TCP connection to 127.0.0.1:`port` with send and receive timeouts.
    /// - Parameters:
    ///   - port: Server port.
    ///   - timeout: Seconds for each send and receive.
    ///   - source: The local address to send from (any of 127.0.0.0/8), so one test can be several visitors.
    public static func connect(port: UInt16, timeout: Double, source: String? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let code = errno
                close(fd)
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EADDRNOTAVAIL)
            }
        }
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

    /// Reads one final response (skipping `1xx`), stopping at its end, at close, at a reset or at the timeout.
    /// - Parameters:
    ///   - fd: Connected socket.
    ///   - head: Whether it answers a HEAD.
    public static func readResponse(_ fd: Int32, head: Bool) -> RawResponse {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var timedOut = false
        var reset = false
        var start = 0
        while true {
            switch ResponseParser.parse(data, from: start, head: head) {
            case .interim(let next): start = next; continue
            case .complete(let response): return response.with(raw: data, timedOut: false, reset: false)
            case .needMore: break
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
        return ResponseParser.finalParse(data, from: start, head: head).with(raw: data, timedOut: timedOut, reset: reset)
    }
}

/// Runs blocking work (sockets, child processes) on a thread of its own.
///
/// Swift's cooperative pool has one thread per core (two in CI) and also runs the server's handlers, so a
/// test that blocks pool threads on `recv` can starve the very server it is waiting for.
/// - Parameter body: The blocking work.
public func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

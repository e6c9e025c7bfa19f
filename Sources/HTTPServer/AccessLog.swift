import Dispatch
import Foundation
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One line per request ("GET /stops/train/1071 200 0.4ms") at info level, written by a background thread:
/// a request only appends a few values to a buffer, and the formatting and the write to the log happen off
/// the request's thread, in order. When the log level is above info nothing is kept at all.
/// The writer wakes once a second (`flushInterval`), or sooner when `batch` lines are waiting, and writes all of
/// them at once; `close()` (the server's stop, so SIGTERM too) writes what is left. The buffer is bounded: past
/// `capacity` waiting lines, which happens only while the log's writes cannot keep up, lines are dropped and
/// counted (`droppedTotal`, on /metrics, and a warning).
final class AccessLog: Sendable {
    private struct Line: Sendable {
        let method: String
        let path: Substring
        let status: Int
        let elapsed: Duration
        /// Seconds since 1970 when it was answered (for the file's lines; the logger stamps its own).
        let wall: Int
    }

    private struct Buffer: Sendable {
        var lines: [Line] = []
        var dropped = 0
        var closed = false
        var running = false
    }

    private let logger: Logger
    private let secrets: SecretPaths
    private let enabled: Bool
    private let capacity: Int
    private let batch: Int
    private let flushInterval: Double
    private let drops: AccessLogDrops
    /// The log's own file, when it has one (else lines go to `logger`).
    private let file: AccessLogFile?
    /// When `file` is standard error, shared with the log: what follows the time on each line, as swift-log's stream
    /// handler writes it ("info trakx: [HTTPServer] "), so request lines read like the log's own.
    private let logStyle: [UInt8]?
    private let buffer = Mutex(Buffer())
    /// Held while a batch is written, so that batches reach the log in order.
    private let writing = Mutex(())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - logger: Where lines go.
    ///   - secrets: Paths whose secret segment is never written.
    ///   - capacity: Most lines waiting to be written.
    ///   - batch: Waiting lines that wake the writer before its timer.
    ///   - flushInterval: Seconds between the writer's looks.
    ///   - drops: Where dropped lines are counted.
    ///   - path: The log's own file, written whatever the log level (nil: lines go to `logger` at info).
    ///   - standardError: With no `path`: whether `logger` writes to standard error as swift-log's stream handler does
    ///     (`trakx serve`), so that request lines may be written there in blocks, in its format, instead of one log
    ///     call each (which cost a third of a warm page's throughput).
    init(logger: Logger, secrets: SecretPaths = SecretPaths(), capacity: Int = 10_000, batch: Int = 512, flushInterval: Double = 1,
         drops: AccessLogDrops = AccessLogDrops(), path: String? = nil, standardError: Bool = false) {
        self.logger = logger
        self.secrets = secrets
        if let path {
            file = AccessLogFile(path: path)
            logStyle = nil
            if file == nil { logger.error("Could not open the access log \(path); request lines go to the log instead") }
        } else if standardError, logger.logLevel <= .info, logger.handler.metadata.isEmpty, let shared = AccessLogFile(duplicating: 2) {
            file = shared
            logStyle = Array("info \(logger.label): [HTTPServer] ".utf8)
        } else {
            file = nil
            logStyle = nil
        }
        enabled = file != nil || logger.logLevel <= .info
        self.capacity = capacity
        self.batch = max(1, min(batch, capacity))
        self.flushInterval = flushInterval
        self.drops = drops
    }

    /// Lines dropped since the log was made because the writer was behind.
    var droppedTotal: Int { drops.count }

    /// Starts the writer thread.
    func start() {
        guard enabled else { return }
        let alreadyRunning = buffer.withLock { buffer -> Bool in
            defer { buffer.running = true; buffer.closed = false }
            return buffer.running
        }
        guard !alreadyRunning else { return }
        let thread = Thread { [self] in run() }
        thread.name = "trakx-access-log"
        thread.start()
    }

    /// Notes one answered request.
    /// - Parameters:
    ///   - method: Request method.
    ///   - path: Raw path (no query).
    ///   - status: Status sent.
    ///   - started: When the request's headers were read.
    func record(method: String, path: Substring, status: Int, started: Moment) {
        guard enabled else { return }
        let line = Line(method: method, path: path, status: status, elapsed: started.elapsed, wall: file == nil ? 0 : time(nil))
        let signal = buffer.withLock { buffer -> Bool in
            guard buffer.running, !buffer.closed else { return false }
            guard buffer.lines.count < capacity else {
                buffer.dropped += 1
                return false
            }
            buffer.lines.append(line)
            return buffer.lines.count == batch
        }
        if signal { wake.signal() }
    }

    /// Notes one request answered without a `Request` value (a warm page): the method is copied and the path cut
    /// from the target only when lines are kept.
    func record(method: UnsafePointer<CChar>, target: String, status: Int, started: Moment) {
        guard enabled else { return }
        record(method: String(cString: method), path: Request.rawPath(of: target), status: status, started: started)
    }

    /// Writes what is waiting and stops the writer thread (blocks until it has).
    func close() {
        let wasRunning = buffer.withLock { buffer -> Bool in
            defer { buffer.closed = true }
            return buffer.running && !buffer.closed
        }
        guard wasRunning else { return }
        wake.signal()
        finished.wait()
    }

    private func run() {
        while true {
            _ = wake.wait(timeout: .now() + flushInterval)
            let closed = writeWaiting()
            if closed {
                buffer.withLock { $0.running = false }
                finished.signal()
                return
            }
        }
    }

    /// Writes every waiting line; returns whether the log was closed.
    private func writeWaiting() -> Bool {
        writing.withLock { _ in
            let (lines, dropped, closed) = buffer.withLock { buffer in
                defer { buffer.lines.removeAll(keepingCapacity: buffer.lines.capacity <= 1024); buffer.dropped = 0 }
                return (buffer.lines, buffer.dropped, buffer.closed)
            }
            if let file {
                var block: [UInt8] = []
                block.reserveCapacity(lines.count * 100)
                var stamp: (second: Int, text: [UInt8]) = (-1, [])
                for line in lines {
                    if let logStyle {
                        // The local time is formatted once a second, not once a line.
                        if stamp.second != line.wall {
                            stamp = (line.wall, [])
                            AccessLogFile.appendLocalTime(line.wall, to: &stamp.text)
                            stamp.text += logStyle
                        }
                        block += stamp.text
                    } else {
                        AccessLogFile.appendTime(line.wall, to: &block)
                    }
                    append(line, to: &block)
                }
                if !lines.isEmpty, !file.write(block) {
                    drops.add(lines.count)
                    logger.warning("\(lines.count) request log lines were lost: the access log file could not be written")
                }
            } else {
                var text: [UInt8] = []
                for line in lines {
                    text.removeAll(keepingCapacity: true)
                    append(line, to: &text)
                    logger.info("\(String(decoding: text.dropLast(), as: UTF8.self))")
                }
            }
            if dropped > 0 {
                drops.add(dropped)
                logger.warning("\(dropped) request log lines were dropped: the log could not keep up")
            }
            return closed
        }
    }

    /// Appends "GET /stops/train/1071 200 0.4ms\n" for `line` to `block`, byte by byte (no string is made for it: the
    /// writer formats a line per request, on a core the requests need too).
    private func append(_ line: Line, to block: inout [UInt8]) {
        block += line.method.utf8
        block.append(UInt8(ascii: " "))
        let path = secrets.redacted(line.path)
        if path.utf8.count <= 200 {
            // Copied as one block where the bytes are in one piece (always, for a path cut from the request target).
            if path.utf8.withContiguousStorageIfAvailable({ block.append(contentsOf: $0) }) == nil { block += path.utf8 }
        } else {
            block += Self.shown(path).utf8
        }
        block.append(UInt8(ascii: " "))
        Self.appendDecimal(line.status, to: &block)
        block.append(UInt8(ascii: " "))
        let tenths = Self.tenthsOfMilliseconds(line.elapsed)
        Self.appendDecimal(tenths / 10, to: &block)
        block.append(UInt8(ascii: "."))
        block.append(48 + UInt8(tenths % 10))
        block += "ms\n".utf8
    }

    /// Appends `value` (not negative) in decimal digits.
    private static func appendDecimal(_ value: Int, to block: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            block.append(48 + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// `duration` in tenths of a millisecond, rounded.
    private static func tenthsOfMilliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(max(0, (Double(seconds) * 10_000 + Double(attoseconds) / 1e14).rounded()))
    }

    /// The path as logged: at most 200 characters, then an ellipsis.
    static func shown(_ path: Substring) -> String {
        path.count > 200 ? path.prefix(200) + "…" : String(path)
    }
}

/// Access log lines dropped because the log could not keep up, counted for `/metrics`; made by the app and given to
/// the server in its configuration, so that the metrics page can read it.
public final class AccessLogDrops: Sendable {
    private let dropped = Atomic<Int>(0)

    /// A count at zero.
    public init() {}

    /// Lines dropped so far.
    public var count: Int { dropped.load(ordering: .relaxed) }

    /// Counts `lines` more.
    func add(_ lines: Int) { dropped.add(lines, ordering: .relaxed) }

    /// Prometheus text: `trakx_access_log_dropped_total`.
    public func render() -> String {
        "# HELP trakx_access_log_dropped_total Access log lines dropped because the log could not keep up.\n"
            + "# TYPE trakx_access_log_dropped_total counter\ntrakx_access_log_dropped_total \(count)\n"
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// The access log's own file (`trakx serve --access-log FILE`): the writer thread formats a whole batch of lines into
/// one buffer and hands it to the kernel with as few `write` calls as it takes, instead of one log call per line.
/// Lines read "2026-11-29T04:10:21Z GET /stops/train/1071 200 0.4ms". Opened for appending (log rotation: move the
/// file and restart, or copy and truncate).
final class AccessLogFile: Sendable {
    /// The open file.
    private let descriptor: Int32

    /// Opens (or makes) `path` for appending; nil when it cannot be opened.
    /// - Parameter path: The file.
    init?(path: String) {
        let opened = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard opened >= 0 else { return nil }
        descriptor = opened
    }

    /// Writes to a copy of an open descriptor (standard error, shared with the log's own lines); nil when it cannot be
    /// copied.
    /// - Parameter shared: The descriptor.
    init?(duplicating shared: Int32) {
        let copy = fcntl(shared, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else { return nil }
        descriptor = copy
    }

    deinit { close(descriptor) }

    /// Most bytes in one `write`: a write to a pipe (journald, a supervisor) of at most this many bytes is never
    /// interleaved with another writer's, so the log's own lines, written by other threads, are never cut into.
    static let atomicWrite = Int(PIPE_BUF)

    /// Writes `block` whole, in writes of whole lines of at most `atomicWrite` bytes (partial writes and interruptions
    /// continued); false when the disk refused it.
    /// - Parameter block: Whole lines.
    func write(_ block: [UInt8]) -> Bool {
        block.withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count {
                var end = min(bytes.count, start + Self.atomicWrite)
                if end < bytes.count, let lastNewline = bytes[start ..< end].lastIndex(of: 10) { end = lastNewline + 1 }
                var offset = start
                while offset < end {
                    let written = Glibc.write(descriptor, bytes.baseAddress! + offset, end - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += written
                }
                start = end
            }
            return true
        }
    }

    /// Appends "2026-11-29T15:10:21+1100 " for `seconds` since 1970 in the machine's time zone to `block`: the time as
    /// swift-log's stream handler writes it, so lines written here read like the log's own.
    /// - Parameters:
    ///   - seconds: The wall-clock time.
    ///   - block: Where it goes.
    static func appendLocalTime(_ seconds: Int, to block: inout [UInt8]) {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let count = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%S%z ", &parts)
        text.withUnsafeBufferPointer { characters in
            block.append(contentsOf: UnsafeRawBufferPointer(start: characters.baseAddress, count: count).bindMemory(to: UInt8.self))
        }
    }

    /// Appends "2026-11-29T04:10:21Z " for `seconds` since 1970 (UTC) to `block`.
    /// - Parameters:
    ///   - seconds: The wall-clock time.
    ///   - block: Where it goes.
    static func appendTime(_ seconds: Int, to block: inout [UInt8]) {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) { block.append(48 + UInt8(value / 10 % 10)); block.append(48 + UInt8(value % 10)) }
        let year = Int(parts.tm_year) + 1900
        for divisor in [1000, 100, 10, 1] { block.append(48 + UInt8(year / divisor % 10)) }
        block.append(UInt8(ascii: "-")); two(parts.tm_mon + 1)
        block.append(UInt8(ascii: "-")); two(parts.tm_mday)
        block.append(UInt8(ascii: "T")); two(parts.tm_hour)
        block.append(UInt8(ascii: ":")); two(parts.tm_min)
        block.append(UInt8(ascii: ":")); two(parts.tm_sec)
        block.append(contentsOf: "Z ".utf8)
    }
}

import Logging
import Synchronization

/// Log lines collected from every thread, each as "level message" and in full.
public final class LogCapture: Sendable {
    private let stored = Mutex<[(short: String, full: String)]>([])

    /// An empty capture.
    public init() {}

    /// Keeps one line.
    func append(short: String, full: String) { stored.withLock { $0.append((short, full)) } }

    /// Each line as "info GET /now 200 1.2ms": the level and the message.
    public var messages: [String] { stored.withLock { $0.map(\.short) } }

    /// Each line with its logger label, metadata, source, any error and the place it was logged.
    public var lines: [String] { stored.withLock { $0.map(\.full) } }

    /// A logger at `level` whose every line lands here.
    public func logger(label: String, level: Logger.Level) -> Logger {
        var logger = Logger(label: label) { label in CapturingLogHandler(label: label, capture: self) }
        logger.logLevel = level
        return logger
    }
}

/// A log handler that keeps each line, with its metadata, source, location and any error.
struct CapturingLogHandler: LogHandler {
    let label: String
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let error = event.error.map { " error=\(String(describing: $0))" } ?? ""
        capture.append(short: "\(event.level) \(event.message)",
                       full: "\(event.level) \(label) \(merged) [\(event.source)] \(event.message)\(error) \(event.file):\(event.line)")
    }
}

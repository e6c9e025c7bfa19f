import Foundation
import Synchronization

/// A child process (such as the built `trakx` binary) whose standard output is collected as it arrives,
/// for tests that start, kill and restart the real server.
///
/// `@unchecked Sendable`: the `Process` is only read after `run()` (its pid and running state), the output
/// buffer is behind a `Mutex`, and the reader thread owns the pipe's read end.
public final class ChildProcess: @unchecked Sendable {
    private let process: Process
    private let output = Mutex<[UInt8]>([])
    private let finishedReading = Atomic<Bool>(false)

    private init(process: Process) {
        self.process = process
    }

    /// Starts `executable` with `arguments`; standard output is collected, standard error goes to `errorLog`
    /// (or nowhere), so neither pipe can fill up and stall the child.
    /// - Parameters:
    ///   - executable: Path to the program.
    ///   - arguments: Its arguments.
    ///   - environment: Its environment (the parent's when nil).
    ///   - errorLog: File for standard error, created or truncated.
    public static func launch(_ executable: String, arguments: [String], environment: [String: String]? = nil,
                              errorLog: String? = nil) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        if let errorLog {
            _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: errorLog) ?? FileHandle.nullDevice
        } else {
            process.standardError = FileHandle.nullDevice
        }
        let child = ChildProcess(process: process)
        try process.run()
        let readEnd = pipe.fileHandleForReading.fileDescriptor
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(readEnd, &buffer, buffer.count)
                if n > 0 {
                    child.output.withLock { $0.append(contentsOf: buffer[0 ..< n]) }
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            child.finishedReading.store(true, ordering: .releasing)
        }
        thread.start()
        return child
    }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The exit status once it has exited normally; nil while it runs or when a signal ended it.
    public var exitStatus: Int32? {
        guard !process.isRunning, process.terminationReason == .exit else { return nil }
        return process.terminationStatus
    }

    /// Everything written to standard output so far.
    public var standardOutput: String { output.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Blocks until a line of standard output contains `text`, and returns that line; nil at the timeout or
    /// when the process ends first. Call from a plain thread, not from Swift's cooperative pool.
    /// - Parameters:
    ///   - text: What to look for.
    ///   - timeout: Seconds to wait.
    public func waitForLine(containing text: String, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = standardOutput.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            if finishedReading.load(ordering: .acquiring) && !process.isRunning { return nil }
            usleep(10_000)
        }
        return nil
    }

    /// Sends `signal` (SIGKILL by default) to the process.
    /// - Parameter signal: The signal.
    public func kill(_ signal: Int32 = SIGKILL) {
        _ = Glibc.kill(process.processIdentifier, signal)
    }

    /// Blocks until the process has exited (up to `timeout` seconds); true when it did. Plain threads only.
    /// - Parameter timeout: Seconds to wait.
    @discardableResult
    public func waitForExit(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return !process.isRunning
    }
}

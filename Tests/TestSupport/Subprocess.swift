import Foundation
import Synchronization

/// A child process (such as the built `trakx` binary) whose standard output is collected as it arrives,
/// for tests that start, kill and restart the real server.
///
/// Started with `posix_spawn`, not Foundation's `Process`: on Linux, `Process.run()` lists `/proc/self/fd` to find
/// the descriptors to close and copies each entry's whole 256-byte name, which can read past the end of the
/// directory buffer and crash the test process when it holds thousands of descriptors (parallel suites' servers
/// and connections do; seen once, in `StorageCrashTests`). Here the child closes every descriptor from 3 up in one
/// step (`posix_spawn_file_actions_addclosefrom_np`), and the parent's own copies are closed once they are done.
public final class ChildProcess: Sendable {
    /// The process id.
    public let pid: pid_t
    private let output = Mutex<[UInt8]>([])
    private let finishedReading = Atomic<Bool>(false)
    /// The child's wait status once it has been reaped; nil while it runs.
    private let ended = Mutex<Int32?>(nil)

    private init(pid: pid_t) {
        self.pid = pid
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
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let devNull = open("/dev/null", O_RDWR | O_CLOEXEC)
        let errorFD = errorLog.map { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) } ?? devNull
        // The child has its own copies; the parent keeps only the pipe's read end.
        defer {
            close(ends[1])
            if devNull >= 0 { close(devNull) }
            if errorFD >= 0, errorFD != devNull { close(errorFD) }
        }
        guard devNull >= 0, errorFD >= 0 else {
            let failure = POSIXErrorCode(rawValue: errno) ?? .ENOENT
            close(ends[0])
            throw POSIXError(failure)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, devNull, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorFD, STDERR_FILENO)
        _ = addCloseFrom?(&actions, 3)
        // A clean start: no blocked signals, default dispositions, its own process group (as `Process` gave it).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            close(ends[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL)
        }
        let child = ChildProcess(pid: pid)
        let readEnd = ends[0]
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
            close(readEnd)
            child.finishedReading.store(true, ordering: .releasing)
        }
        thread.start()
        return child
    }

    /// The child's wait status if it has ended (reaped here, once); nil while it runs.
    private func waitStatus() -> Int32? {
        ended.withLock { ended in
            if ended == nil {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { ended = status }
            }
            return ended
        }
    }

    /// Whether the process is still running.
    public var isRunning: Bool { waitStatus() == nil }

    /// The exit status once it has exited normally; nil while it runs or when a signal ended it.
    public var exitStatus: Int32? {
        guard let status = waitStatus(), status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
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
            if finishedReading.load(ordering: .acquiring) && !isRunning { return nil }
            usleep(10_000)
        }
        return nil
    }

    /// Sends `signal` (SIGKILL by default) to the process.
    /// - Parameter signal: The signal.
    public func kill(_ signal: Int32 = SIGKILL) {
        _ = Glibc.kill(pid, signal)
    }

    /// Blocks until the process has exited (up to `timeout` seconds); true when it did. Plain threads only.
    /// - Parameter timeout: Seconds to wait.
    @discardableResult
    public func waitForExit(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning && Date() < deadline { usleep(10_000) }
        return !isRunning
    }
}

/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), looked up at run time because Swift's Glibc
/// module does not declare it; nil where the C library lacks it (descriptors opened with close-on-exec still close).
private let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? =
    dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    }

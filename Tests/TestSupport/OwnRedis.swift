import Foundation

/// A `redis-server` started for one test, on loopback, keeping nothing on disk, on a port the kernel says is free.
///
/// A port drawn at random can be one an outgoing connection of this busy process holds (Linux hands out 32768–60999
/// to those): the server then cannot listen, and the test waits for a Redis that never comes. So the port is the
/// kernel's choice, and the server counts as started only once it says "Ready to accept connections"; one that ends
/// first (the port taken in the moment between) is started again on another port.
public struct OwnRedis: Sendable {
    /// Its port on 127.0.0.1.
    public let port: Int
    private let process: ChildProcess

    /// Its address, as Trakx's `--redis` takes it.
    public var url: String { "redis://127.0.0.1:\(port)" }

    private init(port: Int, process: ChildProcess) {
        self.port = port
        self.process = process
    }

    /// Starts a server and waits until it accepts connections.
    public static func start() async throws -> OwnRedis {
        for _ in 0 ..< 5 {
            if let started = try await start(port: Int(freeLoopbackPort())) { return started }
        }
        throw TestFailure("redis-server did not start on five free ports")
    }

    /// Starts a server again on the port this one had (after `stop()`), and waits until it accepts connections.
    public func restarted() async throws -> OwnRedis {
        for _ in 0 ..< 20 {
            if let started = try await Self.start(port: port) { return started }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw TestFailure("redis-server did not start again on port \(port)")
    }

    /// Stops it at once (SIGKILL) and reaps it; nothing when it has already ended.
    public func stop() {
        guard process.isRunning else { return }
        process.kill(SIGKILL)
        process.waitForExit(timeout: 5)
    }

    private static func start(port: Int) async throws -> OwnRedis? {
        let process = try ChildProcess.launch("/usr/bin/redis-server", arguments: [
            "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
        ])
        let ready = try await onThread { process.waitForLine(containing: "Ready to accept connections", timeout: 20) }
        guard ready != nil else {
            process.kill(SIGKILL)
            process.waitForExit(timeout: 5)
            return nil
        }
        return OwnRedis(port: port, process: process)
    }
}

/// A TCP port on 127.0.0.1 that nothing listens on now (the kernel picks it for a socket bound to port 0, which is
/// then closed).
public func freeLoopbackPort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestFailure("no socket for a free port") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else { throw TestFailure("no free port") }
    return UInt16(bigEndian: address.sin_port)
}

/// A failure in a test helper.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

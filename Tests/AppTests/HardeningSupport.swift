import Foundation
import PTVSimulator
import Synchronization
import TestSupport

// Helpers shared by the Hardening*Tests suites: blocking work on threads of its own, requests to a running
// TestApp through `Wire` (HardeningWire.swift), a seeded random generator, and a thread-safe collector.

/// Runs blocking work (sockets, child processes) on a thread of its own.
///
/// Swift's cooperative pool has one thread per core (two in CI) and also runs the server's handlers, so a
/// test that blocks pool threads on `recv` can starve the very server it is waiting for.
/// - Parameter body: The blocking work.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

extension TestApp {
    /// A request with the right Host header (unless `host` is given), read with a roomy timeout: these tests
    /// also run on loaded two-core CI boxes. Off the cooperative pool.
    func fetch(_ target: String, method: String = "GET", headers: [(String, String)] = [], host: String? = nil,
               timeout: Double = 30) async throws -> WireResponse {
        try await exchange(Wire.request(method, target, host: host ?? "127.0.0.1:\(port)", headers: headers),
                           head: method == "HEAD", timeout: timeout)
    }

    /// A form token and its cookie, as a browser holds them after loading a page (the search form: no PTV call).
    func newSession() async throws -> Session {
        let page = try await fetch("/search")
        let cookie = try require_(page.header("Set-Cookie")?.split(separator: ";").first.map(String.init), "form cookie")
        return Session(token: String(cookie.split(separator: "=")[1]), cookie: cookie)
    }

    /// A urlencoded POST with exactly these fields and headers (nothing added but Host and Content-Length).
    func rawPost(_ target: String, fields: [(String, String)], headers: [(String, String)], host: String? = nil) async throws -> WireResponse {
        let body = fields.map { PercentEncodingForTests.encode($0.0) + "=" + PercentEncodingForTests.encode($0.1) }.joined(separator: "&")
        return try await exchange(Wire.request("POST", target, host: host ?? "127.0.0.1:\(port)",
                                               headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers,
                                               body: Array(body.utf8)), timeout: 30)
    }

    /// A same-origin form POST with the session's token, cookie and Origin.
    func submit(_ target: String, form: [(String, String)], session: Session, origin: String? = nil) async throws -> WireResponse {
        try await rawPost(target, fields: [("token", session.token)] + form,
                          headers: [("Cookie", session.cookie), ("Origin", origin ?? "http://127.0.0.1:\(port)")])
    }

    /// One exchange of exact bytes with this app, off the cooperative pool.
    func exchange(_ bytes: [UInt8], head: Bool = false, timeout: Double = 30) async throws -> WireResponse {
        let port = port
        return try await onThread { try Wire.exchange(bytes, port: port, head: head, timeout: timeout) }
    }
}

/// A form token and its cookie.
struct Session: Sendable {
    let token: String
    let cookie: String
}

/// Seeds for replayable fuzz, storage and crash runs; the generator is the simulator's SplitMix64.
typealias SeededGenerator = SplitMix64

extension SplitMix64 {
    /// The seed from the environment variable `name` when set (to replay a failure), else a random one.
    static func seed(from name: String) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment[name], let value = UInt64(text) { return value }
        return UInt64.random(in: 1 ... UInt64.max)
    }
}

/// Collects values from many threads.
final class Collector<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    func append(_ item: Element) { items.withLock { $0.append(item) } }
    func append(contentsOf more: [Element]) { items.withLock { $0.append(contentsOf: more) } }
    var all: [Element] { items.withLock { $0 } }
}

/// A flag that tells helper threads to stop.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// Milliseconds taken by `body`.
func milliseconds<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try await body()
    let elapsed = start.duration(to: .now)
    return (value, Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
}

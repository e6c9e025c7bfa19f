import Foundation
import Testing
import TestSupport

/// The tests' own Web Push service (`Scripts/push_service.py`, Python's `cryptography`): it makes subscriptions,
/// checks every push's VAPID signature and decrypts it with code that is not Trakx's.
struct LoopbackPushService: Sendable {
    let child: ChildProcess
    let port: UInt16

    /// One subscription the service made, as a browser would hand it over.
    struct Subscription: Sendable, Decodable {
        let endpoint, p256dh, auth: String

        /// The alerts form's subscription fields.
        var fields: [(String, String)] { [("endpoint", endpoint), ("p256dh", p256dh), ("auth", auth)] }
    }

    /// One push received, decrypted.
    struct Message: Sendable, Decodable {
        struct Payload: Sendable, Decodable {
            let title, body, url, stopURL, tag: String
        }
        let payload: Payload
        let ttl: Int
        let urgency: String
        let topic: String?
    }

    private struct Received: Decodable {
        let messages: [Message]
        let attempts: Int
    }

    /// Starts the service, runs `body`, then stops it.
    /// - Parameters:
    ///   - tlsFolder: Where the service writes `push-ca.pem`, the authority of its https port (`subscribe(_:tls:)`),
    ///     for `trakx serve --push-ca-file`; nil: plain http only.
    ///   - body: The test.
    static func with(tlsFolder: String? = nil, _ body: (LoopbackPushService) async throws -> Void) async throws {
        let tls = tlsFolder.map { ["--tls", $0] } ?? []
        let child = try ChildProcess.launch("/usr/bin/env", arguments: ["python3", repositoryRoot + "/Scripts/push_service.py"] + tls)
        let line = try await onThread { child.waitForLine(containing: "PORT ", timeout: 30) }
        defer { child.kill(SIGTERM) }
        guard let line, let port = UInt16(line.split(separator: " ").last ?? "") else {
            throw TestFailure("the loopback push service did not start (python3 with the cryptography package is needed): \(child.standardOutput)")
        }
        let service = LoopbackPushService(child: child, port: port)
        try await body(service)
        let errors = try await service.json("/errors", as: [String].self)
        #expect(errors == [], "pushes that failed the push service's checks")
        _ = try await onThread { child.waitForExit(timeout: 0) }
    }

    /// A new subscription named `name`.
    /// - Parameters:
    ///   - name: Its name.
    ///   - tls: Whether its endpoint is the https port (started with a `tlsFolder`).
    func subscribe(_ name: String, tls: Bool = false) async throws -> Subscription {
        try await json("/new/\(name)" + (tls ? "?tls=1" : ""), as: Subscription.self)
    }

    /// What `name` has received so far, in order, and how many pushes reached it (refused ones too).
    func received(_ name: String) async throws -> (messages: [Message], attempts: Int) {
        let received = try await json("/messages/\(name)", as: Received.self)
        return (received.messages, received.attempts)
    }

    /// Answers `name`'s next `times` pushes with `status` (0: all of them).
    func behave(_ name: String, status: Int, times: Int = 0) async throws {
        _ = try await RawHTTP.request("GET", "/behave/\(name)?status=\(status)&times=\(times)", port: port)
    }

    /// Holds `name`'s next `times` pushes `seconds` each, then closes them unanswered (a sender that dies meanwhile
    /// never learns whether it was delivered; nothing held is kept as received).
    func hold(_ name: String, seconds: Double, times: Int = 1) async throws {
        _ = try await RawHTTP.request("GET", "/behave/\(name)?status=0&times=\(times)&hold=\(seconds)", port: port)
    }

    private func json<T: Decodable>(_ target: String, as type: T.Type) async throws -> T {
        let response = try await RawHTTP.request("GET", target, port: port)
        return try JSONDecoder().decode(type, from: Data(response.body))
    }
}

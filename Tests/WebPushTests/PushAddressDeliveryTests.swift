import Foundation
import HTTPClient
import Testing
@testable import WebPush

/// Each delivery resolves the push service's name itself and connects only to an address the policy allows:
/// a name that resolves to loopback is never connected to, unless the operator allowed loopback.
@Suite(.serialized)
struct PushAddressDeliveryTests {
    static let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let auth = "BTBZMqHH6r4Tts7J_aSIgg"

    /// Sends one push to `host` on the listener's port under `policy`; returns the outcome and the connections made.
    static func send(to host: String, policy: PushAddressPolicy) async throws -> (PushSender.Outcome, Int) {
        let listener = try CountingListener()
        defer { listener.stop() }
        let client = HTTPClient(configuration: ClientConfiguration(connectTimeout: 2, totalTimeout: 5, maxConcurrent: 1))
        // Plain http is the parser's test allowance; the address is checked at delivery whatever the parser said.
        let subscription = try PushSubscription(endpoint: "http://\(host):\(listener.port)/push/secret-endpoint",
                                                p256dh: p256dh, auth: auth, allowHTTP: true)
        let sender = PushSender(client: client, key: VAPIDKey(subject: "mailto:test@example.invalid"),
                                retries: PushSender.Retries(attempts: 2, firstWait: 0.01, longestWait: 0.01), addresses: policy)
        let outcome = await sender.send(PushMessage(payload: Array("hello".utf8), ttl: 60, urgency: .high, topic: nil), to: subscription)
        await client.shutdown()
        try await Task.sleep(for: .milliseconds(100))
        return (outcome, listener.connections)
    }

    @Test(arguments: ["localhost", "127.0.0.1", "0x7f.0.0.1", "2130706433", "127.1"])
    func aNameOrFormThatResolvesToLoopbackIsNeverConnectedTo(host: String) async throws {
        let (outcome, connections) = try await Self.send(to: host, policy: PushAddressPolicy())
        #expect(outcome == .forbiddenAddress(PushAddressPolicy.Refused(what: "loopback")), "\(host)")
        #expect(connections == 0, "\(host) was connected to \(connections) times")
    }

    @Test(arguments: ["localhost", "127.0.0.1", "0x7f.0.0.1"])
    func theSameIsDeliveredWhenLoopbackIsAllowed(host: String) async throws {
        let policy = PushAddressPolicy(allowing: [try #require(AddressRange("127.0.0.0/8"))])
        let (outcome, connections) = try await Self.send(to: host, policy: policy)
        #expect(outcome == .delivered, "\(host)")
        #expect(connections == 1, "\(host)")
    }

    @Test func aBlockAllowedForAnotherNetworkDoesNotOpenLoopback() async throws {
        let policy = PushAddressPolicy(allowing: [try #require(AddressRange("10.0.0.0/8"))])
        let (outcome, connections) = try await Self.send(to: "localhost", policy: policy)
        #expect(outcome == .forbiddenAddress(PushAddressPolicy.Refused(what: "loopback")))
        #expect(connections == 0)
    }

    /// Whatever libcurl makes of the host, it opens a socket only to the address chosen: another one is refused before
    /// connecting. (libcurl reads `2130706433` as 127.0.0.1 and looks it up nowhere, its `CURLOPT_RESOLVE` entry
    /// included, so without the open-socket check it would connect to the listener.)
    @Test func libcurlConnectsOnlyToTheAddressChosen() async throws {
        let listener = try CountingListener()
        defer { listener.stop() }
        let client = HTTPClient(configuration: ClientConfiguration(connectTimeout: 2, totalTimeout: 5, maxConcurrent: 1))
        await #expect(throws: CurlError.self) {
            _ = try await client.post("http://2130706433:\(listener.port)/push", body: [], connectingTo: { _, _ in "127.0.0.2" })
        }
        #expect(listener.connections == 0)
        let answer = try await client.post("http://localhost:\(listener.port)/push", body: [], connectingTo: { host, port in
            #expect(host == "localhost" && port == Int(listener.port))
            return "127.0.0.1"
        })
        #expect(answer.status == 201)
        #expect(listener.connections == 1)
        await client.shutdown()
    }
}

@testable import App
import Testing

/// Who the client is: canonical addresses, `X-Forwarded-For` through trusted proxies only, visitors by /64.
struct ClientAddressTests {
    @Test(arguments: [("127.0.0.1", "127.0.0.1"), (" 10.0.0.1 ", "10.0.0.1"), ("::ffff:10.0.0.1", "10.0.0.1"),
                      ("0:0::1", "::1"), ("2001:DB8::1", "2001:db8::1"), ("unknown", nil), ("10.0.0.1:443", nil)])
    func canonicalSpelling(_ text: String, _ expected: String?) {
        #expect(ClientAddress.canonical(text) == expected)
    }

    @Test func forwardedForIsReadRightToLeftThroughTrustedProxiesOnly() {
        let trusted: Set = ["127.0.0.1", "10.9.0.1"]
        // Not from a trusted proxy: the header is ignored.
        #expect(ClientAddress.client(peer: "192.0.2.7", forwardedFor: ["10.0.0.1"], trusted: trusted) == "192.0.2.7")
        // From one: the right-most address that is not a trusted proxy; anything left of it may be forged.
        #expect(ClientAddress.client(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 203.0.113.5"], trusted: trusted) == "203.0.113.5")
        #expect(ClientAddress.client(peer: "127.0.0.1", forwardedFor: ["6.6.6.6", "203.0.113.5, 10.9.0.1"], trusted: trusted) == "203.0.113.5")
        // Garbage stops the walk at the last good address; no header leaves the proxy itself.
        #expect(ClientAddress.client(peer: "127.0.0.1", forwardedFor: ["nonsense, 10.9.0.1"], trusted: trusted) == "10.9.0.1")
        #expect(ClientAddress.client(peer: "127.0.0.1", forwardedFor: [], trusted: trusted) == "127.0.0.1")
    }

    @Test func anIPv6VisitorIsItsSlash64() {
        #expect(ClientAddress.visitor("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(ClientAddress.visitor("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64")
        #expect(ClientAddress.visitor("203.0.113.5") == "203.0.113.5")
    }
}

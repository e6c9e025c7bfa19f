import Testing
@testable import WebPush

/// The push address classifier: every forbidden block, the odd ways of writing an address, and the operator's
/// allow list.
struct PushAddressPolicyTests {
    static let policy = PushAddressPolicy()

    @Test(arguments: [
        ("0.0.0.0", "unspecified"), ("0.1.2.3", "unspecified"), ("10.0.0.1", "private"), ("10.255.255.255", "private"),
        ("100.64.0.1", "carrier-grade NAT"), ("100.127.255.254", "carrier-grade NAT"), ("127.0.0.1", "loopback"),
        ("127.255.0.9", "loopback"), ("169.254.169.254", "link-local"), ("172.16.0.1", "private"), ("172.31.255.255", "private"),
        ("192.168.1.1", "private"), ("224.0.0.1", "multicast"), ("239.255.255.250", "multicast"), ("255.255.255.255", "reserved"),
        ("::", "unspecified"), ("::1", "loopback"), ("[::1]", "loopback"), ("fe80::1", "link-local"), ("febf::1", "link-local"),
        ("fc00::1", "unique-local"), ("fd12:3456::1", "unique-local"), ("ff02::1", "multicast"),
        ("::ffff:127.0.0.1", "loopback"), ("::ffff:7f00:1", "loopback"), ("::ffff:10.1.2.3", "private"),
        ("::ffff:169.254.169.254", "link-local"), ("::ffff:100.64.0.1", "carrier-grade NAT"), ("64:ff9b::a9fe:a9fe", "link-local"),
    ])
    func eachForbiddenBlockIsRefused(address: String, what: String) throws {
        let parsed = try #require(IPAddress(address))
        #expect(Self.policy.refusal(for: parsed)?.what == what, "\(address)")
        #expect(throws: PushAddressPolicy.Refused(what: what)) { try Self.policy.address(of: address) }
    }

    @Test(arguments: ["8.8.8.8", "172.32.0.1", "172.15.255.255", "100.128.0.1", "100.63.255.255", "192.169.0.1", "169.255.0.1",
                      "2001:4860:4860::8888", "::ffff:8.8.8.8"])
    func publicAddressesPass(address: String) throws {
        #expect(Self.policy.refusal(for: try #require(IPAddress(address))) == nil, "\(address)")
        #expect(try Self.policy.address(of: address) == IPAddress(address))
    }

    /// Forms the system reads as an address although `inet_pton` does not: each is resolved, then refused.
    @Test(arguments: ["0x7f.0.0.1", "2130706433", "0177.0.0.1", "127.1", "0x7f000001", "::ffff:127.0.0.1", "[::1]",
                      "[::ffff:127.0.0.1]", "localhost", "0", "0xa9.0xfe.0xa9.0xfe", "2852039166"])
    func oddFormsOfLocalAddressesAreRefused(host: String) {
        #expect(throws: PushAddressPolicy.Refused.self, "\(host)") { try Self.policy.address(of: host) }
        #expect(!Self.policy.mayName(host), "\(host)")
    }

    @Test func anAllowedBlockLetsItsAddressesThroughAndNoOthers() throws {
        let allowed = PushAddressPolicy(allowing: [try #require(AddressRange("127.0.0.0/8"))])
        #expect(try allowed.address(of: "localhost") == IPAddress("127.0.0.1"))
        #expect(try allowed.address(of: "0x7f.0.0.1") == IPAddress("127.0.0.1"))
        #expect(try allowed.address(of: "::ffff:127.0.0.1") == IPAddress("::ffff:127.0.0.1"))
        #expect(throws: PushAddressPolicy.Refused(what: "loopback")) { try allowed.address(of: "::1") }
        #expect(throws: PushAddressPolicy.Refused(what: "private")) { try allowed.address(of: "10.0.0.1") }
        #expect(throws: PushAddressPolicy.Refused(what: "link-local")) { try allowed.address(of: "169.254.169.254") }
        #expect(allowed.mayName("127.0.0.1") && allowed.mayName("localhost") && allowed.mayName("push.example.net"))
        #expect(!allowed.mayName("10.0.0.8") && !allowed.mayName("8.8.8.8"))
    }

    @Test func namesOnTheInternetPassTheFirstLookAndLocalNamesDoNot() {
        for name in ["fcm.googleapis.com", "updates.push.services.mozilla.com", "cafe.de", "web.push.apple.com"] {
            #expect(Self.policy.mayName(name), "\(name)")
        }
        for name in ["localhost", "printer", "router.lan", "nas.local", "x.internal", "8.8.8.8", "10.0.0.8", "[::1]", "fe80::1"] {
            #expect(!Self.policy.mayName(name), "\(name)")
        }
    }

    @Test func blocksAreReadStrictly() throws {
        #expect(AddressRange("10.0.0.0/8")?.description == "10.0.0.0/8")
        #expect(AddressRange("10.9.8.7/8")?.description == "10.0.0.0/8")
        #expect(AddressRange("192.168.4.5")?.description == "192.168.4.5/32")
        #expect(AddressRange("fd00::/8")?.description == "fd00::/8")
        #expect(AddressRange("::ffff:127.0.0.0/104") == AddressRange("127.0.0.0/8"))
        for bad in ["", "nope", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/", "10.0.0.0/8/8", "0x7f.0.0.1/8", "fd00::/129", "10.0.0.0/+8"] {
            #expect(AddressRange(bad) == nil, "\(bad)")
        }
        #expect(try #require(AddressRange("172.16.0.0/12")).contains(try #require(IPAddress("172.31.0.1"))))
        #expect(try !#require(AddressRange("172.16.0.0/12")).contains(try #require(IPAddress("172.32.0.1"))))
    }
}

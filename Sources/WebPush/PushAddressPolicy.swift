#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which addresses a push may be sent to. Push services are on the internet: a subscription naming this machine or
/// its networks (directly, through a name that resolves there, or through an odd form such as `0x7f.0.0.1`) would
/// have the server post to them for whoever subscribed. Each delivery resolves the push service's name itself,
/// refuses when any address it gets is loopback, private, link-local, carrier-grade NAT, unique-local, multicast,
/// unspecified or reserved (IPv4-mapped IPv6 forms included), and has libcurl connect to the address it checked.
/// An operator allows a block for a push service on their own network (`trakx serve --allow-private-address`).
public struct PushAddressPolicy: Sendable {
    /// The blocks never posted to unless allowed, each with what it is.
    public static let forbidden: [(range: AddressRange, what: String)] = [
        ("0.0.0.0/8", "unspecified"), ("10.0.0.0/8", "private"), ("100.64.0.0/10", "carrier-grade NAT"),
        ("127.0.0.0/8", "loopback"), ("169.254.0.0/16", "link-local"), ("172.16.0.0/12", "private"),
        ("192.0.0.0/24", "protocol assignments"), ("192.168.0.0/16", "private"), ("198.18.0.0/15", "benchmarking"),
        ("224.0.0.0/4", "multicast"), ("240.0.0.0/4", "reserved"),
        ("::/128", "unspecified"), ("::1/128", "loopback"), ("::/96", "IPv4-compatible"), ("fc00::/7", "unique-local"),
        ("fe80::/10", "link-local"), ("fec0::/10", "site-local"), ("ff00::/8", "multicast"),
    ].map { (AddressRange($0.0)!, $0.1) }

    /// Why a push service's address is refused (never the name or the endpoint, which are the subscriber's).
    public struct Refused: Error, Sendable, Equatable, CustomStringConvertible {
        /// "loopback", "private" and the like.
        public let what: String
        /// "the push service's address is loopback".
        public var description: String { "the push service's address is \(what)" }
    }

    /// The push service's name did not resolve (a transport failure: tried again later).
    public struct Unresolved: Error, Sendable, CustomStringConvertible {
        /// getaddrinfo's words.
        public let description: String
    }

    /// Blocks the operator allows although they are forbidden.
    public let allowed: [AddressRange]

    /// A policy.
    /// - Parameter allowed: Forbidden blocks the operator allows anyway.
    public init(allowing allowed: [AddressRange] = []) {
        self.allowed = allowed
    }

    /// nil when a push may go to `address`, else what it is.
    /// - Parameter address: The address.
    public func refusal(for address: IPAddress) -> Refused? {
        if allowed.contains(where: { $0.contains(address) }) { return nil }
        return Self.forbidden.first { $0.range.contains(address) }.map { Refused(what: $0.what) }
    }

    /// Resolves `host` (getaddrinfo, so every form the system accepts: names, `0x7f.0.0.1`, `2130706433`, `[::1]`)
    /// and returns the address to connect to: the first one the policy allows. The caller must connect to exactly
    /// that address (the HTTP client pins it), never resolve the name again.
    /// Blocks while the name is looked up: call it on a thread of its own (the HTTP client's workers do).
    /// - Parameter host: The push service's host, as in its URL.
    /// - Throws: `Refused` (naming what the first address is) when no address is allowed, `Unresolved` when the
    ///   name has none.
    public func address(of host: String) throws -> IPAddress {
        let addresses = try Self.resolve(host)
        if let allowed = addresses.first(where: { refusal(for: $0) == nil }) { return allowed }
        throw refusal(for: addresses[0])!
    }

    /// Whether a subscription may name `host`: a written address only when it may be posted to, and a name for
    /// this machine or its network (`localhost`, `printer`, `router.lan`) only when the operator allowed some
    /// block. Only a first look, without resolving: each delivery checks the address it connects to.
    /// - Parameter host: The host in the endpoint.
    public func mayName(_ host: String) -> Bool {
        let name = host.lowercased().trimming("[].")
        // A written address, in any form the system reads as one, goes only to a block the operator allowed.
        if let addresses = try? Self.resolve(name, numericOnly: true) {
            return addresses.allSatisfy { address in allowed.contains { $0.contains(address) } }
        }
        if name.contains(":") { return false }
        let local = !name.contains(".")
            || ["localhost", "local", "internal", "lan", "home.arpa", "localdomain"].contains { name == $0 || name.hasSuffix("." + $0) }
        return !local || !allowed.isEmpty
    }

    /// Every address `host` resolves to, by getaddrinfo.
    static func resolve(_ host: String, numericOnly: Bool = false) throws -> [IPAddress] {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = numericOnly ? AI_NUMERICHOST : 0
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(bare, nil, &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0 else { throw Unresolved(description: String(cString: gai_strerror(status))) }
        var addresses: [IPAddress] = []
        var next = list
        while let entry = next?.pointee {
            next = entry.ai_next
            guard let socketAddress = entry.ai_addr else { continue }
            switch entry.ai_family {
            case AF_INET:
                let bytes = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
                }
                addresses.append(IPAddress(bytes: bytes)!)
            case AF_INET6:
                let bytes = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                }
                addresses.append(IPAddress(bytes: bytes)!)
            default:
                continue
            }
        }
        guard !addresses.isEmpty else { throw Unresolved(description: "no address") }
        return addresses
    }
}

extension String {
    /// The text without `characters` at either end.
    fileprivate func trimming(_ characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text.removeFirst() }
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return String(text)
    }
}

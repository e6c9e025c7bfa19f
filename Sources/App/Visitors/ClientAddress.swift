import Foundation

/// Client addresses as Trakx compares them: numeric IPv4 or IPv6 in one canonical spelling.
public enum ClientAddress {
    /// `text` in canonical form ("::FFFF:10.0.0.1" is "10.0.0.1", "0:0::1" is "::1"); nil when it is not an address.
    /// - Parameter text: An address as written by a socket, a flag or a proxy.
    public static func canonical(_ text: some StringProtocol) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var v4 = in_addr()
        if inet_pton(AF_INET, trimmed, &v4) == 1 { return format(AF_INET, &v4) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, trimmed, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0 ..< 10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        return format(AF_INET6, &v6)
    }

    /// The client of a request: the connection's peer, or, when the peer is a trusted proxy, the right-most address
    /// in `X-Forwarded-For` that is not itself a trusted proxy (every proxy appends the address it saw, so anything
    /// left of the first untrusted one may be forged).
    /// - Parameters:
    ///   - peer: The connection's address.
    ///   - forwardedFor: Every `X-Forwarded-For` value, in arrival order.
    ///   - trusted: Canonical addresses of trusted proxies.
    static func client(peer: String, forwardedFor: [String], trusted: Set<String>) -> String {
        let peerAddress = canonical(peer) ?? peer
        guard trusted.contains(peerAddress) else { return peerAddress }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }
        var client = peerAddress
        for hop in hops.reversed() {
            guard let address = canonical(hop) else { break }
            client = address
            if !trusted.contains(address) { break }
        }
        return client
    }

    /// The visitor an address counts as: itself for IPv4, its /64 network for IPv6 (one household or phone).
    /// - Parameter address: A canonical address.
    static func visitor(_ address: String) -> String {
        var v6 = in6_addr()
        guard address.contains(":"), inet_pton(AF_INET6, address, &v6) == 1 else { return address }
        withUnsafeMutableBytes(of: &v6) { bytes in
            for index in 8 ..< 16 { bytes[index] = 0 }
        }
        return format(AF_INET6, &v6) + "/64"
    }

    private static func format<T>(_ family: Int32, _ address: inout T) -> String {
        withUnsafeBytes(of: &address) { bytes in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { buffer in
                guard inet_ntop(family, bytes.baseAddress, buffer.baseAddress, socklen_t(buffer.count)) != nil else { return "" }
                return String(cString: buffer.baseAddress!)
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as its bytes (4 or 16, network order).
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address's bytes: 4 for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// An address from its bytes; nil unless there are 4 or 16.
    /// - Parameter bytes: The bytes in network order.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// An address written in the usual strict form (`10.0.0.1`, `fe80::1`, or `[::1]`); nil for anything else,
    /// names and the old shorthand forms (`0x7f.0.0.1`) included: those are what `PushAddressPolicy` resolves.
    /// - Parameter text: The written address.
    public init?(_ text: String) {
        let bare = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var four = [UInt8](repeating: 0, count: 4)
        var sixteen = [UInt8](repeating: 0, count: 16)
        if !bare.contains(":"), inet_pton(AF_INET, bare, &four) == 1 {
            bytes = four
        } else if inet_pton(AF_INET6, bare, &sixteen) == 1 {
            bytes = sixteen
        } else {
            return nil
        }
    }

    /// Whether it is an IPv4 address.
    public var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address an IPv6 one carries (IPv4-mapped `::ffff:a.b.c.d`, or NAT64 `64:ff9b::a.b.c.d`), else itself:
    /// a connection to either form reaches the IPv4 address.
    public var unmapped: IPAddress {
        guard bytes.count == 16 else { return self }
        let mapped = bytes[0 ..< 10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
        let nat64 = bytes[0 ..< 12] == [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]
        return mapped || nat64 ? IPAddress(bytes: Array(bytes[12 ..< 16]))! : self
    }

    /// The address written the usual way (`127.0.0.1`, `::1`).
    public var description: String {
        var text = [CChar](repeating: 0, count: 64)
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(isIPv4 ? AF_INET : AF_INET6, raw.baseAddress, &text, socklen_t(text.count))
        }
        return written == nil ? "?" : String(cString: text)
    }
}

/// A block of addresses written as CIDR (`10.0.0.0/8`, `fc00::/7`); a bare address is a block of one.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The first address of the block (bits past the prefix are zero).
    public let base: IPAddress
    /// How many leading bits every address in the block shares.
    public let prefixLength: Int

    /// A block from its CIDR text; nil when the address or the length is not valid. An IPv4-mapped IPv6 block
    /// (`::ffff:127.0.0.0/104`) is kept as the IPv4 block it means.
    /// - Parameter text: `address/length`, or an address.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let address = IPAddress(String(parts[0])) else { return nil }
        var length = address.bytes.count * 8
        if parts.count == 2 {
            guard let given = Int(parts[1]), parts[1].allSatisfy(\.isNumber), (0 ... length).contains(given) else { return nil }
            length = given
        }
        if !address.isIPv4, address.unmapped.isIPv4, length >= 96 {
            self.init(base: address.unmapped, prefixLength: length - 96)
        } else {
            self.init(base: address, prefixLength: length)
        }
    }

    private init(base: IPAddress, prefixLength: Int) {
        var bytes = base.bytes
        for index in bytes.indices {
            let kept = max(0, min(8, prefixLength - index * 8))
            bytes[index] &= kept == 0 ? 0 : UInt8(truncatingIfNeeded: 0xff << (8 - kept))
        }
        self.base = IPAddress(bytes: bytes)!
        self.prefixLength = prefixLength
    }

    /// Whether `address` is in the block; an IPv4-mapped IPv6 address is compared as the IPv4 address it carries.
    /// - Parameter address: The address.
    public func contains(_ address: IPAddress) -> Bool {
        let candidates = address.unmapped == address ? [address] : [address, address.unmapped]
        return candidates.contains { candidate in
            guard candidate.bytes.count == base.bytes.count else { return false }
            for index in base.bytes.indices {
                let kept = max(0, min(8, prefixLength - index * 8))
                guard kept > 0 else { return true }
                let mask = UInt8(truncatingIfNeeded: 0xff << (8 - kept))
                if candidate.bytes[index] & mask != base.bytes[index] { return false }
            }
            return true
        }
    }

    /// `10.0.0.0/8`.
    public var description: String { "\(base)/\(prefixLength)" }
}

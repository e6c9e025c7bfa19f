import CCurl
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Given a URL's host and port, the one address a transfer may connect to (numeric text, `192.0.2.7` or `2001:db8::7`),
/// or an error that refuses the transfer before any connection.
public typealias AddressChooser = @Sendable (_ host: String, _ port: Int) throws -> String

/// Holds libcurl to the address chosen for a URL's host: a `CURLOPT_RESOLVE` list of one entry, `host:port:address`
/// (a written IPv6 host needs none: libcurl looks nothing up for it), and an open-socket check that refuses any
/// connection to another address, whatever libcurl made of the host. Owns the list.
final class AddressPin {
    /// The list handed to libcurl (nil when no entry is needed).
    let list: UnsafeMutablePointer<curl_slist>?
    /// The chosen address's bytes (4 or 16), which every connection must go to.
    let bytes: [UInt8]

    /// Chooses the address for `url`'s host and port.
    /// - Parameters:
    ///   - url: An absolute http or https URL.
    ///   - choose: What picks (or refuses) the address.
    init(url: String, choose: AddressChooser) throws {
        guard let (host, port) = Self.hostAndPort(of: url) else {
            throw CurlError(curlCode: CURLE_URL_MALFORMAT, message: "The URL has no host")
        }
        let address = try choose(host, port)
        guard let bytes = Self.bytes(of: address) else {
            throw CurlError(curlCode: CURLE_COULDNT_RESOLVE_HOST, message: "The chosen address is not an address")
        }
        self.bytes = bytes
        let written = address.contains(":") ? "[\(address)]" : address
        list = host.hasPrefix("[") ? nil : curl_slist_append(nil, "\(host):\(port):\(written)")
    }

    /// The bytes of a numeric IPv4 or IPv6 address; nil for anything else.
    static func bytes(of address: String) -> [UInt8]? {
        var four = [UInt8](repeating: 0, count: 4)
        var sixteen = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, address, &four) == 1 { return four }
        if inet_pton(AF_INET6, address, &sixteen) == 1 { return sixteen }
        return nil
    }

    deinit { curl_slist_free_all(list) }

    /// The host (as written, `[::1]` with its brackets) and the port (the scheme's when none is written) of an
    /// absolute URL; nil when it has no host.
    /// - Parameter url: The URL.
    static func hostAndPort(of url: String) -> (host: String, port: Int)? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@"), !authority.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let host: Substring
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            portText = after.hasPrefix(":") ? after.dropFirst() : nil
            guard after.isEmpty || after.hasPrefix(":") else { return nil }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
            portText = nil
        }
        guard !host.isEmpty else { return nil }
        guard let portText, !portText.isEmpty else { return (String(host), defaultPort) }
        guard portText.allSatisfy(\.isNumber), let port = Int(portText), (1 ... 65535).contains(port) else { return nil }
        return (String(host), port)
    }
}

@available(*, unavailable)
extension AddressPin: Sendable {}

/// libcurl's open-socket callback for a pinned transfer: opens the socket only when the address libcurl is about to
/// connect to is the pinned one (the `AddressPin` passed as context), else refuses it, so nothing is connected to.
func curlOpenPinnedSocket(_ context: UnsafeMutableRawPointer?, _ purpose: curlsocktype,
                          _ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
    guard let context else { return -1 }
    let pin = Unmanaged<AddressPin>.fromOpaque(context).takeUnretainedValue()
    let target = address.pointee
    let socketAddress = UnsafeRawPointer(ccurl_sockaddr_address(address))
    let bytes: [UInt8]
    switch target.family {
    case AF_INET where target.addrlen >= UInt32(MemoryLayout<sockaddr_in>.size):
        bytes = withUnsafeBytes(of: socketAddress.loadUnaligned(as: sockaddr_in.self).sin_addr) { Array($0) }
    case AF_INET6 where target.addrlen >= UInt32(MemoryLayout<sockaddr_in6>.size):
        bytes = withUnsafeBytes(of: socketAddress.loadUnaligned(as: sockaddr_in6.self).sin6_addr) { Array($0) }
    default:
        return -1
    }
    guard bytes == pin.bytes else { return -1 }
    return socket(target.family, target.socktype, target.protocol)
}

import CCurl
import Foundation

/// Given a URL's host and port, the one address a transfer may connect to (numeric text, `192.0.2.7` or `2001:db8::7`),
/// or an error that refuses the transfer before any connection.
public typealias AddressChooser = @Sendable (_ host: String, _ port: Int) throws -> String

/// A `CURLOPT_RESOLVE` list of one entry, `host:port:address`, that holds libcurl to the address chosen for a URL's
/// host (a written IPv6 host needs no entry: libcurl looks nothing up for it). Owns the list.
final class AddressPin {
    /// The list handed to libcurl (nil when no entry is needed).
    let list: UnsafeMutablePointer<curl_slist>?

    /// Chooses the address for `url`'s host and port.
    /// - Parameters:
    ///   - url: An absolute http or https URL.
    ///   - choose: What picks (or refuses) the address.
    init(url: String, choose: AddressChooser) throws {
        guard let (host, port) = Self.hostAndPort(of: url) else {
            throw CurlError(curlCode: CURLE_URL_MALFORMAT, message: "The URL has no host")
        }
        let address = try choose(host, port)
        let written = address.contains(":") ? "[\(address)]" : address
        list = host.hasPrefix("[") ? nil : curl_slist_append(nil, "\(host):\(port):\(written)")
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

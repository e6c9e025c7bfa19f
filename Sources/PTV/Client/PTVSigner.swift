import Crypto
import Foundation

/// Signs PTV requests: HMAC-SHA1 of the path and query (with `devid` last), keyed by the developer key.
public struct PTVSigner: Sendable {
    let devID: String
    private let key: SymmetricKey

    /// Creates a signer.
    /// - Parameters:
    ///   - devID: Developer id.
    ///   - key: Developer key, used as text (not parsed as a GUID).
    public init(devID: String, key: String) {
        self.devID = devID
        self.key = SymmetricKey(data: Array(key.utf8))
    }

    /// Upper-case hex HMAC-SHA1 of `message`.
    /// - Parameter message: The exact string to sign.
    public func signature(for message: String) -> String {
        let mac = HMAC<Insecure.SHA1>.authenticationCode(for: Array(message.utf8), using: key)
        let hex = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(40)
        for byte in mac {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `pathAndQuery` plus `devid` (last) and `signature` (after it): the string to append to the base URL.
    /// - Parameter pathAndQuery: Encoded path and optional query, e.g. `/v3/route_types`.
    public func sign(_ pathAndQuery: String) -> String {
        let withDevID = pathAndQuery + (pathAndQuery.contains("?") ? "&" : "?") + "devid=" + devID
        return withDevID + "&signature=" + signature(for: withDevID)
    }
}

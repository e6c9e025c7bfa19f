import Foundation

/// Base64url without padding (RFC 4648 §5), as Web Push writes keys, salts and JWT parts.
public enum Base64URL {
    /// The bytes as base64url text without `=` padding.
    /// - Parameter bytes: Any bytes.
    public static func encode(_ bytes: some DataProtocol) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of base64url text (padding optional); nil when it is not base64url.
    /// - Parameter text: The text.
    public static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.allSatisfy({ $0 == 0x2D || $0 == 0x5F || $0 == 0x3D || (0x30 ... 0x39).contains($0) || (0x41 ... 0x5A).contains($0)
            || (0x61 ... 0x7A).contains($0) }) else { return nil }
        var plain = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            .replacingOccurrences(of: "=", with: "")
        plain += String(repeating: "=", count: (4 - plain.count % 4) % 4)
        return Data(base64Encoded: plain).map { [UInt8]($0) }
    }
}

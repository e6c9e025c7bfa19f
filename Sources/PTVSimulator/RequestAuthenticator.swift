import HTTPServer
import PTV

/// Checks devid and signature exactly as PTV does.
///
/// The raw request target must end with `signature=<hex>` as its last query parameter and carry `devid`
/// before it. The signed string is the target with `&signature=…` removed, and the signature is compared
/// case-insensitively with HMAC-SHA1(key, that string).
struct RequestAuthenticator: Sendable {
    /// The one developer id the simulator knows.
    let devID: String
    /// Signs with the simulator's key.
    let signer: PTVSigner

    /// Creates an authenticator.
    /// - Parameters:
    ///   - devID: The accepted devid.
    ///   - key: The developer key.
    init(devID: String, key: String) {
        self.devID = devID
        signer = PTVSigner(devID: devID, key: key)
    }

    /// Throws PTV's 403 (bad or missing signature) or 400 (unknown devid); returns when the request is genuine.
    /// - Parameter target: The raw request target, still percent-encoded.
    func check(target: String) throws(APIError) {
        guard let mark = target.firstIndex(of: "?") else { throw .signatureInvalid }
        let pairs = target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false)
        guard pairs.count >= 2, let last = pairs.last, last.hasPrefix("signature=") else { throw .signatureInvalid }
        guard let devPair = pairs.dropLast().last(where: { $0.hasPrefix("devid=") }) else { throw .signatureInvalid }
        let sentDevID = PercentDecoding.decode(devPair.dropFirst("devid=".count), plusIsSpace: true) ?? String(devPair)
        guard sentDevID == devID else { throw .devIDInvalid(sentDevID) }
        let signed = target.dropLast(last.count + 1)  // the "&" and "signature=…"
        let sent = last.dropFirst("signature=".count).uppercased()
        let expected = signer.signature(for: String(signed))
        guard sent.utf8.count == expected.utf8.count,
              zip(sent.utf8, expected.utf8).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else { throw .signatureInvalid }
    }
}

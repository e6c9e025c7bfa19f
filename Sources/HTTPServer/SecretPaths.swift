/// Paths that carry a secret, kept out of the access log: each prefix names the segments before one that is a
/// capability (a private favourites list's id, an alert's stop code), and a logged path that starts with them shows
/// `[private]` instead of that segment and anything after it. Segments are compared percent-decoded and ignoring
/// case, and empty segments are skipped, so `/Favourites//list/%61b` is redacted like `/favourites/list/ab`.
public struct SecretPaths: Sendable {
    /// What a secret segment is logged as.
    public static let mark = "[private]"

    /// Each prefix's segments, decoded and lower-cased.
    private let prefixes: [[String]]
    /// Each prefix's first segment's bytes (what every logged path is checked against first).
    private let firsts: [[UInt8]]

    /// - Parameter prefixes: Paths such as `/favourites/list/`, whose next segment is secret.
    public init(_ prefixes: [String] = []) {
        self.prefixes = prefixes.map { prefix in
            prefix.split(separator: "/").map { String($0).lowercased() }
        }.filter { !$0.isEmpty }
        firsts = self.prefixes.map { Array($0[0].utf8) }
    }

    /// Whether no path is secret.
    public var isEmpty: Bool { prefixes.isEmpty }

    /// `path` as it may be logged: unchanged, or cut after a secret prefix with `[private]` in place of the rest.
    /// - Parameter path: The raw path (no query).
    public func redacted(_ path: Substring) -> Substring {
        guard !prefixes.isEmpty, mayBeSecret(path) else { return path }
        // Compared decoded, so an escaped slash or letter cannot slip a secret past the prefix.
        let decoded = (PercentDecoding.decode(path, plusIsSpace: false) ?? String(path)).lowercased()
        let segments = decoded.split(separator: "/")
        for prefix in prefixes where segments.count > prefix.count && zip(prefix, segments).allSatisfy({ $0 == $1 }) {
            return Substring("/" + prefix.joined(separator: "/") + "/" + Self.mark)
        }
        return path
    }

    /// False when `path` plainly starts with no prefix's first segment (no escapes, compared ignoring ASCII case),
    /// without making a string: the access log asks this of every request, and nearly every path is not secret.
    private func mayBeSecret(_ path: Substring) -> Bool {
        path.utf8.withContiguousStorageIfAvailable(mayBeSecret) ?? Array(path.utf8).withUnsafeBufferPointer(mayBeSecret)
    }

    /// `mayBeSecret(_:)` over the path's bytes, read once in place.
    private func mayBeSecret(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: "/") { start += 1 }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
        guard !bytes[start...].contains(UInt8(ascii: "%")) else { return true }
        let first = UnsafeBufferPointer(rebasing: bytes[start ..< end])
        return firsts.contains { segment in
            segment.count == first.count && zip(segment, first).allSatisfy { $0 == ($1 | (($1 >= 65 && $1 <= 90) ? 32 : 0)) }
        }
    }
}

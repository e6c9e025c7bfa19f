#if canImport(Glibc)
import Glibc
#endif

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
        // Most paths are told by their first byte after the slashes ("/stops/…": no prefix starts with "s").
        guard let first = path.utf8.first(where: { $0 != UInt8(ascii: "/") }) else { return false }
        let lowered = first | ((first >= 65 && first <= 90) ? 32 : 0)
        guard first == UInt8(ascii: "%") || firsts.contains(where: { $0.first == lowered }) else { return false }
        return path.utf8.withContiguousStorageIfAvailable(mayBeSecret) ?? Array(path.utf8).withUnsafeBufferPointer(mayBeSecret)
    }

    /// `mayBeSecret(_:)` over the path's bytes, read once in place (a memchr for an escape, then the first segment
    /// against each prefix's: the writer asks this of every logged line, and it cost it 1,200 instructions a line as
    /// generic slices).
    private func mayBeSecret(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count, slash = UInt8(ascii: "/")
        var start = 0
        while start < count, base[start] == slash { start += 1 }
        if memchr(base + start, Int32(UInt8(ascii: "%")), count - start) != nil { return true }
        var end = start
        while end < count, base[end] != slash { end += 1 }
        let length = end - start
        for segment in firsts where segment.count == length {
            let same = segment.withUnsafeBufferPointer { lowered in
                for index in 0 ..< length {
                    let byte = base[start + index]
                    if lowered[index] != byte | ((byte >= 65 && byte <= 90) ? 32 : 0) { return false }
                }
                return true
            }
            if same { return true }
        }
        return false
    }
}

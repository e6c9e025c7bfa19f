import HTTPClient

/// One PTV call before signing: its endpoint (for caching and metrics), path and query.
public struct PTVRequest: Sendable, Hashable {
    /// Endpoint family.
    public let endpoint: Endpoint
    /// Encoded path starting with `/v3/`.
    public let path: String
    /// Query pairs in the order they are sent (repeated keys for arrays).
    public let query: [(String, String)]

    /// Creates a request; each path segment is percent-encoded here (space as `%20`, `/` as `%2F`).
    /// - Parameters:
    ///   - endpoint: Endpoint family.
    ///   - segments: Path segments after `/v3/`, unencoded.
    ///   - query: Query pairs, unencoded.
    public init(_ endpoint: Endpoint, _ segments: [String], query: [(String, String)] = []) {
        self.endpoint = endpoint
        self.path = "/v3/" + segments.map(Self.encodeSegment).joined(separator: "/")
        self.query = query
    }

    /// Path and query exactly as sent (before `devid` and `signature`).
    public var pathAndQuery: String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { PercentEncoding.encode($0.0) + "=" + PercentEncoding.encode($0.1) }.joined(separator: "&")
    }

    /// The cache key (the unsigned path and query).
    public var cacheKey: String { pathAndQuery }

    static func encodeSegment(_ segment: String) -> String {
        // "." and ".." are dot-segments: URL normalisation would drop them and change the endpoint (and what was
        // signed). Escaped, they are plain data.
        if segment == "." || segment == ".." { return String(repeating: "%2E", count: segment.count) }
        // Commas separate coordinates in `/stops/location/{lat},{lon}` and are legal in a segment.
        return segment.split(separator: ",", omittingEmptySubsequences: false).map { PercentEncoding.encode(String($0)) }.joined(separator: ",")
    }

    public static func == (lhs: PTVRequest, rhs: PTVRequest) -> Bool { lhs.pathAndQuery == rhs.pathAndQuery }
    public func hash(into hasher: inout Hasher) { hasher.combine(pathAndQuery) }
}

/// How to reach a PTV Timetable API v3 server.
public struct PTVConfiguration: Sendable {
    /// Base URL without a trailing slash, e.g. `https://timetableapi.ptv.vic.gov.au`.
    public var baseURL: String
    /// Developer id.
    public var devID: String
    /// Developer key (secret).
    public var key: String
    /// Connect timeout in seconds.
    public var connectTimeout: Double
    /// Total timeout in seconds.
    public var totalTimeout: Double
    /// Seconds a page waits for PTV when a saved copy exists: past this, the saved copy answers (said as such)
    /// and the call goes on in the background to refresh the cache. Without a saved copy the timeout stands.
    public var staleGrace: Double = 2

    /// Creates a configuration.
    /// - Parameters:
    ///   - baseURL: Base URL.
    ///   - devID: Developer id.
    ///   - key: Key.
    ///   - connectTimeout: Connect timeout.
    ///   - totalTimeout: Total timeout.
    public init(baseURL: String, devID: String, key: String, connectTimeout: Double = 5, totalTimeout: Double = 15) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.devID = devID
        self.key = key
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
    }
}

/// Limits and addresses for `HTTPServer`.
public struct ServerConfiguration: Sendable {
    /// Numeric address to bind; loopback by default.
    public var host: String
    /// Port to bind; 0 picks a free one (read it back from `HTTPServer.port`).
    public var port: UInt16
    /// Worker threads, each with its own epoll loop.
    public var threadPoolSize: UInt32
    /// Most connections open at once; more are refused by the kernel backlog.
    public var connectionLimit: UInt32
    /// Seconds an idle or trickling connection may stay open.
    public var connectionTimeoutSeconds: UInt32
    /// Bytes per connection for the request line and headers (larger requests get 431/414 from MHD).
    public var headerMemoryLimit: Int
    /// Largest request body accepted; larger ones get 413.
    public var bodyLimit: Int
    /// Most connections open at once from one client address (0: no cap); on a shared server, well below
    /// `connectionLimit`.
    public var connectionsPerAddress: UInt32 = 0
    /// Seconds a whole request header may take to arrive; then the connection is closed (with a 408).
    public var headerDeadlineSeconds: Double = 10
    /// Paths whose next segment is a secret (a private link's id): the access log shows `[private]` in its place.
    public var secretPaths = SecretPaths()
    /// Where the access log counts the lines it drops (read by the app's metrics page).
    public var accessLogDrops = AccessLogDrops()
    /// The access log's own file, one line per request written in blocks (nil: lines go to the logger at info).
    public var accessLogPath: String?
    /// With no `accessLogPath`: the logger writes to standard error as swift-log's stream handler does (`trakx serve`),
    /// so request lines are written there in blocks in the same format rather than through one log call each. False
    /// for a logger that goes elsewhere (tests capture theirs).
    public var accessLogToStandardError = false

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: Address to bind.
    ///   - port: Port to bind.
    ///   - threadPoolSize: Worker threads.
    ///   - connectionLimit: Connection cap.
    ///   - connectionTimeoutSeconds: Idle timeout.
    ///   - headerMemoryLimit: Request line and header memory.
    ///   - bodyLimit: Body size limit.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080, threadPoolSize: UInt32 = 4,
                connectionLimit: UInt32 = 2000, connectionTimeoutSeconds: UInt32 = 10,
                headerMemoryLimit: Int = 32 * 1024, bodyLimit: Int = 256 * 1024) {
        self.host = host
        self.port = port
        self.threadPoolSize = threadPoolSize
        self.connectionLimit = connectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.headerMemoryLimit = headerMemoryLimit
        self.bodyLimit = bodyLimit
    }
}

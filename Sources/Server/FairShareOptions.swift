import App
import ArgumentParser
import HTTPServer

/// `trakx serve`'s options for a server many people share: what one visitor may take (PTV calls, connections,
/// time to send a request) and whose `X-Forwarded-For` names the visitor.
struct FairShareOptions: ParsableArguments {
    @Option(help: """
        Most PTV calls one visitor (client address) may cause in a minute. Pages already cached cost nothing; \
        past it the visitor is asked to wait (429). 0: no limit.
        """)
    var ptvCallsPerMinute: Int = 300

    @Option(help: "Most connections open at once, from everyone together.")
    var connectionLimit: UInt32 = 2000

    @Option(help: """
        Most connections open at once from one client address (0: no cap). Default: 100 on a shared server \
        (--shared, or --host beyond loopback) without --trusted-proxy (a proxy's connections carry everyone: cap \
        them in the proxy), else 0.
        """)
    var connectionsPerAddress: UInt32?

    @Option(help: "Seconds a request's whole header may take to arrive; then the connection is closed with 408.")
    var headerDeadline: Double = 10

    @Option(name: .customLong("trusted-proxy"), help: """
        A reverse proxy's numeric address (repeatable). Only on connections from it is the client taken from \
        X-Forwarded-For (the right-most address that is not a trusted proxy).
        """)
    var trustedProxies: [String] = []

    @Option(help: """
        File to append the access log to, one line per request written in blocks by a thread of its own, whatever \
        --log-level says (default: request lines go to the log at info level).
        """)
    var accessLog: String?

    func validate() throws {
        for proxy in trustedProxies where ClientAddress.canonical(proxy) == nil {
            throw ValidationError("--trusted-proxy must be a numeric IPv4 or IPv6 address, not \(proxy)")
        }
    }

    /// Sets the visitor budget, the trusted proxies, the connection limits, the header deadline and the access log's file (after
    /// `--shared` and `--host`: the cap per address is for shared servers).
    /// - Parameter configuration: The app's configuration.
    func apply(to configuration: inout AppConfiguration) {
        configuration.ptvCallsPerMinutePerVisitor = max(0, ptvCallsPerMinute)
        configuration.trustedProxies = trustedProxies
        configuration.server.connectionLimit = max(1, connectionLimit)
        let capped = configuration.favouritesAreShared && trustedProxies.isEmpty
        configuration.server.connectionsPerAddress = connectionsPerAddress ?? (capped ? 100 : 0)
        configuration.server.headerDeadlineSeconds = max(1, headerDeadline)
        configuration.server.accessLogPath = accessLog
    }
}

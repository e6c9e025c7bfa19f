import Foundation
import HTTPServer
import Storage

/// Everything `buildApplication` needs: where to listen, where files are, and how to reach PTV.
public struct AppConfiguration: Sendable {
    /// Address, port and limits of the web server.
    public var server: ServerConfiguration
    /// Where favourites, alerts and kept answers are: a SQLite file, or a `postgres://` URL (`openDatabase(at:)`).
    public var databasePath: String
    /// Folder of Mustache templates.
    public var templatesDirectory: String
    /// Folder served under `/static/`.
    public var publicDirectory: String
    /// PTV base URL (no trailing slash).
    public var ptvBaseURL: String
    /// PTV developer id (required by `buildApplication`).
    public var ptvDevID: String?
    /// PTV key (required by `buildApplication`).
    public var ptvKey: String?
    /// Whether PTV is the demo simulator: every page then says "Demo data".
    public var demo: Bool = false
    /// Extra `Host` header values accepted besides loopback names with the port.
    public var allowedHosts: [String]
    /// Fixed "now" for the pages (tests and the accessibility gate); the clock runs on from it.
    public var fixedNow: Date?
    /// Total timeout for PTV calls in seconds.
    public var upstreamTimeout: Double
    /// The clock for pages and the PTV cache (tests move it); nil is `makeClock()`.
    public var clock: (@Sendable () -> Date)? = nil
    /// `--shared`: one favourites list per browser (a cookie), even on a loopback address.
    public var sharedFavourites: Bool = false
    /// Most favourites in one list.
    public var favouritesPerList: Int = 100
    /// Most favourites lists one client address may start per minute on a shared server.
    public var listsPerMinutePerAddress: Int = 10
    /// Most PTV calls one visitor (client address) may cause in a minute; 0 turns the budget off.
    public var ptvCallsPerMinutePerVisitor: Int = 300
    /// Reverse proxies whose `X-Forwarded-For` names the client (numeric addresses).
    public var trustedProxies: [String] = []
    /// The most a page waits for PTV in all, however many answers it meets hanging one after another: a dated copy is
    /// said after 2 seconds (`PTVConfiguration.staleGrace`), and without one a failure is said within this, where the
    /// client's own timeout (15 s) would have a rider wait three times as long, or twice that when a second answer hangs.
    public var pageWait: Duration = Self.defaultPageWait
    /// The most a page waits in one more round for what a rider needs now and Trakx does not hold: the text of a
    /// disruption its answers name, which way two listed stops sharing a name go.
    public var secondRound: Duration = Self.defaultSecondRound
    /// `pageWait` in service.
    public static let defaultPageWait: Duration = .seconds(5)
    /// `secondRound` in service.
    public static let defaultSecondRound: Duration = .seconds(2)
    /// Web Push alerts: the watcher's interval, the VAPID contact, retries.
    public var alerts = AlertConfiguration()
    /// `--shared-cache`: the Redis a fleet of instances shares (`redis://host:port[/db]`); nil: this instance alone.
    public var sharedCacheURL: String?
    /// `--shared-cache-namespace`: the fleet's key prefix in that Redis.
    public var sharedCacheNamespace = "trakx"
    /// Seconds for connecting to the shared cache and for each of its commands (Redis is on the same network).
    public var sharedCacheTimeout = 0.2
    /// `--no-learn-network` turns it off: learn PTV's route list and each tram, bus and night bus route's directions and
    /// stops in the background after start, ahead of riders (`NetworkLearner`).
    public var learnNetwork = true
    /// The learner's time between two questions to PTV, on average (`NetworkLearner.defaultPace`; tests shorten it).
    public var networkPace: Duration = NetworkLearner.defaultPace

    /// Whether each browser keeps its own list: with `--shared`, and always when listening beyond loopback.
    public var favouritesAreShared: Bool {
        sharedFavourites || !Self.isLoopback(server.host)
    }

    /// Whether `host` is a loopback address or name (`127.0.0.0/8`, `::1`, `localhost`).
    /// - Parameter host: The listen address.
    public static func isLoopback(_ host: String) -> Bool {
        let lower = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return lower == "localhost" || lower == "::1" || lower.hasPrefix("127.")
    }

    /// Creates a configuration with Trakx's defaults.
    /// - Parameters:
    ///   - server: Server settings.
    ///   - databasePath: SQLite file.
    ///   - templatesDirectory: Templates folder.
    ///   - publicDirectory: Static folder.
    ///   - ptvBaseURL: PTV base URL.
    ///   - ptvDevID: Developer id.
    ///   - ptvKey: Key.
    ///   - allowedHosts: Extra allowed hosts.
    ///   - fixedNow: Fixed clock.
    ///   - upstreamTimeout: PTV timeout.
    public init(server: ServerConfiguration = ServerConfiguration(), databasePath: String = Database.defaultPath(),
                templatesDirectory: String = "Templates", publicDirectory: String = "Public",
                ptvBaseURL: String = "https://timetableapi.ptv.vic.gov.au", ptvDevID: String? = nil, ptvKey: String? = nil,
                allowedHosts: [String] = [], fixedNow: Date? = nil, upstreamTimeout: Double = 15) {
        self.server = server
        self.databasePath = databasePath
        self.templatesDirectory = templatesDirectory
        self.publicDirectory = publicDirectory
        self.ptvBaseURL = ptvBaseURL
        self.ptvDevID = ptvDevID
        self.ptvKey = ptvKey
        self.allowedHosts = allowedHosts
        self.fixedNow = fixedNow
        self.upstreamTimeout = upstreamTimeout
    }

    /// Whether PTV credentials were given (without them `Server` starts the demo simulator).
    public var hasCredentials: Bool {
        !(ptvDevID ?? "").isEmpty && !(ptvKey ?? "").isEmpty
    }

    /// A clock starting now: real time, or from `fixedNow` running on at real speed. Share one between the
    /// app and a demo simulator so both agree on "now".
    public func makeClock() -> @Sendable () -> Date {
        Self.clock(runningOnFrom: fixedNow)
    }

    /// Real time, or a clock that reads `start` now and runs on at real speed (`trakx ptv-sim` keeps its own with it).
    /// - Parameter start: The fixed start time, if any.
    public static func clock(runningOnFrom start: Date?) -> @Sendable () -> Date {
        guard let start else { return Date.init }
        let started = Date()
        return { start.addingTimeInterval(Date().timeIntervalSince(started)) }
    }
}

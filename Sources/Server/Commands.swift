import App
import ArgumentParser
import Foundation
import HTTPServer
import Logging
import PTVSimulator
import Storage

/// `trakx`: accessible Melbourne departures as plain HTML.
struct Trakx: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trakx",
        abstract: "Accessible departures for Melbourne public transport, as plain HTML.",
        subcommands: [Serve.self, Simulate.self, MoveData.self],
        defaultSubcommand: Serve.self)

    /// Parses the command line and runs the command asynchronously (`serve` awaits its signals and its shutdown).
    static func start() async {
        await main()
    }
}

/// `trakx serve`: starts and ends Trakx through the same async path the tests use (`TrakxApp.start()`, then
/// `TrakxApp.shutdown()` on SIGTERM or SIGINT: in-flight requests drained, queued favourites writes finished, every
/// thread of the PTV client and the database ended, exit status 0).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Trakx web server.",
        discussion: """
            Without PTV_DEVID and PTV_KEY, Trakx starts a built-in PTV simulator with demo data and says so on every page.
            Environment: PTV_BASE_URL, PTV_DEVID, PTV_KEY (the options below override them).
            """)

    @Option(help: "Address to listen on. Defaults to loopback; use 0.0.0.0 only when you mean to expose Trakx.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free port).")
    var port: UInt16 = 8080

    @Flag(help: "Keep a private favourites list for each browser (always on when --host is not a loopback address).")
    var shared = false

    @Option(help: ArgumentHelp("Most favourites lists one client address may start per minute on a shared server.", visibility: .hidden))
    var listsPerMinute: Int = 10

    @Option(help: ArgumentHelp("Most favourites in one list (tests).", visibility: .hidden))
    var favouritesPerList: Int = 100

    @Option(help: "SQLite file for favourites and alerts (default: $XDG_DATA_HOME/trakx/trakx.sqlite or ~/.local/share/trakx/trakx.sqlite), or a postgres:// URL (env DATABASE_URL) for PostgreSQL.")
    var database: String?

    @Option(help: "Folder of Mustache templates.")
    var templates = "Templates"

    @Option(name: .customLong("public"), help: "Folder of static files served under /static/.")
    var publicDirectory = "Public"

    @Option(name: .customLong("ptv-base-url"), help: "PTV Timetable API base URL (env PTV_BASE_URL).")
    var ptvBaseURL: String?

    @Option(name: .customLong("ptv-devid"), help: "PTV developer id (env PTV_DEVID).")
    var ptvDevID: String?

    @Option(name: .customLong("ptv-key"), help: "PTV developer key (env PTV_KEY). Prefer the environment: options show in process lists.")
    var ptvKey: String?

    @Option(name: .customLong("allowed-host"), help: "Another Host name to answer for (repeatable), e.g. when behind a proxy.")
    var allowedHosts: [String] = []

    @OptionGroup(title: "Demo data")
    var demo: DemoDataOptions

    @Option(help: "Seconds to wait for PTV before giving up.")
    var upstreamTimeout: Double = 15

    @Flag(help: "The PTV at --ptv-base-url is Trakx's own simulator (trakx ptv-sim, as make fleet runs it): every page says Demo data.")
    var demoUpstream = false

    @Option(help: "Worker threads for the web server.")
    var threads: UInt32 = 4

    @Flag(inversion: .prefixedNo, help: """
        Learn PTV's route list and each tram, bus and night bus route's directions and stops in the background after \
        start, a question a second, and again a day later, kept in the database (--no-learn-network: only as pages ask).
        """)
    var learnNetwork = true

    @Option(help: ArgumentHelp("Seconds between two of the network learner's questions, on average (benchmarks: a database learnt in full quickly).",
                               visibility: .hidden))
    var networkPace: Double = 1

    @OptionGroup(title: "Running Trakx for others")
    var fairShare: FairShareOptions

    @OptionGroup(title: "A fleet of instances")
    var sharedCache: SharedCacheOptions

    @OptionGroup(title: "PTV misbehaving, on demo data")
    var demoFaults: DemoFaultOptions

    @OptionGroup(title: "Alerts on phones (Web Push)")
    var alerts: AlertOptions

    @Option(help: "Log level: trace, debug, info, notice, warning, error.")
    var logLevel: String = "info"

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var logger = Logger(label: "trakx")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        var configuration = try appConfiguration(environment: environment)
        // `logger` is swift-log's default stream handler, on standard error: request lines may go there in blocks.
        configuration.server.accessLogToStandardError = true
        // Listening for the signals starts before anything runs, so a SIGTERM at any moment from here is a clean stop.
        let termination = Termination()
        let simulator = configuration.hasCredentials
            ? nil
            : try DemoUpstream.start(for: &configuration, seed: demo.seed, logger: logger)
        let hang = demo.pace(simulator)
        demoFaults.apply(to: simulator)
        let app: TrakxApp
        do {
            app = try buildApplication(configuration: configuration, logger: logger)
            try app.start()
        } catch {
            hang?.cancel()
            await simulator?.shutdown()
            throw error
        }
        if configuration.favouritesAreShared { logger.notice("Shared server: each browser keeps its own private favourites list") }
        say("Trakx is running at \(app.url)")
        let signal = await termination.received()
        logger.notice("Stopping on \(signal == SIGTERM ? "SIGTERM" : "SIGINT"): finishing requests in flight and queued writes")
        hang?.cancel()
        await app.shutdown()
        await simulator?.shutdown()
        logger.notice("Stopped")
    }

    /// `DATABASE_URL` when it names a PostgreSQL server (anything else there is left alone: the SQLite default stays).
    /// - Parameter environment: The process environment.
    static func databaseURL(_ environment: [String: String]) -> String? {
        environment["DATABASE_URL"].flatMap { PostgresURL.isPostgres($0) ? $0 : nil }
    }

    /// The app's settings from the options and the environment.
    /// - Parameter environment: The process environment (PTV_BASE_URL, PTV_DEVID, PTV_KEY, XDG_DATA_HOME, HOME).
    private func appConfiguration(environment: [String: String]) throws -> AppConfiguration {
        let fixedNow = try demo.start()
        var configuration = AppConfiguration(
            server: ServerConfiguration(host: host, port: port, threadPoolSize: threads),
            databasePath: database ?? Self.databaseURL(environment) ?? Database.defaultPath(environment: environment),
            templatesDirectory: templates, publicDirectory: publicDirectory,
            ptvBaseURL: ptvBaseURL ?? environment["PTV_BASE_URL"] ?? "https://timetableapi.ptv.vic.gov.au",
            ptvDevID: ptvDevID ?? environment["PTV_DEVID"], ptvKey: ptvKey ?? environment["PTV_KEY"],
            allowedHosts: allowedHosts, fixedNow: fixedNow, upstreamTimeout: upstreamTimeout)
        configuration.sharedFavourites = shared
        configuration.demo = demoUpstream
        configuration.learnNetwork = learnNetwork
        if demo.clockShift != nil { configuration.clock = try demo.clock() }
        configuration.networkPace = .milliseconds(Int((max(0, networkPace) * 1000).rounded()))
        configuration.listsPerMinutePerAddress = max(1, listsPerMinute)
        configuration.favouritesPerList = max(1, favouritesPerList)
        fairShare.apply(to: &configuration)
        alerts.apply(to: &configuration)
        sharedCache.apply(to: &configuration)
        return configuration
    }
}

/// `trakx ptv-sim`: the simulator alone, ended like `serve` on SIGTERM or SIGINT.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ptv-sim",
        abstract: "Run the built-in PTV Timetable API v3 simulator on 127.0.0.1 (signature-checking, demo data).")

    @Option(help: "Port to listen on (0 picks a free port).")
    var port: UInt16 = 8081

    @Option(help: "Developer id the simulator accepts.")
    var devid: String

    @Option(help: "Key the simulator checks signatures with.")
    var key: String

    @OptionGroup(title: "Demo data")
    var demo: DemoDataOptions

    @OptionGroup(title: "PTV misbehaving")
    var demoFaults: DemoFaultOptions

    func run() async throws {
        let termination = Termination()
        var logger = Logger(label: "ptv-sim")
        logger.logLevel = .info
        let clock = try demo.clock()
        let simulator = try PTVSimulator(devID: devid, key: key, seed: demo.seed, now: clock, logger: logger)
        try simulator.start(port: port)
        let hang = demo.pace(simulator)
        demoFaults.apply(to: simulator)
        say("PTV simulator listening at \(simulator.baseURL)")
        _ = await termination.received()
        hang?.cancel()
        await simulator.shutdown()
    }
}

/// Prints a line to standard output at once (unbuffered), so scripts waiting for it see it.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

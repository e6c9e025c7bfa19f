import Foundation
import HTTPServer
import Logging
import PTV
import PTVSimulator
import Storage
import Synchronization

/// The assembled application: server, database, PTV client and (in demo mode) the simulator.
public final class TrakxApp: Sendable {
    /// The web server.
    public let server: HTTPServer
    /// The favourites database.
    public let database: Database
    /// The PTV client.
    public let ptv: PTVClient
    /// The built-in simulator, when no PTV credentials were given.
    public let simulator: PTVSimulator?
    let logger: Logger

    let port: PortBox

    init(server: HTTPServer, database: Database, ptv: PTVClient, simulator: PTVSimulator?, port: PortBox, logger: Logger) {
        self.port = port
        self.server = server
        self.database = database
        self.ptv = ptv
        self.simulator = simulator
        self.logger = logger
    }

    /// Starts listening.
    public func start() throws {
        try server.start()
        port.value.store(server.port, ordering: .releasing)
    }

    /// The URL people should open.
    public var url: String {
        let host = server.configuration.host
        let shown = host.contains(":") ? "[\(host)]" : (host == "0.0.0.0" ? "127.0.0.1" : host)
        return "http://\(shown):\(server.port)/"
    }

    /// `stop()` for async callers (tests): never blocks a cooperative thread while waiting.
    public func shutdown() async {
        await server.shutdown()
        await simulator?.shutdown()
        database.close()
    }

    /// Stops accepting, finishes in-flight requests, stops the simulator and closes the database.
    public func stop() {
        server.stop()
        simulator?.stop()
        database.close()
    }
}

/// Builds Trakx without starting the web server: loads templates and static files, opens and migrates the
/// database, starts the simulator when there are no PTV credentials, and wires the routes.
/// - Parameters:
///   - configuration: Settings.
///   - logger: Logger.
public func buildApplication(configuration: AppConfiguration, logger: Logger) throws -> TrakxApp {
    let templates = try Templates(directory: configuration.templatesDirectory)
    let staticFiles = try StaticFiles(directory: configuration.publicDirectory)
    let fixedNow = configuration.fixedNow
    let clock: @Sendable () -> Date
    if let configured = configuration.clock {
        clock = configured
    } else if let fixedNow {
        let started = Date()
        clock = { fixedNow.addingTimeInterval(Date().timeIntervalSince(started)) }
    } else {
        clock = Date.init
    }

    var simulator: PTVSimulator?
    let ptvConfiguration: PTVConfiguration
    if configuration.hasCredentials, let devID = configuration.ptvDevID, let key = configuration.ptvKey {
        ptvConfiguration = PTVConfiguration(baseURL: configuration.ptvBaseURL, devID: devID, key: key,
                                            totalTimeout: configuration.upstreamTimeout)
    } else {
        let devID = String(UInt32.random(in: 1_000_000 ... 9_999_999))
        let key = UUID().uuidString.lowercased()
        var simulatorLogger = logger
        simulatorLogger[metadataKey: "component"] = "ptv-sim"
        simulatorLogger.logLevel = .warning
        let started = try PTVSimulator(devID: devID, key: key, seed: configuration.simulatorSeed, now: clock, logger: simulatorLogger)
        try started.start(port: 0)
        if configuration.simulatorLatencyMilliseconds > 0 {
            started.faults.set(.latency(milliseconds: configuration.simulatorLatencyMilliseconds))
        }
        simulator = started
        ptvConfiguration = PTVConfiguration(baseURL: started.baseURL, devID: devID, key: key,
                                            totalTimeout: configuration.upstreamTimeout)
        logger.notice("No PTV_DEVID/PTV_KEY: using DEMO data from the built-in PTV simulator at \(started.baseURL)")
    }

    let database: Database
    do {
        database = try Database(path: configuration.databasePath)
    } catch {
        simulator?.stop()
        throw StartupError("Could not open the database at \(configuration.databasePath): \(error)")
    }
    var ptvLogger = logger
    ptvLogger[metadataKey: "component"] = "ptv"
    let ptv = PTVClient(configuration: ptvConfiguration, logger: ptvLogger, now: clock)
    let lists = FavouriteLists(store: SQLiteFavouritesStore(database: database), shared: configuration.favouritesAreShared,
                               limit: configuration.favouritesPerList,
                               limiter: ListCreationLimiter(perMinute: configuration.listsPerMinutePerAddress, now: clock))
    let site = Site(templates: templates, source: ptv, lists: lists, demo: simulator != nil, now: clock, logger: logger,
                    pages: PageCache(now: clock, variant: lists.cacheVariant))

    var router = Router()
    HealthController(demo: site.demo).addRoutes(to: &router)
    HomeController(site: site).addRoutes(to: &router)
    router.get("/metrics") { _, _ in Response.text(ptv.metrics.render()) }
    addPageRoutes(site: site, to: &router)

    let port = PortBox()
    let demo = site.demo
    let responder = RouterResponder(
        router: router,
        middleware: [TimingMiddleware(), SecurityMiddleware(allowedHosts: configuration.allowedHosts, port: port), FormTokenMiddleware()],
        staticFiles: staticFiles,
        defaultHeaders: SecurityMiddleware.headers,
        logger: logger,
        renderError: { error, request in ErrorPage.render(error, request: request, templates: templates, demo: demo) })
    let server = HTTPServer(configuration: configuration.server, responder: responder, logger: logger)
    return TrakxApp(server: server, database: database, ptv: ptv, simulator: simulator, port: port, logger: logger)
}

/// The bound port, shared with the Host check (known only after start when binding port 0).
final class PortBox: Sendable {
    let value = Atomic<UInt16>(0)
}

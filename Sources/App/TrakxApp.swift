import Foundation
import HTTPServer
import Logging
import PTV
import Storage
import Synchronization

/// The assembled application: server, database and PTV client.
///
/// Whatever answers as PTV (the real API, or the demo simulator the `Server` target starts) is outside it.
public final class TrakxApp: Sendable {
    /// The web server.
    public let server: HTTPServer
    /// The favourites database.
    public let database: Database
    /// The PTV client.
    public let ptv: PTVClient
    let logger: Logger

    let port: PortBox

    init(server: HTTPServer, database: Database, ptv: PTVClient, port: PortBox, logger: Logger) {
        self.port = port
        self.server = server
        self.database = database
        self.ptv = ptv
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
        database.close()
    }

    /// Stops accepting, finishes in-flight requests and closes the database.
    public func stop() {
        server.stop()
        database.close()
    }
}

/// Builds Trakx without starting the web server: loads templates and static files, opens and migrates the
/// database, and wires the routes to the PTV API at `configuration.ptvBaseURL`.
/// - Parameters:
///   - configuration: Settings.
///   - logger: Logger.
/// - Throws: `StartupError` without PTV credentials or when the database cannot be opened; template errors.
public func buildApplication(configuration: AppConfiguration, logger: Logger) throws -> TrakxApp {
    guard let devID = configuration.ptvDevID, let key = configuration.ptvKey, configuration.hasCredentials else {
        throw StartupError("No PTV developer id and key: set PTV_DEVID and PTV_KEY, or run the demo simulator")
    }
    let templates = try Templates(directory: configuration.templatesDirectory)
    let staticFiles = try StaticFiles(directory: configuration.publicDirectory)
    let clock = configuration.clock ?? configuration.makeClock()
    let ptvConfiguration = PTVConfiguration(baseURL: configuration.ptvBaseURL, devID: devID, key: key,
                                            totalTimeout: configuration.upstreamTimeout)

    let database: Database
    do {
        database = try Database(path: configuration.databasePath)
    } catch {
        throw StartupError("Could not open the database at \(configuration.databasePath): \(error)")
    }
    var ptvLogger = logger
    ptvLogger[metadataKey: "component"] = "ptv"
    let ptv = PTVClient(configuration: ptvConfiguration, logger: ptvLogger, now: clock)
    let lists = FavouriteLists(store: SQLiteFavouritesStore(database: database), shared: configuration.favouritesAreShared,
                               limit: configuration.favouritesPerList,
                               limiter: ListCreationLimiter(perMinute: configuration.listsPerMinutePerAddress, now: clock))
    let port = PortBox()
    let security = SecurityMiddleware(allowedHosts: configuration.allowedHosts, port: port)
    // A shared server's pages differ by the visitor's list: those always go through the chain.
    let ready = configuration.favouritesAreShared ? nil
        : ReadyPages(now: clock, admitsHost: security.isAllowed(host:), visitor: FormToken.visitorValue,
                     defaultHeaders: SecurityMiddleware.headers)
    let site = Site(templates: templates, source: ptv, lists: lists, demo: configuration.demo, now: clock, logger: logger,
                    pages: PageCache(now: clock, variant: lists.cacheVariant, ready: ready),
                    ways: StopWays(source: ptv, now: clock))

    var router = Router()
    HealthController(demo: site.demo).addRoutes(to: &router)
    HomeController(site: site).addRoutes(to: &router)
    router.get("/metrics") { _, _ in Response.text(ptv.metrics.render()) }
    addPageRoutes(site: site, to: &router)

    let demo = site.demo
    let responder = RouterResponder(
        router: router,
        middleware: [TimingMiddleware(), security, FormTokenMiddleware()],
        staticFiles: staticFiles,
        defaultHeaders: SecurityMiddleware.headers,
        logger: logger,
        renderError: { error, request in ErrorPage.render(error, request: request, templates: templates, demo: demo) })
    let server = HTTPServer(configuration: configuration.server, responder: responder, logger: logger, readyPages: ready)
    return TrakxApp(server: server, database: database, ptv: ptv, port: port, logger: logger)
}

/// The bound port, shared with the Host check (known only after start when binding port 0).
final class PortBox: Sendable {
    let value = Atomic<UInt16>(0)
}

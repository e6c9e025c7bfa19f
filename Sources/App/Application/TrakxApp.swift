import Foundation
import HTTPServer
import Logging
import PTV
import SharedCache
import Storage
import Synchronization

/// The assembled application: server, database and PTV client.
///
/// Whatever answers as PTV (the real API, or the demo simulator the `Server` target starts) is outside it.
public final class TrakxApp: Sendable {
    /// The web server.
    public let server: HTTPServer
    /// Stored pages (the stop pages) that the chain and the server's warm path answer from.
    public let pages: PageStore
    /// The database for favourites, alerts and kept answers: SQLite's `Database` or `PostgresDatabase`.
    public let database: any SQLDatabase
    /// The PTV client.
    public let ptv: PTVClient
    /// The port the server listens on, set once it has started (the visitor rules compare it with a request's host).
    let port: PortBox

    /// Placeholder names waiting to be stored in the background.
    let renames: PlaceholderRenames
    /// Which way services leave stops, learnt in the background.
    let ways: StopWays
    /// Web Push alerts: kept in the database, watched in the background.
    let alerts: Alerts
    /// PTV answers kept across restarts (nil on demo data, whose answers carry every text).
    let kept: KeptAnswers?
    /// The questions pages left for later pages.
    let work: BackgroundWork
    /// What this instance shares with its fleet (`--shared-cache`), nil when alone.
    public let shared: SharedStore?
    /// The network kept in the database, read at start.
    let network: KeptNetwork
    /// Learns the network ahead of riders after start (nil: `--no-learn-network`).
    let learner: NetworkLearner?
    /// Putting the kept answers back, from `start()`.
    private let restoring = Mutex<Task<Void, Never>?>(nil)

    init(server: HTTPServer, pages: PageStore, renames: PlaceholderRenames, ways: StopWays, alerts: Alerts, database: any SQLDatabase,
         ptv: PTVClient, kept: KeptAnswers?, port: PortBox, work: BackgroundWork, network: KeptNetwork, learner: NetworkLearner?,
         shared: SharedStore? = nil) {
        self.work = work
        self.network = network
        self.learner = learner
        self.shared = shared
        self.alerts = alerts
        self.kept = kept
        self.pages = pages
        self.renames = renames
        self.ways = ways
        self.port = port
        self.server = server
        self.database = database
        self.ptv = ptv
    }

    /// Puts back the answers and the network kept before the last stop, starts listening, then starts learning the
    /// network (after the server, so that a first page never waits behind it).
    public func start() throws {
        if let kept {
            let ptv = self.ptv
            restoring.withLock { $0 = Task { await kept.restore(into: ptv) } }
        }
        network.restore()
        try server.start()
        port.value.store(server.port, ordering: .releasing)
        alerts.start()
        learner?.start()
    }

    /// The URL people should open.
    public var url: String {
        let host = server.configuration.host
        let shown = host.contains(":") ? "[\(host)]" : (host == "0.0.0.0" ? "127.0.0.1" : host)
        return "http://\(shown):\(server.port)/"
    }

    /// Waits until the work pages left for the background (storing real names for placeholder names, learning which
    /// way routes go), the network read at start and the network learner's running round are done (the learner's
    /// next round, an hour on, is not waited for).
    public func backgroundWorkSettled() async {
        await restoring.withLock { $0 }?.value
        await network.restored()
        await renames.settled()
        await ways.settled()
        await work.settled()
        await ways.settled()
        await work.settled()  // the routes those learnt, written to the database
    }

    /// Ends the app, the one way both `trakx serve` (on SIGTERM or SIGINT) and the tests end it, never blocking a
    /// cooperative thread: stops taking requests (new ones get 503) and lets those in flight finish, stops the network
    /// learner between two questions, then finishes the background work they left (placeholder renames), ends the PTV
    /// client's transfer threads, and finishes the database's queued writes before closing it and ending its thread.
    public func shutdown() async {
        await server.shutdown()
        learner?.stop()
        await alerts.shutdown()
        await renames.settled()
        // Questions left for later pages: a moment to finish, then the client's end fails those still waiting on PTV.
        await work.settled(within: .seconds(2))
        await ptv.shutdown()
        await work.settled()
        await ways.settled()
        await work.settled()  // the routes those learnt, written to the database
        await shared?.shutdown()
        await database.shutdown()
    }

    /// The threads of Trakx's own pools (the database's and the PTV client's), by kernel id, for tests.
    public var threadIDs: Set<Int32> { database.threadIDs.union(ptv.threadIDs).union(alerts.threadIDs).union(shared?.client.threadIDs ?? []) }
}

/// Builds Trakx without starting the web server: loads templates and static files, opens and migrates the
/// database, and wires the routes to the PTV API at `configuration.ptvBaseURL`.
/// - Parameters:
///   - configuration: Settings.
///   - logger: Logger.
/// - Throws: `StartupError` without PTV credentials or when the database cannot be opened; template errors.
public func buildApplication(configuration: AppConfiguration, logger: Logger) throws -> TrakxApp {
    try buildApplication(configuration: configuration, logger: logger, middleware: [])
}

/// `buildApplication(configuration:logger:)` with more middleware inside the visitor rules (tests).
func buildApplication(configuration: AppConfiguration, logger: Logger, middleware: [any Middleware<TrakxContext>]) throws -> TrakxApp {
    guard let devID = configuration.ptvDevID, let key = configuration.ptvKey, configuration.hasCredentials else {
        throw StartupError("No PTV developer id and key: set PTV_DEVID and PTV_KEY, or run the demo simulator")
    }
    let templates = try Templates(directory: configuration.templatesDirectory)
    let staticFiles = try StaticFiles(directory: configuration.publicDirectory)
    let clock = configuration.clock ?? configuration.makeClock()
    let ptvConfiguration = PTVConfiguration(baseURL: configuration.ptvBaseURL, devID: devID, key: key,
                                            totalTimeout: configuration.upstreamTimeout)

    let database: any SQLDatabase
    do {
        // A PostgreSQL server down at start is waited for: boards are served meanwhile, favourites and alerts say
        // they cannot be read or saved just now, and the first connection that reaches it migrates it.
        database = try openDatabase(at: configuration.databasePath, waitForServer: true) { [logger] available, reason in
            if available { logger.notice("The database answers again") } else { logger.warning("The database cannot be reached: \(reason)") }
        }
    } catch {
        throw StartupError("Could not open the database at \(PostgresURL.redacted(configuration.databasePath)): \(error)")
    }
    var ptvLogger = logger
    ptvLogger[metadataKey: "component"] = "ptv"
    let work = BackgroundWork()
    let kept: KeptAnswers? = configuration.demo ? nil : KeptAnswers(database: database, baseURL: configuration.ptvBaseURL, now: clock, work: work)
    var keep: (@Sendable (PTVRequest, [UInt8], Date) -> Void)?
    if let kept { keep = { request, body, time in kept.keep(request, body: body, at: time) } }
    let shared = try configuration.makeSharedStore(logger: logger, work: work)
    // What the client leaves running after an answer (a fleet claim given up) is tracked with the pages' background work.
    let ptv = PTVClient(configuration: ptvConfiguration, logger: ptvLogger, now: clock, keep: keep, fleet: shared?.ptv,
                        background: { _ = work.start($0) })
    let pages = PageStore(now: clock)
    let lists = FavouriteLists(store: SQLiteFavouritesStore(database: database), pages: pages, shared: configuration.favouritesAreShared,
                               limit: configuration.favouritesPerList,
                               limiter: ListCreationLimiter(perMinute: configuration.listsPerMinutePerAddress, now: clock, shared: shared?.counter),
                               logger: logger)
    let port = PortBox()
    let notices = Notices(now: clock, shared: shared)
    let visitors = Visitors(allowedHosts: configuration.allowedHosts, port: port, lists: lists, notices: notices)
    let networkStore = NetworkStore(database: database, source: configuration.demo ? "demo" : configuration.ptvBaseURL)
    // Each route learnt in full is kept, written in the background (tracked, so shutdown finishes it).
    let ways = StopWays(now: clock) { routeID, type, lines, time in
        _ = work.start { try? await networkStore.keepWays(routeID: routeID, type: type, lines: lines, at: time) }
    }
    let network = KeptNetwork(store: networkStore, ways: ways, now: clock)
    let budget = UpstreamBudget(callsPerMinute: configuration.ptvCallsPerMinutePerVisitor, now: clock, shared: shared?.counter)
    let alerts = Alerts(configuration: configuration.alerts, database: database, source: ptv, budget: budget, now: clock, logger: logger)
    let site = Site(templates: templates, source: ptv, demo: configuration.demo, now: clock, notices: notices, work: work,
                    pageWait: configuration.pageWait, secondRound: configuration.secondRound)
    let places = KeptPlaces(store: PlaceStore(database: database, source: networkStore.source), work: work, now: clock)
    let boards = FavouriteBoards(site: site, lists: lists, ways: ways)
    let learner = configuration.learnNetwork ? NetworkLearner(
        network: network,
        ask: { Ask.forTrakx(source: ptv, budget: budget, account: "trakx-network", work: work) },
        standing: { ptv.gate.standing }, work: work, pace: configuration.networkPace, now: clock, logger: logger) : nil

    var serverConfiguration = configuration.server
    serverConfiguration.secretPaths = SecretPaths([PrivateLinkController.secretPrefix, AlertsController.secretPrefix])
    let accessLogDrops = AccessLogDrops()
    serverConfiguration.accessLogDrops = accessLogDrops
    var router = Router<TrakxContext>()
    let controllers: [any RouteCollection<TrakxContext>] = [
        HealthController(demo: site.demo, gate: ptv.gate, shared: shared, network: network),
        MetricsController(ptvMetrics: ptv.metrics, gate: ptv.gate, budget: budget, alerts: alerts, accessLogDrops: accessLogDrops, shared: shared,
                          network: network, places: places),
        RobotsController(), HomeController(site: site, boards: boards),
        DisruptionsController(site: site), NearbyController(site: site, places: places, ways: ways),
        StopController(site: site, lists: lists, ways: ways, alerts: alerts, unlisted: UnlistedDepartures()), LowFloorController(),
        RunController(site: site), RideController(site: site, alerts: alerts), SearchController(site: site, ways: ways),
        LineController(site: site), FavouritesController(site: site, lists: lists, boards: boards),
        PrivateLinkController(site: site, lists: lists), WalkController(site: site, ways: ways), ArrivalController(site: site),
        AlertsController(site: site, alerts: alerts),
    ]
    for controller in controllers { controller.addRoutes(to: &router) }

    let demo = site.demo
    let responder = RouterResponder(
        router: router,
        // The client address first (the list limit and the budget count by it); stored pages are replayed before the
        // chain (the warm path), so a page already rendered costs no PTV call and is never refused.
        middleware: [TimingMiddleware(), ClientAddressMiddleware(trusted: Set(configuration.trustedProxies.compactMap(ClientAddress.canonical))),
                     VisitorMiddleware(visitors: visitors, pages: pages), VisitorBudgetMiddleware(budget: budget)] + middleware,
        staticFiles: staticFiles,
        defaultHeaders: Visitors.headers,
        logger: logger,
        renderError: { error, request in ErrorPage.render(error, request: request, templates: templates, demo: demo) })
    let server = HTTPServer(configuration: serverConfiguration, responder: responder, logger: logger,
                            warm: WarmPages(store: pages, visitors: visitors))
    return TrakxApp(server: server, pages: pages, renames: lists.renames, ways: ways, alerts: alerts, database: database, ptv: ptv, kept: kept, port: port,
                    work: work, network: network, learner: learner, shared: shared)
}

/// The bound port, shared with the Host check (known only after start when binding port 0).
final class PortBox: Sendable {
    let value = Atomic<UInt16>(0)
}

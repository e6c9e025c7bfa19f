import Foundation
import HTTPServer
import Logging
import Synchronization

/// A built-in PTV Timetable API v3 server for development and tests, on 127.0.0.1 only.
///
/// It serves every endpoint `PTVClient` uses, checks devid and signature exactly as PTV does, computes
/// departures from the bundled network's headways in Melbourne time, and adds deterministic live estimates,
/// cancellations and disruptions. The same seed and clock give byte-identical responses.
public final class PTVSimulator: Sendable {
    /// Faults to inject (latency, errors, bad bodies, hangs).
    public let faults: FaultInjector
    /// The network being simulated.
    public let network: SimulatedNetwork
    let responder: SimulatorResponder
    private let logger: Logger
    private let server = Mutex<HTTPServer?>(nil)

    /// Creates a simulator of the bundled network; call ``start(port:)`` to listen.
    /// - Parameters:
    ///   - devID: The developer id to accept.
    ///   - key: The developer key requests must be signed with.
    ///   - seed: Seed for live estimates and cancellations.
    ///   - now: The clock (defaults to `Date()`).
    ///   - logger: Gets one debug line per request (path only, never the query).
    /// - Throws: When the bundled network data does not decode.
    public convenience init(devID: String, key: String, seed: UInt64 = 1, now: (@Sendable () -> Date)? = nil,
                            logger: Logger) throws {
        try self.init(network: SimulatedNetwork.bundled.get(), devID: devID, key: key, seed: seed, now: now, logger: logger)
    }

    /// Creates a simulator of any network.
    /// - Parameters:
    ///   - network: The network.
    ///   - devID: The developer id to accept.
    ///   - key: The developer key.
    ///   - seed: Seed for live estimates and cancellations.
    ///   - now: The clock (defaults to `Date()`).
    ///   - logger: Logger.
    public init(network: SimulatedNetwork, devID: String, key: String, seed: UInt64 = 1,
                now: (@Sendable () -> Date)? = nil, logger: Logger) {
        self.network = network
        faults = FaultInjector()
        self.logger = logger
        responder = SimulatorResponder(api: SimulatorAPI(network: network, seed: seed),
                                       authenticator: RequestAuthenticator(devID: devID, key: key), faults: faults,
                                       now: now ?? { Date() }, logger: logger)
    }

    deinit {
        stop()
    }

    /// Starts listening on 127.0.0.1; does nothing when already started.
    /// - Parameter port: The port; 0 picks a free one (read it from ``port``).
    public func start(port: UInt16 = 0) throws {
        try server.withLock { current in
            guard current == nil else { return }
            var quiet = logger
            quiet.logLevel = max(logger.logLevel, .warning)  // the simulator logs its own debug line per request
            let started = HTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: port, threadPoolSize: 2),
                                     responder: responder, logger: quiet)
            responder.stopped.store(false, ordering: .releasing)
            try started.start()
            current = started
        }
    }

    /// The bound port, or 0 when not started.
    public var port: UInt16 { server.withLock { $0?.port ?? 0 } }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Requests answered so far (including errors and faults).
    public var requestCount: Int { responder.answered.load(ordering: .relaxed) }

    /// Stops listening; hanging requests give up. Safe to call more than once.
    public func stop() {
        responder.stopped.store(true, ordering: .releasing)
        let running = server.withLock { current -> HTTPServer? in
            defer { current = nil }
            return current
        }
        running?.stop(grace: 2)
    }

    /// `stop()` for async callers: waits without blocking a cooperative thread.
    public func shutdown() async {
        responder.stopped.store(true, ordering: .releasing)
        let running = server.withLock { current -> HTTPServer? in
            defer { current = nil }
            return current
        }
        await running?.shutdown(grace: 2)
    }

    /// Answers a request in-process, without a socket (same checks, faults and bodies).
    /// - Parameter request: The request.
    public func respond(to request: Request) async -> Response {
        await responder.respond(to: request)
    }
}

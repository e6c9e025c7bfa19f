import CMicroHTTPD
import Foundation
import Logging
import Synchronization

/// Something that answers requests; `HTTPServer` calls it once for every request its warm pages do not answer.
public protocol Responder: Sendable {
    /// Produces the response for a request; never throws (errors become error pages).
    /// - Parameter request: The request.
    func respond(to request: Request) async -> Response

    /// The response for a request the server refuses before routing (body too large, target not UTF-8).
    /// - Parameters:
    ///   - error: Status and words.
    ///   - request: What is known of the request.
    func refuse(_ error: HTTPError, request: Request) -> Response
}

extension Responder {
    /// Plain text refusal, for responders without pages.
    public func refuse(_ error: HTTPError, request: Request) -> Response {
        Response.text(error.message, status: error.status)
    }
}

/// An HTTP/1.1 server on libmicrohttpd with an epoll thread pool. A plain GET for a current page in `warm`'s
/// store, from a visitor its rules admit, is answered right there on MHD's thread. Any other request starts a task on MHD's thread: when it finishes
/// without waiting (a static file, `/healthz`), the response is sent at once; otherwise the connection is
/// suspended until the task has the response, then resumed.
public final class HTTPServer: Sendable {
    /// The configuration it was started with.
    public let configuration: ServerConfiguration
    let responder: any Responder
    let logger: Logger
    private let daemon = Mutex<DaemonBox?>(nil)
    private let boundPort = Atomic<UInt16>(0)
    let inFlight = Atomic<Int>(0)
    /// Woken when the last request in flight finishes while stopping (no polling while draining).
    private let drained = NSCondition()
    /// Set when stopping: requests arriving on kept-alive connections are answered at once, not suspended.
    let stopping = Atomic<Bool>(false)
    /// One line per request, written off the request threads.
    let accessLog: AccessLog
    /// Stored pages answered on MHD's thread without the responder (nil: every request goes to the responder).
    let warm: WarmPages?
    /// Closes connections whose request header takes longer than the configured deadline.
    let connectionGuard: ConnectionGuard

    /// Creates a server; call `start()` to listen.
    /// - Parameters:
    ///   - configuration: Address and limits.
    ///   - responder: What answers requests.
    ///   - logger: Logger for start/stop and faults.
    ///   - warm: Stored pages that plain GETs are answered from while they are current, and the rules asked first.
    public init(configuration: ServerConfiguration, responder: any Responder, logger: Logger, warm: WarmPages? = nil) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        self.warm = warm
        accessLog = AccessLog(logger: logger, secrets: configuration.secretPaths, drops: configuration.accessLogDrops,
                              path: configuration.accessLogPath, standardError: configuration.accessLogToStandardError)
        connectionGuard = ConnectionGuard(deadline: configuration.headerDeadlineSeconds)
    }

    deinit {
        assert(daemon.withLock { $0 == nil }, "HTTPServer was not stopped before deinit")
    }

    /// The bound port (after `start()`).
    public var port: UInt16 { boundPort.load(ordering: .acquiring) }

    /// Requests currently being answered.
    public var activeRequests: Int { inFlight.load(ordering: .relaxed) }

    /// Starts listening.
    public func start() throws {
        // The daemon holds the server: a daemon left running after a stop whose grace ran out (see finishStop)
        // must never call back into a freed server. Released once MHD_stop_daemon has returned.
        let context = Unmanaged.passRetained(self).toOpaque()
        let settings = cmhd_settings(
            host: nil, port: configuration.port, thread_pool_size: configuration.threadPoolSize,
            connection_limit: configuration.connectionLimit,
            connection_timeout_seconds: configuration.connectionTimeoutSeconds,
            connection_memory_limit: configuration.headerMemoryLimit,
            per_ip_connection_limit: configuration.connectionsPerAddress, notify_connection: mhdConnection)
        let started: OpaquePointer? = configuration.host.withCString { host in
            var withHost = settings
            withHost.host = host
            return cmhd_start_daemon(withHost, mhdAccess, mhdURILog, mhdCompleted, context)
        }
        guard let started else {
            Unmanaged<HTTPServer>.fromOpaque(context).release()
            throw HTTPError(500, "Could not listen on \(configuration.host):\(configuration.port) (address in use or invalid)")
        }
        boundPort.store(cmhd_bound_port(started), ordering: .releasing)
        daemon.withLock { $0 = DaemonBox(pointer: started) }
        accessLog.start()
        connectionGuard.start()
    }

    /// Stops taking work (requests from now on get 503), lets in-flight requests finish (up to `grace` seconds), then closes.
    /// Blocks the calling thread: for `main` and other plain threads. Async code calls `shutdown(grace:)`.
    /// - Parameter grace: Seconds to wait for in-flight requests.
    public func stop(grace: Double = 30) {
        guard let box = beginStop() else { return }
        waitForDrain(until: Date().addingTimeInterval(grace))
        finishStop(box)
    }

    /// `stop(grace:)` for async callers: waits without blocking a cooperative thread.
    /// - Parameter grace: Seconds to wait for in-flight requests.
    public func shutdown(grace: Double = 30) async {
        guard let box = beginStop() else { return }
        // The wait blocks, so it runs on a thread of its own, never on the cooperative pool.
        let deadline = Date().addingTimeInterval(grace)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread { [self] in
                waitForDrain(until: deadline)
                done.resume()
            }
        }
        finishStop(box)
    }

    /// One request in flight has finished; wakes a stop waiting for the last one.
    func finishedOne() {
        if inFlight.subtract(1, ordering: .acquiringAndReleasing).newValue == 0, stopping.load(ordering: .acquiring) {
            drained.lock()
            drained.broadcast()
            drained.unlock()
        }
    }

    /// Waits until nothing is in flight or the deadline passes.
    private func waitForDrain(until deadline: Date) {
        drained.lock()
        defer { drained.unlock() }
        while inFlight.load(ordering: .acquiring) > 0, drained.wait(until: deadline) {}
    }

    /// Marks the server as stopping: from here on, requests are answered at once with 503 ("restarting")
    /// instead of being suspended, so in-flight work can only drain. (Not `MHD_quiesce_daemon`: with an
    /// epoll thread pool, libmicrohttpd 0.9.75 sometimes aborts with "Failed to remove listen FD from epoll set".)
    private func beginStop() -> DaemonBox? {
        stopping.store(true, ordering: .sequentiallyConsistent)
        return daemon.withLock { current -> DaemonBox? in defer { current = nil }; return current }
    }

    private func finishStop(_ box: DaemonBox) {
        defer { accessLog.close() }
        connectionGuard.stop()
        guard inFlight.load(ordering: .acquiring) == 0 else {
            // MHD aborts if stopped with suspended connections; the process is ending, so leave it be.
            logger.warning("Stopped with \(inFlight.load(ordering: .acquiring)) requests still running")
            return
        }
        MHD_stop_daemon(box.pointer)
        Unmanaged.passUnretained(self).release()
    }

    /// Notes one answered request in the access log (one line per request, written in the background).
    func log(_ request: Request, status: Int, started: Moment) {
        accessLog.record(method: request.method, path: request.rawPath, status: status, started: started)
    }
}

/// Holds the daemon pointer; only touched under the server's mutex.
struct DaemonBox: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A connection pointer handed to the task that answers it. MHD allows `MHD_resume_connection` from any thread.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

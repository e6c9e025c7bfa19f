import CMicroHTTPD
import Foundation
import Synchronization

/// Gives every request header a deadline, as nginx's `client_header_timeout` does: a sender that trickles a header
/// line every few seconds resets libmicrohttpd's idle timeout and could hold a connection for ever. A watcher
/// thread closes any connection whose header has not fully arrived in time, with a 408 once its request line
/// has come (an idle kept-alive or pre-opened connection is closed without one: a browser may be about to use it).
///
/// Each connection's `Watch` is MHD's socket context for it (`MHD_OPTION_NOTIFY_CONNECTION`), so a request only
/// stores into its own watch's atomics; the shared table is locked when a connection opens or closes, and by the
/// watcher. A socket stays open until MHD has told `closed`, which takes the lock the watcher holds while it
/// writes, so the watcher never touches a socket number that has been reused.
final class ConnectionGuard: Sendable {
    /// One connection: its socket, when its header is due (0: a request is being answered), and whether the
    /// current request's first line has arrived.
    final class Watch: Sendable {
        let socket: Int32
        let deadline: Atomic<UInt64>
        let requestLine = Atomic<Bool>(false)

        init(socket: Int32, deadline: UInt64) {
            self.socket = socket
            self.deadline = Atomic(deadline)
        }
    }

    private let watches = Mutex<[ObjectIdentifier: Watch]>([:])
    private let running = Atomic<Bool>(false)
    private let limit: UInt64

    /// The 408 written to a connection whose header ran out of time.
    private static let timeout: [UInt8] = {
        let body = "The request took too long to arrive, so Trakx closed the connection. Please try again.\n"
        return Array(("HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
                      + "Connection: close\r\n\r\n" + body).utf8)
    }()

    /// Creates a guard.
    /// - Parameter deadline: Seconds a request header may take to arrive in full.
    init(deadline: Double) {
        limit = UInt64(max(0.05, deadline) * 1_000_000_000)
    }

    /// Starts the watcher thread (it checks a few times a second).
    func start() {
        running.store(true, ordering: .releasing)
        let interval = min(0.25, Double(limit) / 4e9)
        let thread = Thread { [self] in
            while running.load(ordering: .acquiring) {
                Thread.sleep(forTimeInterval: interval)
                sweep(now: .now)
            }
        }
        thread.name = "trakx-header-deadline"
        thread.start()
    }

    /// Stops the watcher thread.
    func stop() {
        running.store(false, ordering: .releasing)
    }

    /// A connection opened: its first header is due within the deadline.
    /// - Parameter socket: Its socket.
    func opened(socket: Int32) -> Watch {
        let watch = Watch(socket: socket, deadline: Moment.now.nanoseconds &+ limit)
        watches.withLock { $0[ObjectIdentifier(watch)] = watch }
        return watch
    }

    /// A connection closed (its socket is about to be closed by MHD).
    /// - Parameter watch: Its watch.
    func closed(_ watch: Watch) {
        watches.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(watch)) }
    }

    /// A response has gone: the next request on the kept-alive connection has its own deadline.
    /// - Parameter watch: The connection's watch.
    func requestFinished(_ watch: Watch) {
        watch.requestLine.store(false, ordering: .relaxed)
        watch.deadline.store(Moment.now.nanoseconds &+ limit, ordering: .relaxed)
    }

    /// Closes every connection past its deadline: MHD sees the socket shut and closes the connection itself.
    /// - Parameter now: The current moment.
    func sweep(now: Moment) {
        watches.withLock { watches in
            for watch in watches.values {
                let deadline = watch.deadline.load(ordering: .relaxed)
                guard deadline != 0, deadline <= now.nanoseconds,
                      watch.deadline.compareExchange(expected: deadline, desired: 0, ordering: .relaxed).exchanged else { continue }
                if watch.requestLine.load(ordering: .relaxed) {
                    _ = Self.timeout.withUnsafeBytes { send(watch.socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                }
                shutdown(watch.socket, Int32(SHUT_RDWR))
            }
        }
    }
}

/// MHD's connection callback: registers each new connection with the server's header deadline (its watch becomes
/// the connection's socket context), and forgets it when it closes.
func mhdConnection(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer,
                   _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ toe: MHD_ConnectionNotificationCode) {
    guard let cls else { return }
    Unmanaged<HTTPServer>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
        if cmhd_is_connection_start(toe) != 0 {
            let watch = server.connectionGuard.opened(socket: cmhd_connection_fd(connection))
            socketContext.pointee = Unmanaged.passRetained(watch).toOpaque()
        } else if let raw = socketContext.pointee {
            server.connectionGuard.closed(Unmanaged<ConnectionGuard.Watch>.fromOpaque(raw).takeRetainedValue())
            socketContext.pointee = nil
        }
    }
}

extension ConnectionGuard {
    /// Runs `body` with the watch MHD keeps for `connection`, if it has one (borrowed: it lives until closed).
    /// - Parameters:
    ///   - connection: An MHD connection.
    ///   - body: What to do with the watch.
    static func withWatch(of connection: OpaquePointer, _ body: (Watch) -> Void) {
        guard let raw = cmhd_socket_context(connection) else { return }
        Unmanaged<Watch>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }
}

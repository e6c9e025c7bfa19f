import CMicroHTTPD
import Foundation
import Synchronization

/// Gives every request header a deadline, as nginx's `client_header_timeout` does: a sender that trickles a header
/// line every few seconds resets libmicrohttpd's idle timeout and could hold a connection for ever. A watcher
/// thread closes any connection whose header has not fully arrived in time, with a 408 once its request line
/// has come (an idle kept-alive or pre-opened connection is closed without one: a browser may be about to use it).
///
/// Connections are known by an id that MHD keeps as their socket context (`MHD_OPTION_NOTIFY_CONNECTION`).
/// A connection's socket stays open until MHD has told `closed`, which takes the same lock the watcher holds while
/// it writes, so the watcher never touches a socket number that has been reused.
final class ConnectionGuard: Sendable {
    private struct Watch: Sendable {
        let socket: Int32
        /// When the header must have arrived; nil while a request is being answered.
        var deadline: Moment?
        /// Whether the current request's first line has arrived.
        var requestLine: Bool
    }

    private let watches = Mutex<[UInt: Watch]>([:])
    private let nextID = Atomic<UInt>(1)
    private let running = Atomic<Bool>(false)
    private let cut = Atomic<Int>(0)
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

    /// Connections closed because their header took too long.
    var closedForTime: Int { cut.load(ordering: .relaxed) }

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

    /// A connection opened: its first header is due within the deadline. Returns its id.
    /// - Parameter socket: Its socket.
    func opened(socket: Int32) -> UInt {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        let watch = Watch(socket: socket, deadline: Moment(nanoseconds: Moment.now.nanoseconds &+ limit), requestLine: false)
        watches.withLock { $0[id] = watch }
        return id
    }

    /// A connection closed (its socket is about to be closed by MHD).
    /// - Parameter id: Its id.
    func closed(_ id: UInt) {
        watches.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// The request's first line has arrived: from now on, running out of time gets a 408.
    /// - Parameter id: The connection's id.
    func requestLineArrived(_ id: UInt) {
        watches.withLock { $0[id]?.requestLine = true }
    }

    /// The whole header has arrived: no deadline while the request is answered.
    /// - Parameter id: The connection's id.
    func headerArrived(_ id: UInt) {
        watches.withLock { $0[id]?.deadline = nil }
    }

    /// A response has gone: the next request on the kept-alive connection has its own deadline.
    /// - Parameter id: The connection's id.
    func requestFinished(_ id: UInt) {
        let deadline = Moment(nanoseconds: Moment.now.nanoseconds &+ limit)
        watches.withLock { watches in
            watches[id]?.deadline = deadline
            watches[id]?.requestLine = false
        }
    }

    /// Closes every connection past its deadline: MHD sees the socket shut and closes the connection itself.
    /// - Parameter now: The current moment.
    func sweep(now: Moment) {
        watches.withLock { watches in
            for (id, watch) in watches {
                guard let deadline = watch.deadline, deadline.nanoseconds <= now.nanoseconds else { continue }
                if watch.requestLine {
                    _ = Self.timeout.withUnsafeBytes { send(watch.socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                }
                shutdown(watch.socket, Int32(SHUT_RDWR))
                watches[id]?.deadline = nil
                cut.add(1, ordering: .relaxed)
            }
        }
    }
}

/// MHD's connection callback: registers each new connection with the server's header deadline, and forgets it
/// when it closes.
func mhdConnection(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer,
                   _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ toe: MHD_ConnectionNotificationCode) {
    guard let cls else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if cmhd_is_connection_start(toe) != 0 {
        socketContext.pointee = UnsafeMutableRawPointer(bitPattern: server.connectionGuard.opened(socket: cmhd_connection_fd(connection)))
    } else if let id = socketContext.pointee {
        server.connectionGuard.closed(UInt(bitPattern: id))
    }
}

extension ConnectionGuard {
    /// The id MHD keeps for `connection`, if it was registered.
    /// - Parameter connection: An MHD connection.
    static func id(of connection: OpaquePointer) -> UInt? {
        cmhd_socket_context(connection).map { UInt(bitPattern: $0) }
    }
}

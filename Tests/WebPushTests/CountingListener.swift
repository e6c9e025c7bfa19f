import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A TCP listener on 127.0.0.1 that counts the connections it accepts and answers each request with
/// `201 Created`: a push service that says whether anything ever connected to it.
final class CountingListener: Sendable {
    let port: UInt16
    private let socket: Int32
    private let accepted = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)

    /// Connections accepted so far.
    var connections: Int { accepted.load(ordering: .acquiring) }

    init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socket = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    private func serve() {
        while !closed.load(ordering: .acquiring) {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { continue }
            if closed.load(ordering: .acquiring) { close(client); return }
            accepted.add(1, ordering: .releasing)
            var buffer = [UInt8](repeating: 0, count: 65536)
            _ = recv(client, &buffer, buffer.count, 0)
            let answer = Array("HTTP/1.1 201 Created\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            _ = send(client, answer, answer.count, Int32(MSG_NOSIGNAL))
            close(client)
        }
    }

    /// Stops accepting (one last connection wakes the accepting thread).
    func stop() {
        closed.store(true, ordering: .releasing)
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

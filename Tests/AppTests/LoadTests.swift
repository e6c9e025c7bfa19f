import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// Slow and idle clients, and PTV hanging under a burst, must not stop ordinary requests from being answered.
struct LoadTests {
    static let idleConnections = 500
    static let tricklers = 150

    /// Sockets held open by the test.
    final class Sockets: Sendable {
        let descriptors: [Int32]
        init(_ descriptors: [Int32]) { self.descriptors = descriptors }
        func closeAll() { for fd in descriptors { close(fd) } }
    }

    @Test(.timeLimit(.minutes(2)))
    func fiveHundredIdleAndTricklingConnectionsDoNotDelayRealRequests() async throws {
        try await TestApp.with { app in
            let port = app.port
            let warm = try await app.get("/stops/train/1071")
            #expect(warm.status == 200)

            // 500 connections: some trickle a request line a byte at a time, some stop mid-headers, the rest say nothing.
            let sockets = Sockets(try await onThread { try (0 ..< Self.idleConnections).map { _ in try RawHTTP.connect(port: port, timeout: 5) } })
            let stop = StopFlag()
            let line = Array("GET /search?q=\(String(repeating: "slow", count: 200)) HTTP/1.1\r\n".utf8)
            let halfHeaders = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Waiting: ".utf8)
            for fd in sockets.descriptors[Self.tricklers ..< Self.tricklers * 2] { RawHTTP.sendAll(fd, halfHeaders) }
            let trickler = Thread {
                var offset = 0
                while !stop.isSet, offset < line.count {
                    for fd in sockets.descriptors[0 ..< Self.tricklers] { RawHTTP.sendAll(fd, [line[offset]]) }
                    offset += 1
                    usleep(50_000)
                }
            }
            trickler.start()
            try await Task.sleep(for: .milliseconds(300))

            var timings: [String] = []
            var slowest = 0.0
            for round in 0 ..< 6 {
                for target in ["/healthz", "/stops/train/1071", "/static/css/trakx.css", "/search?q=flinders\(round)"] {
                    let (response, ms) = try await milliseconds { try await app.get(target, timeout: 10) }
                    #expect(response.status == 200, "\(target) gave \(response.status) with \(Self.idleConnections) connections open")
                    slowest = max(slowest, ms)
                    timings.append("\(target) \(Int(ms)) ms")
                }
                try await Task.sleep(for: .milliseconds(250))
            }
            stop.set()
            print("LoadTests: with \(Self.idleConnections) idle or trickling connections the slowest request took \(Int(slowest)) ms")
            #expect(slowest < 1000, "\(timings)")
            sockets.closeAll()

            let after = try await app.get("/healthz")
            #expect(after.status == 200)
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func pagesThatNeedNoPTVStayPromptWhilePTVHangsUnderABurst() async throws {
        try await TestApp.with(configure: { $0.upstreamTimeout = 3 }) { app in
            let simulator = try #require(app.simulator)
            _ = try await app.get("/stops/train/1071")
            simulator.faults.set(.hang)
            let port = app.port
            let burst = 24
            let done = Collector<Double>()
            // Two dozen uncached stop pages at once: about fifty PTV calls that each wait for the timeout.
            let stops = Array(simulator.network.stops.map(\.stopID).filter { $0 != 1071 }.prefix(burst))
            for stopID in stops {
                Thread {
                    let start = Date()
                    _ = try? RawHTTP.exchange(RawHTTP.message("GET", "/stops/train/\(stopID)", host: "127.0.0.1:\(port)"), port: port, timeout: 60)
                    done.append(Date().timeIntervalSince(start))
                }.start()
            }
            try await Task.sleep(for: .milliseconds(300))
            var slowest = 0.0
            var timings: [String] = []
            for round in 0 ..< 4 {
                for target in ["/healthz", "/static/css/trakx.css", "/search", "/favourites", "/stops/train/0", "/nearby"] {
                    let (response, ms) = try await milliseconds { try await app.get(target, timeout: 10) }
                    #expect(response.status != 0 && response.status != 500, "\(target) gave \(response.status)")
                    slowest = max(slowest, ms)
                    timings.append("\(target) \(Int(ms)) ms")
                }
                try await Task.sleep(for: .milliseconds(200 * round))
            }
            #expect(slowest < 1000, "\(timings)")
            simulator.faults.clear()
            let deadline = Date().addingTimeInterval(45)
            while done.all.count < stops.count, Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
            let pages = done.all.sorted()
            print("LoadTests: while PTV hung, requests needing no PTV took at most \(Int(slowest)) ms; the \(stops.count) stop pages took \(pages.map { String(format: "%.1f", $0) }) s")
            #expect(pages.count == stops.count)
        }
    }
}

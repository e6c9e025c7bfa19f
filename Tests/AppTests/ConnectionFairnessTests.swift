import App
import Foundation
import HTTPServer
import Testing
import TestSupport

/// Slow and many connections from one address, and who the client is behind a reverse proxy.
struct ConnectionFairnessTests {
    @Test func aTricklingHeaderIsCutAtTheDeadlineWith408() async throws {
        try await TestApp.with(configure: { $0.server.headerDeadlineSeconds = 1 }) { app in
            let port = app.port
            let (response, took) = try await onThread { () throws -> (RawResponse, Duration) in
                let fd = try RawHTTP.connect(port: port, timeout: 8, source: "127.0.0.2")
                defer { close(fd) }
                let started = ContinuousClock.now
                RawHTTP.sendAll(fd, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n".utf8))
                // A line every 300 ms keeps libmicrohttpd's idle timeout from ever passing (at most 20 lines).
                for index in 0 ..< 20 {
                    Thread.sleep(forTimeInterval: 0.3)
                    guard RawHTTP.sendAll(fd, Array("X-Slow-\(index): 1\r\n".utf8)) else { break }
                    var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    if poll(&pending, 1, 0) > 0 { break }
                }
                return (RawHTTP.readResponse(fd, head: false), started.duration(to: .now))
            }
            #expect(response.status == 408)
            #expect(response.text.contains("took too long to arrive"))
            #expect(took < .seconds(4))
        }
    }

    @Test func manySlowConnectionsFromOneAddressDoNotDelayAnother() async throws {
        try await TestApp.with(configure: { configuration in
            configuration.server.connectionLimit = 40
            configuration.server.connectionsPerAddress = 8
            configuration.server.headerDeadlineSeconds = 30
        }) { app in
            let port = app.port
            // 48 connections from 127.0.0.2, each holding a half-sent header: more than the whole server's limit.
            let held = try await onThread { () throws -> [Int32] in
                (0 ..< 48).compactMap { _ in
                    guard let fd = try? RawHTTP.connect(port: port, timeout: 5, source: "127.0.0.2") else { return nil }
                    RawHTTP.sendAll(fd, Array("GET / HTTP/1.1\r\nX-Slow: 1\r\n".utf8))
                    return fd
                }
            }
            defer { for fd in held { close(fd) } }
            let started = ContinuousClock.now
            let response = try await app.get("/healthz", timeout: 5, from: "127.0.0.3")
            #expect(response.status == 200)
            #expect(started.duration(to: .now) < .seconds(2))
        }
    }

    @Test func forwardedForIsBelievedOnlyFromATrustedProxy() async throws {
        try await TestApp.shared(configure: { configuration in
            configuration.ptvCallsPerMinutePerVisitor = 4
            configuration.trustedProxies = ["127.0.0.2"]
        }) { app in
            // Through the proxy, visitor 10.0.0.1 spends its budget (two made-up stops)...
            let viaProxy = try await FairShareTests.scan(app, from: "127.0.0.2", limit: 6) { _ in [("X-Forwarded-For", "10.0.0.1")] }
            #expect(viaProxy.pages == 2)
            // ...a forged address left of it is not the client (the proxy appended the one it saw)...
            let forgedLeft = try await app.get("/stops/bus/900010", headers: [("X-Forwarded-For", "10.9.9.9, 10.0.0.1")], from: "127.0.0.2")
            #expect(forgedLeft.status == 429)
            // ...while another visitor through the same proxy still gets pages.
            let other = try await app.get("/stops/bus/900011", headers: [("X-Forwarded-For", "10.0.0.2")], from: "127.0.0.2")
            #expect(other.status == 404)
            // From an address that is not a trusted proxy, a new X-Forwarded-For on every page buys nothing.
            let forged = try await FairShareTests.scan(app, from: "127.0.0.3", first: 900_020, limit: 6) { index in
                [("X-Forwarded-For", "10.1.0.\(index)")]
            }
            #expect(forged.pages == 2)
        }
    }

    @Test func favouritesListLimitCountsTheForwardedClient() async throws {
        try await TestApp.shared(perMinute: 1, configure: { $0.trustedProxies = ["127.0.0.1"] }) { app in
            let alice = Browser(port: app.port, headers: [("X-Forwarded-For", "10.0.0.1")])
            let bob = Browser(port: app.port, headers: [("X-Forwarded-For", "10.0.0.2")])
            let mallory = Browser(port: app.port, headers: [("X-Forwarded-For", "10.0.0.1")])
            let form = [("mode", "train"), ("stop_id", "1071"), ("name", "Home")]
            let first = try await alice.post("/favourites", form: form)
            let second = try await bob.post("/favourites", form: form)
            let third = try await mallory.post("/favourites", form: form)
            #expect(first.status == 303)
            #expect(second.status == 303)
            #expect(third.status == 429)
        }
    }
}

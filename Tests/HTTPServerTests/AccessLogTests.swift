import Foundation
@testable import HTTPServer
import Logging
import Synchronization
import Testing
import TestSupport

/// The access log costs a request a few appends: lines are written by a writer thread once a second or a batch at a
/// time, every line is written by the time the server has stopped, and lines are dropped, and counted, only when
/// the log cannot keep up.
struct AccessLogTests {
    @Test func nRequestsGiveNLinesOnceTheServerHasStopped() async throws {
        let logs = LogCapture()
        var router = Router<BasicRequestContext>()
        router.get("/stops/{id}") { _, context in Response.text(try context.require("id")) }
        router.get("/favourites/list/{id}") { _, _ in Response.text("list") }
        let logger = logs.logger(label: "access", level: .info)
        let responder = RouterResponder(router: router, logger: logger,
                                        renderError: { error, _ in Response.text("no", status: error.status) })
        var configuration = ServerConfiguration(port: 0)
        configuration.secretPaths = SecretPaths(["/favourites/list/"])
        let server = HTTPServer(configuration: configuration, responder: responder, logger: logger)
        let count = 300
        try await withRunning(server) { server in
            for index in 0 ..< count {
                #expect(try await RawHTTP.request("GET", "/stops/\(index)", port: server.port).status == 200)
            }
            _ = try await RawHTTP.request("GET", "/favourites/list/0123456789abcdef", port: server.port)
        }
        let lines = logs.messages.filter { $0.hasPrefix("info GET /stops/") }
        #expect(lines.count == count)
        #expect(Set(lines.map { $0.split(separator: " ")[2] }).count == count)
        #expect(logs.messages.contains { $0.hasPrefix("info GET /favourites/list/[private] 200 ") })
        #expect(!logs.messages.contains { $0.contains("0123456789abcdef") })
        #expect(server.configuration.accessLogDrops.count == 0)
    }

    @Test func theLogsOwnFileGetsEveryLineInBlocksWhateverTheLogLevel() async throws {
        try await withTemporaryDirectory { folder in
            let logs = LogCapture()
            let logger = logs.logger(label: "quiet", level: .warning)
            var router = Router<BasicRequestContext>()
            router.get("/stops/{id}") { _, context in Response.text(try context.require("id")) }
            router.get("/favourites/list/{id}") { _, _ in Response.text("list") }
            let responder = RouterResponder(router: router, logger: logger,
                                            renderError: { error, _ in Response.text("no", status: error.status) })
            var configuration = ServerConfiguration(port: 0)
            configuration.secretPaths = SecretPaths(["/favourites/list/"])
            configuration.accessLogPath = folder + "/access.log"
            let server = HTTPServer(configuration: configuration, responder: responder, logger: logger)
            let count = 250
            try await withRunning(server) { server in
                for index in 0 ..< count {
                    #expect(try await RawHTTP.request("GET", "/stops/\(index)", port: server.port).status == 200)
                }
                _ = try await RawHTTP.request("GET", "/favourites/list/0123456789abcdef", port: server.port)
            }
            let text = try String(contentsOfFile: folder + "/access.log", encoding: .utf8)
            let lines = text.split(separator: "\n")
            #expect(text.hasSuffix("\n"))
            #expect(lines.count == count + 1)
            #expect(lines.allSatisfy { $0.contains(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ GET \/\S+ 200 \d+\.\dms$/) }, "\(lines.prefix(3))")
            #expect(Set(lines.dropLast().map { $0.split(separator: " ")[2] }).count == count)
            #expect(lines.last?.contains(" GET /favourites/list/[private] 200 ") == true)
            #expect(!text.contains("0123456789abcdef"))
            #expect(logs.messages.isEmpty, "\(logs.messages)")
        }
    }

    @Test func aLogThatCannotKeepUpDropsAndCountsWhatDoesNotFit() async throws {
        let logs = LogCapture()
        let held = StalledHandler.Hold()
        var logger = Logger(label: "slow") { _ in StalledHandler(hold: held, capture: logs) }
        logger.logLevel = .info
        let drops = AccessLogDrops()
        let log = AccessLog(logger: logger, capacity: 5, batch: 1, flushInterval: 0.05, drops: drops)
        log.start()
        // The first line is taken by the writer, which then stalls in the log handler: the disk is not keeping up.
        log.record(method: "GET", path: "/first", status: 200, started: .now)
        try await held.waitUntilStalled()
        for index in 0 ..< 20 { log.record(method: "GET", path: "/later/\(index)", status: 200, started: .now) }
        held.release()
        try await onThread { log.close() }
        let written = logs.messages.filter { $0.hasPrefix("info GET ") }
        #expect(written.count == 6, "\(written)")
        #expect(log.droppedTotal == 15)
        #expect(drops.render().contains("trakx_access_log_dropped_total 15\n"))
        #expect(logs.messages.contains { $0.hasPrefix("warning 15 request log lines were dropped") })
    }
}

/// A log handler whose first line stalls until the test releases it, then keeps lines in a capture.
struct StalledHandler: LogHandler {
    /// The stall, shared by copies of the handler.
    final class Hold: Sendable {
        private let stalled = Atomic<Bool>(false)
        private let gate = DispatchSemaphore(value: 0)

        /// Blocks the logging thread the first time only.
        func stall() {
            guard !stalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
            gate.wait()
        }

        /// Waits until a line has stalled.
        func waitUntilStalled() async throws {
            for _ in 0 ..< 500 where !stalled.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(10)) }
        }

        /// Lets the stalled line through.
        func release() { gate.signal() }
    }

    let hold: Hold
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        hold.stall()
        capture.logger(label: "kept", level: .trace).log(level: event.level, event.message)
    }
}

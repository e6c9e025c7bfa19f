import Glibc
import Foundation
import HTTPServer
import Logging
import Synchronization
import Testing
import TestSupport

/// The name of the thread this runs on (libmicrohttpd names its pool threads "MHD-worker"), from Linux's /proc.
private func currentThreadName() -> String {
    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    return name.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Starts a server whose routes report the thread they answered on, runs `body`, stops it.
private func withThreadServer(logger: Logger = Logger(label: "test"), _ body: (HTTPServer) async throws -> Void) async throws {
    var router = Router<BasicRequestContext>()
    router.get("/now") { _, _ in Response.text(currentThreadName()) }
    router.get("/later") { _, _ in
        try await Task.sleep(for: .milliseconds(20))
        return Response.text(currentThreadName())
    }
    let responder = RouterResponder(router: router, defaultHeaders: [("X-Default", "yes")], logger: logger,
                                    renderError: { error, _ in Response.text(error.message, status: error.status) })
    try await withRunning(HTTPServer(configuration: ServerConfiguration(port: 0), responder: responder, logger: logger), body)
}

struct FastPathTests {
    @Test func aResponseThatNeedsNoWaitingIsMadeOnLibmicrohttpdsThread() async throws {
        try await withThreadServer { server in
            let now = try await RawHTTP.request("GET", "/now", port: server.port)
            #expect(now.status == 200)
            #expect(now.text == "MHD-worker")
            #expect(now.header("X-Default") == "yes")
            let later = try await RawHTTP.request("GET", "/later", port: server.port)
            #expect(later.status == 200)
            #expect(later.text != "MHD-worker", "after waiting, the rest runs on Swift's pool, not MHD's thread")
            #expect(later.header("X-Default") == "yes")
        }
    }

    @Test func oneConnectionCarriesAnsweredAtOnceAndWaitedForRequests() async throws {
        try await withThreadServer { server in
            let host = "Host: 127.0.0.1:\(server.port)\r\n"
            let requests = "GET /now HTTP/1.1\r\n\(host)\r\nGET /later HTTP/1.1\r\n\(host)\r\n"
                + "GET /now HTTP/1.1\r\n\(host)Connection: close\r\n\r\n"
            let port = server.port
            // Every byte until the server closes (the last request asks it to): three answers, one connection.
            let everything = try await onThread { () -> String in
                let fd = try RawHTTP.connect(port: port, timeout: 10)
                defer { close(fd) }
                guard RawHTTP.sendAll(fd, Array(requests.utf8)) else { return "" }
                var data: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = recv(fd, &buffer, buffer.count, 0)
                    if n > 0 { data.append(contentsOf: buffer[0 ..< n]) } else if n < 0, errno == EINTR { continue } else { break }
                }
                return String(decoding: data, as: UTF8.self)
            }
            #expect(everything.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == 3, "three answers on one connection")
        }
    }

    @Test func everyRequestGetsOneLogLineByTheTimeTheServerHasStopped() async throws {
        let logs = LogCapture()
        try await withThreadServer(logger: logs.logger(label: "test", level: .info)) { server in
            for _ in 0 ..< 5 { _ = try await RawHTTP.request("GET", "/now", port: server.port) }
            _ = try await RawHTTP.request("GET", "/later?x=1", port: server.port)
            _ = try await RawHTTP.request("GET", "/missing", port: server.port)
        }
        let requests = logs.messages.filter { $0.hasPrefix("info GET ") }
        #expect(requests.count == 7, "\(logs.messages)")
        #expect(requests.filter { $0.hasPrefix("info GET /now 200 ") && $0.hasSuffix("ms") }.count == 5)
        #expect(requests.contains { $0.hasPrefix("info GET /later 200 ") }, "the log shows the path without the query")
        #expect(requests.contains { $0.hasPrefix("info GET /missing 404 ") })
    }

    @Test func noRequestLinesAreKeptWhenTheLogLevelIsAboveInfo() async throws {
        let logs = LogCapture()
        try await withThreadServer(logger: logs.logger(label: "test", level: .warning)) { server in
            _ = try await RawHTTP.request("GET", "/now", port: server.port)
        }
        #expect(logs.messages.allSatisfy { !$0.contains("GET /now") })
    }
}

struct HeaderAndCookieLookupTests {
    @Test func headerNamesCompareWithoutASCIICase() {
        #expect("Content-Length".equalsIgnoringASCIICase("content-length"))
        #expect("HOST".equalsIgnoringASCIICase("host"))
        #expect(!"Host".equalsIgnoringASCIICase("Hosts"))
        #expect(!"Hast".equalsIgnoringASCIICase("host"))
        #expect(!"Ä".equalsIgnoringASCIICase("ä"), "only ASCII letters fold")
        #expect("x-trakx"[...].equalsIgnoringASCIICase("X-Trakx"))
    }

    @Test func rawPathAndQueryAreSplitAtTheFirstQuestionMark() {
        let request = Request(method: "GET", target: "/a%20b?x=1?2&y=%41")
        #expect(request.rawPath == "/a%20b")
        #expect(request.path == "/a b")
        #expect(request.query("x") == "1?2")
        #expect(request.query("y") == "A")
        let bare = Request(method: "GET", target: "/plain")
        #expect(bare.rawPath == "/plain")
        #expect(bare.queryItems?.isEmpty == true)
    }
}

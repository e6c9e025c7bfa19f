import Foundation
import HTTPServer
import Logging
@testable import PTV
import Synchronization
import Testing
import TestSupport

/// A loopback server that speaks a little v3: it checks signatures like PTV and answers with canned bodies.
final class FakePTV: Responder {
    let key, devID: String
    let handler: @Sendable (String) async -> Response
    let targets = Mutex<[String]>([])

    init(devID: String = "3000165", key: String = "9c132d31-6a30-4cac-8d8b-8a1970834799",
         handler: @escaping @Sendable (String) async -> Response) {
        self.devID = devID
        self.key = key
        self.handler = handler
    }

    func respond(to request: Request) async -> Response {
        targets.withLock { $0.append(request.target) }
        guard let range = request.target.range(of: "&signature=") else {
            return Response.json(#"{"message":"Forbidden (403): Supplied signature is invalid for request.","status":{"version":"3.0","health":1}}"#, status: 403)
        }
        let signed = String(request.target[..<range.lowerBound])
        let signature = String(request.target[range.upperBound...])
        guard PTVSigner(devID: devID, key: key).signature(for: signed) == signature, signed.hasSuffix("devid=\(devID)") else {
            return Response.json(#"{"message":"Forbidden (403): Supplied signature is invalid for request.","status":{"version":"3.0","health":1}}"#, status: 403)
        }
        return await handler(signed)
    }

    /// Starts it on port 0, runs `body` with a client (on the clock `now`), stops it.
    func with(key clientKey: String? = nil, timeout: Double = 15, now: @escaping @Sendable () -> Date = Date.init,
              logger: Logger = Logger(label: "client"), _ body: (PTVClient, FakePTV) async throws -> Void) async throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0), responder: self, logger: Logger(label: "fake-ptv"))
        try server.start()
        let client = PTVClient(configuration: PTVConfiguration(baseURL: "http://127.0.0.1:\(server.port)/", devID: devID,
                                                               key: clientKey ?? key, totalTimeout: timeout),
                               logger: logger, now: now)
        do {
            try await body(client, self)
        } catch {
            await server.shutdown(grace: 0.5)
            throw error
        }
        await server.shutdown(grace: 0.5)
    }
}

let routeTypesBody = #"{"route_types":[{"route_type_name":"Train","route_type":0},{"route_type_name":"Tram","route_type":1}],"status":{"version":"3.0","health":1}}"#

struct ClientTests {
    @Test func signedRequestIsAcceptedAndDecoded() async throws {
        try await FakePTV { _ in Response.json(routeTypesBody) }.with { client, fake in
            let result = try await client.fetch(.routeTypes())
            #expect(result.value.routeTypes.map(\.routeTypeName) == ["Train", "Tram"])
            let target = try #require(fake.targets.withLock { $0.first })
            #expect(target.hasPrefix("/v3/route_types?devid=3000165&signature="))
            #expect(target == "/v3/route_types?devid=3000165&signature=9F68D3583ECA3D127C7D71D60706A9C65AC0574F")
        }
    }

    @Test func searchTermBytesOnTheWireMatchWhatWasSigned() async throws {
        try await FakePTV { _ in Response.json(#"{"stops":[],"routes":[],"outlets":[],"status":{"version":"3.0","health":1}}"#) }.with { client, fake in
            _ = try await client.fetch(.search("Swanston St/Flinders St & Tom's café"))
            let target = try #require(fake.targets.withLock { $0.first })
            #expect(target.hasPrefix("/v3/search/Swanston%20St%2FFlinders%20St%20%26%20Tom%27s%20caf%C3%A9?include_outlets=false&devid=3000165&signature="))
        }
    }

    @Test func wrongKeyIsSignatureRejected() async throws {
        try await FakePTV { _ in Response.json(routeTypesBody) }.with(key: "wrong-key") { client, _ in
            await #expect(throws: PTVError(.signatureRejected, status: 403)) { try await client.fetch(.routeTypes()) }
        }
    }

    @Test(arguments: [
        (403, #"{"message":"Forbidden (403): Throttling limit reached for this service.","status":{"version":"3.0","health":1}}"#, PTVError.Kind.throttled),
        (400, #"{"message":"BadRequest (400): devid 3000165 is invalid.","status":{"version":"3.0","health":1}}"#, .devIDInvalid),
        (403, #"{"message":"Forbidden (403): Account for devid 3000165 has been disabled.","status":{"version":"3.0","health":1}}"#, .devIDInvalid),
        (500, #"{"Message":"An error has occurred."}"#, .badStatus),
        (404, "Not Found", .notFound),
        (400, #"{"message":"Invalid combination of route_type: bus, stop_id: 34079","status":{"version":"3.0","health":1}}"#, .badRequest),
        (200, #"{"route_types":[], "status":{"version":"3.0","health":0}}"#, .unhealthy),
        (200, #"{"route_types":[{"route_type_name":"Tr"#, .truncated),
        (200, #"{"route_types":[{"route_type_name":"Train","route_type":0}"#, .truncated),
        (200, "", .malformedBody),
        (200, "<html>oops</html>", .malformedBody),
    ])
    func errorsAreMapped(status: Int, body: String, kind: PTVError.Kind) async throws {
        try await FakePTV { _ in Response(status: status, headers: [("Content-Type", "application/json")], body: Array(body.utf8)) }.with { client, _ in
            do {
                _ = try await client.send(PTVRequest(.routeTypes, ["route_types"]), as: RouteTypesResponse.self)
                Issue.record("expected \(kind)")
            } catch let error as PTVError {
                #expect(error.kind == kind)
                #expect(!error.description.contains("3000165"))
                #expect(!error.description.contains("9c132d31"))
            }
        }
    }

    @Test func aServerThatNeverAnswersTimesOutInAboutTheConfiguredTime() async throws {
        try await FakePTV { _ in
            try? await Task.sleep(for: .seconds(8))
            return Response.json(routeTypesBody)
        }.with(timeout: 1) { client, _ in
            let start = ContinuousClock.now
            await #expect(throws: PTVError(.timedOut)) { try await client.fetch(.routeTypes()) }
            let elapsed = start.duration(to: .now)
            #expect(elapsed > .milliseconds(900))
            #expect(elapsed < .milliseconds(2500))
        }
    }

    @Test func refusedConnectionIsUnreachable() async throws {
        let client = PTVClient(configuration: PTVConfiguration(baseURL: "http://127.0.0.1:9", devID: "1", key: "k"), logger: Logger(label: "t"))
        await #expect(throws: PTVError(.unreachable)) { try await client.fetch(.routeTypes()) }
    }

    @Test func throttlingBacksOffInsteadOfRetryingHarder() async throws {
        let calls = Counter()
        try await FakePTV { _ in
            _ = calls.increment()
            return Response.json(#"{"message":"Forbidden (403): Throttling limit reached for this service.","status":{"version":"3.0","health":1}}"#, status: 403)
        }.with { client, _ in
            for _ in 0 ..< 5 {
                await #expect(throws: PTVError.self) { try await client.send(PTVRequest(.routeTypes, ["route_types"]), as: RouteTypesResponse.self) }
            }
            #expect(calls.count == 1)
            #expect(client.metrics.render().contains("outcome=\"backoff\"} 4"))
        }
    }

    /// While PTV fails, every page meets the failure: the log has one line a minute for each question and way of
    /// failing, with how many like it it left out, not one per call (34,000 lines in 40 s under load before).
    @Test func aFailureIsLoggedOnceAMinuteForEachQuestionAndWayWithHowManyWereLeftOut() async throws {
        let logs = LogCapture()
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        try await FakePTV { target in
            target.contains("/v3/route_types") ? Response.json(#"{"status":{"version":"3.0","health":1}}"#)
                : Response.json(#"{"message":"An error has occurred.","status":{"version":"3.0","health":1}}"#, status: 500)
        }.with(now: { clock.now }, logger: logs.logger(label: "client", level: .info)) { client, _ in
            let said = { logs.messages.filter { $0.contains("failed") } }
            for _ in 0 ..< 5 { await #expect(throws: PTVError(.noAnswer, status: 200)) { try await client.fetch(.routeTypes()) } }
            for id in 1 ... 3 { await #expect(throws: PTVError.self) { try await client.fetch(.route(id)) } }
            #expect(said() == ["warning PTV route_types failed: PTV error no_answer (HTTP 200)",
                               "warning PTV route failed: PTV error bad_status (HTTP 500)"], "\(logs.messages)")
            clock.advance(59)
            _ = try? await client.fetch(.routeTypes())
            #expect(said().count == 2)
            clock.advance(2)
            _ = try? await client.fetch(.routeTypes())
            #expect(said().last == "warning PTV route_types failed: PTV error no_answer (HTTP 200) (5 more like it since the last line about it)")
            _ = try? await client.fetch(.routeTypes())
            #expect(said().count == 3)
            // Every call is still counted.
            #expect(client.metrics.render().contains(#"trakx_ptv_upstream_requests_total{endpoint="route_types",outcome="no_answer"} 8"#))
        }
    }

    @Test func metricsNeverContainSecretsOrURLs() async throws {
        try await FakePTV { _ in Response.json(routeTypesBody) }.with { client, _ in
            _ = try await client.fetch(.routeTypes())
            _ = try await client.fetch(.routeTypes())
            let text = client.metrics.render()
            #expect(text.contains("trakx_ptv_upstream_requests_total{endpoint=\"route_types\",outcome=\"ok\"} 1"))
            #expect(text.contains("trakx_ptv_cache_hits_total{endpoint=\"route_types\"} 1"))
            #expect(!text.contains("3000165"))
            #expect(!text.contains("signature"))
            #expect(!text.contains("/v3/"))
        }
    }
}

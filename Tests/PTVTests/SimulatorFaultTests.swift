import Foundation
import HTTPClient
import HTTPServer
import Logging
import PTV
import PTVSimulator
import Testing

extension SimulatorTests {
    /// Authentication exactly as PTV does it, and every injected fault seen through the real client
    /// (nested so it shares the parent suite's serialization).
    struct Faults {
        private static let forbiddenBody =
            #"{"message":"Forbidden (403): Supplied signature is invalid for request.","status":{"version":"3.0","health":1}}"#

        @Test func wrongKeyIsRejectedWithPTVsExactBody() async throws {
            try await SimulatorHarness.with(clientKey: "wrong-key") { (simulator, client) async throws in
                await SimulatorHarness.expectError(.signatureRejected) { _ = try await client.fetch(.routeTypes()) }
                let raw = try await SimulatorHarness.rawGet(simulator, "/v3/route_types", key: "wrong-key")
                #expect(raw.status == 403)
                #expect(String(decoding: raw.body, as: UTF8.self) == Self.forbiddenBody)
            }
        }

        @Test func unknownDevIDIsInvalid() async throws {
            try await SimulatorHarness.with(clientDevID: "1234") { (simulator, client) async throws in
                await SimulatorHarness.expectError(.devIDInvalid) { _ = try await client.fetch(.routeTypes()) }
                let raw = try await HTTPClient().get(simulator.baseURL + PTVSigner(devID: "1234", key: "k").sign("/v3/route_types"))
                #expect(raw.status == 400)
                #expect(String(decoding: raw.body, as: UTF8.self)
                    == #"{"message":"BadRequest (400): devid 1234 is invalid.","status":{"version":"3.0","health":1}}"#)
            }
        }

        @Test(arguments: [
            "/v3/route_types",
            "/v3/route_types?devid=3000165",
            "/v3/route_types?signature=9F68D3583ECA3D127C7D71D60706A9C65AC0574F",
            "/v3/route_types?signature=9F68D3583ECA3D127C7D71D60706A9C65AC0574F&devid=3000165",
            "/v3/route_types?devid=3000165&signature=9F68D3583ECA3D127C7D71D60706A9C65AC0574F&x=1",
            "/v3/route_types?devid=3000165&signature=",
        ])
        func missingOrMisplacedSignatureIsForbidden(target: String) async throws {
            try await SimulatorHarness.with { (simulator, _) async throws in
                let raw = try await HTTPClient().get(simulator.baseURL + target)
                #expect(raw.status == 403)
                #expect(String(decoding: raw.body, as: UTF8.self) == Self.forbiddenBody)
            }
        }

        @Test func signatureMatchesPublishedVectorInEitherCase() async throws {
            try await SimulatorHarness.with { (simulator, _) async throws in
                // Published vector: key 9c132d31-…, "/v3/route_types?devid=3000165" → 9F68D358…
                let upper = "/v3/route_types?devid=3000165&signature=9F68D3583ECA3D127C7D71D60706A9C65AC0574F"
                #expect(try await HTTPClient().get(simulator.baseURL + upper).status == 200)
                let lower = "/v3/route_types?devid=3000165&signature=9f68d3583eca3d127c7d71d60706a9c65ac0574f"
                #expect(try await HTTPClient().get(simulator.baseURL + lower).status == 200)
                let tampered = upper.replacingOccurrences(of: "route_types", with: "routes")
                #expect(try await HTTPClient().get(simulator.baseURL + tampered).status == 403)
                #expect(try await HTTPClient().get(simulator.baseURL + "/nowhere").status == 404)
                #expect(try await SimulatorHarness.rawGet(simulator, "/v3/no/such/endpoint").status == 404)
            }
        }

        @Test(arguments: [
            (FaultInjector.Fault.status(500), PTVError.Kind.badStatus),
            (.status(502), .badStatus),
            (.throttle, .throttled),
            (.badSignature, .signatureRejected),
            (.malformedJSON, .malformedBody),
            (.truncatedBody, .truncated),
            (.emptyBody, .malformedBody),
            (.unhealthy, .unhealthy),
            (.throttleRetryAfter(seconds: 60), .throttled),
            (.messageOnly, .noAnswer),
            (.listMissing, .noAnswer),
        ])
        func faultBecomesClientError(fault: FaultInjector.Fault, kind: PTVError.Kind) async throws {
            try await SimulatorHarness.with { (simulator, client) async throws in
                simulator.faults.set(fault)
                await SimulatorHarness.expectError(kind) { _ = try await client.fetch(.departures(routeType: 1, stopID: 2226)) }
                simulator.faults.clear()
                let fresh = PTVClient(configuration: PTVConfiguration(baseURL: simulator.baseURL, devID: SimulatorHarness.devID,
                                                                      key: SimulatorHarness.key), logger: Logger(label: "fresh"))
                #expect(try await !fresh.fetch(.departures(routeType: 1, stopID: 2226)).value.departures.isEmpty)
            }
        }

        @Test func throttleBodyIsPTVs() async throws {
            try await SimulatorHarness.with { (simulator, _) async throws in
                simulator.faults.set(.throttle)
                let raw = try await SimulatorHarness.rawGet(simulator, "/v3/route_types")
                #expect(raw.status == 403)
                #expect(String(decoding: raw.body, as: UTF8.self).contains("Forbidden (403): Throttling limit reached for this service."))
            }
        }

        @Test func throttleWithRetryAfterSaysHowLongOverTheWire() async throws {
            try await SimulatorHarness.with { (simulator, _) async throws in
                simulator.faults.set(.throttleRetryAfter(seconds: 60))
                let raw = try await SimulatorHarness.rawGet(simulator, "/v3/route_types")
                #expect(raw.status == 403)
                #expect(raw.header("Retry-After") == "60")
                #expect(String(decoding: raw.body, as: UTF8.self).contains("Throttling limit reached"))
            }
        }

        @Test func aMissingListKeepsTheRestOfTheAnswer() async throws {
            try await SimulatorHarness.with { (simulator, _) async throws in
                simulator.faults.set(.listMissing)
                let raw = try await SimulatorHarness.rawGet(simulator, "/v3/departures/route_type/0/stop/1071?expand=Stop")
                let object = try #require(try JSONSerialization.jsonObject(with: Data(raw.body)) as? [String: Any])
                #expect(raw.status == 200)
                #expect(object["departures"] == nil)
                #expect(object["stops"] != nil && object["status"] != nil)
            }
        }

        @Test func aScrambledAnswerIsSpoiltTheSameWayForTheSameSeed() async throws {
            try await SimulatorHarness.with { (simulator, _) async throws in
                let path = "/v3/departures/route_type/0/stop/1071?expand=All"
                let plain = try await SimulatorHarness.rawGet(simulator, path).body
                func scrambled(_ seed: UInt64, _ share: Double) async throws -> [UInt8] {
                    simulator.faults.set(.scrambled(seed: seed, share: share))
                    let raw = try await SimulatorHarness.rawGet(simulator, path)
                    #expect(raw.status == 200)
                    #expect((try? JSONSerialization.jsonObject(with: Data(raw.body))) != nil, "still JSON")
                    return raw.body
                }
                let once = try await scrambled(5, 0.15), again = try await scrambled(5, 0.15)
                #expect(once == again)
                let other = try await scrambled(6, 0.15)
                #expect(once != plain && once != other)
                // With no share spoilt it is the answer (keys sorted: compare as JSON).
                let untouched = try await scrambled(5, 0)
                #expect(NSDictionary(dictionary: try #require(JSONSerialization.jsonObject(with: Data(untouched)) as? [String: Any]))
                    == NSDictionary(dictionary: try #require(JSONSerialization.jsonObject(with: Data(plain)) as? [String: Any])))
            }
        }

        @Test func latencyWithinTimeoutStillAnswers() async throws {
            try await SimulatorHarness.with(totalTimeout: 5) { (simulator, client) async throws in
                simulator.faults.set(.latency(milliseconds: 300))
                let started = ContinuousClock.now
                #expect(try await client.fetch(.routeTypes()).value.routeTypes.count == 5)
                #expect(started.duration(to: .now) >= .milliseconds(300))
            }
        }

        @Test func hangTimesOutAtTheClientsTimeout() async throws {
            try await SimulatorHarness.with(totalTimeout: 1) { (simulator, client) async throws in
                simulator.faults.set(.hang, forPathPrefix: "/v3/departures")
                let started = ContinuousClock.now
                await SimulatorHarness.expectError(.timedOut) { _ = try await client.fetch(.departures(routeType: 0, stopID: 1071)) }
                let elapsed = started.duration(to: .now)
                #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(3))
                #expect(try await client.fetch(.routeTypes()).value.routeTypes.count == 5)  // other paths are unaffected
                simulator.faults.set(nil, forPathPrefix: "/v3/departures")
                #expect(try await !client.fetch(.departures(routeType: 0, stopID: 1071)).value.departures.isEmpty)
            }
        }

        @Test func aHangEndsByItselfAtItsLimit() async throws {
            try await SimulatorHarness.with(totalTimeout: 5) { (simulator, _) async throws in
                simulator.faults.hangLimit = .milliseconds(400)
                simulator.faults.set(.hang, forPathPrefix: "/v3/departures")
                let started = ContinuousClock.now
                let raw = try await SimulatorHarness.rawGet(simulator, "/v3/departures/route_type/0/stop/1071")
                let elapsed = started.duration(to: .now)
                #expect(raw.status == 504)
                #expect(elapsed >= .milliseconds(400) && elapsed < .seconds(3))
            }
        }

        @Test func stoppingEndsAHangingRequest() async throws {
            let simulator = try PTVSimulator(devID: SimulatorHarness.devID, key: SimulatorHarness.key, logger: Logger(label: "sim"))
            try simulator.start()
            simulator.faults.set(.hang)
            let base = simulator.baseURL
            let pending = Task { try await HTTPClient(configuration: ClientConfiguration(totalTimeout: 20)).get(base + "/v3/route_types") }
            try await Task.sleep(for: .milliseconds(200))
            let started = ContinuousClock.now
            simulator.stop()
            #expect(started.duration(to: .now) < .seconds(3))
            simulator.stop()
            await simulator.shutdown()
            let outcome = await pending.result
            if case .success(let response) = outcome { #expect(response.status == 503) }
            #expect(simulator.port == 0)
        }

        @Test func prefixFaultsOnlyTouchMatchingPathsAndRequestsAreCounted() async throws {
            try await SimulatorHarness.with { (simulator, client) async throws in
                simulator.faults.set(.status(500), forPathPrefix: "/v3/departures")
                simulator.faults.set(.latency(milliseconds: 1))
                await SimulatorHarness.expectError(.badStatus) { _ = try await client.fetch(.departures(routeType: 0, stopID: 1071)) }
                #expect(try await client.fetch(.routeTypes()).value.routeTypes.count == 5)
                #expect(simulator.requestCount == 2)
            }
        }

        @Test func inProcessRequestsNeedASignatureToo() async throws {
            let simulator = try PTVSimulator(devID: SimulatorHarness.devID, key: SimulatorHarness.key, logger: Logger(label: "sim"))
            let signed = PTVSigner(devID: SimulatorHarness.devID, key: SimulatorHarness.key).sign("/v3/disruptions/modes")
            #expect(await simulator.respond(to: Request(method: "GET", target: signed)).status == 200)
            #expect(await simulator.respond(to: Request(method: "GET", target: "/v3/disruptions/modes")).status == 403)
        }
    }
}

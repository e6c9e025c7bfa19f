import Foundation
import HTTPClient
import Logging
import PTV
import PTVSimulator
import Testing

/// Runs the simulator on a loopback port with a fixed clock, hands a real `PTVClient` to the body, and shuts
/// the simulator down even when the body throws.
enum SimulatorHarness {
    static let devID = "3000165"
    static let key = "9c132d31-6a30-4cac-8d8b-8a1970834799"
    /// Saturday 21 November 2026, 8:30 am in Melbourne (AEDT).
    static let now = PTVTimestamp.parse("2026-11-21T08:30:00+11:00")!

    static func with<T>(seed: UInt64 = 1, now: Date = now, clientKey: String = key, clientDevID: String = devID,
                        totalTimeout: Double = 30,
                        _ body: (PTVSimulator, PTVClient) async throws -> T) async throws -> T {
        let simulator = try PTVSimulator(devID: devID, key: key, seed: seed, now: { now }, logger: Logger(label: "sim"))
        try simulator.start()
        let client = PTVClient(configuration: PTVConfiguration(baseURL: simulator.baseURL, devID: clientDevID, key: clientKey,
                                                               connectTimeout: 2, totalTimeout: totalTimeout),
                               logger: Logger(label: "client"))
        let result: Result<T, any Error>
        do {
            result = .success(try await body(simulator, client))
        } catch {
            result = .failure(error)
        }
        await simulator.shutdown()
        return try result.get()
    }

    /// GETs a path signed with the simulator's credentials, returning status and raw body.
    static func rawGet(_ simulator: PTVSimulator, _ pathAndQuery: String, key: String = key) async throws -> ClientResponse {
        let signed = PTVSigner(devID: devID, key: key).sign(pathAndQuery)
        return try await HTTPClient().get(simulator.baseURL + signed)
    }

    /// The kind of PTV error a call throws, or nil when it succeeds (or throws something else).
    static func errorKind(_ call: () async throws -> Void) async -> PTVError.Kind? {
        do {
            try await call()
            return nil
        } catch {
            return (error as? PTVError)?.kind
        }
    }

    /// Expects `call` to throw a `PTVError` of `kind`.
    static func expectError(_ kind: PTVError.Kind, sourceLocation: SourceLocation = #_sourceLocation,
                            _ call: () async throws -> Void) async {
        let thrown = await errorKind(call)
        #expect(thrown == kind, sourceLocation: sourceLocation)
    }
}

/// The simulator driven through the real client: every endpoint, with real content checks.
///
/// Serialized (with the nested fault tests): `HTTPClient` runs blocking libcurl transfers on a GCD queue that
/// shares threads with Swift concurrency, so many concurrent loopback calls on a 2-CPU machine starve the
/// simulator's own request tasks for seconds.
@Suite(.serialized)
struct SimulatorTests {
    private let now = SimulatorHarness.now

    @Test func flindersStreetDeparturesAreSortedFutureAndOnPlatforms() async throws {
        try await SimulatorHarness.with { (_, client) async throws in
            let response = try await client.fetch(.departures(routeType: 0, stopID: 1071, maxResults: 20)).value
            let departures = response.departures
            #expect(departures.count > 50)
            let times = departures.compactMap(\.scheduledDepartureUTC)
            #expect(times.count == departures.count)
            #expect(times == times.sorted())
            #expect(times.allSatisfy { $0 >= now.addingTimeInterval(-60) })
            #expect(departures.allSatisfy { $0.platformNumber != nil && $0.stopId == 1071 })
            #expect(Set(departures.map(\.routeId)) == [3, 6, 7, 8, 12, 14, 15])
            let perRouteDirection = Dictionary(grouping: departures) { "\($0.routeId)/\($0.directionId)" }
            #expect(perRouteDirection.values.allSatisfy { $0.count <= 20 })
            let live = departures.filter(\.isRealtime)
            #expect(!live.isEmpty && live.count < departures.count)
            for departure in live {
                let delay = try #require(departure.estimatedDepartureUTC).timeIntervalSince(try #require(departure.scheduledDepartureUTC))
                #expect((0...480).contains(delay))
                #expect(try #require(departure.scheduledDepartureUTC) <= now.addingTimeInterval(90 * 60))
            }
            #expect(response.stops["1071"]?.stopName == "Flinders Street Station")
            #expect(Set(response.runs.keys) == Set(departures.map(\.runRef)))
            #expect(departures.allSatisfy { response.routes[String($0.routeId)] != nil && response.directions[String($0.directionId)] != nil })
            #expect(departures.allSatisfy { $0.disruptionIds.contains(310003) || ![3, 6, 7, 8, 14, 15].contains($0.routeId) })
            #expect(response.disruptions["310003"]?.disruptionStatus == "Current")
        }
    }

    @Test func cancelledTrainsAppearOnlyWhenAsked() async throws {
        try await SimulatorHarness.with { (simulator, client) async throws in
            let withCancelled = try await client.fetch(.departures(routeType: 0, stopID: 1071, maxResults: 40)).value.departures
            let cancelled = withCancelled.filter(\.isCancelled)
            #expect(!cancelled.isEmpty)
            #expect(cancelled.allSatisfy { $0.estimatedDepartureUTC == nil && $0.flags.contains("CAN") })
            let raw = try await SimulatorHarness.rawGet(simulator, "/v3/departures/route_type/0/stop/1071?max_results=40&expand=Run")
            let without = try JSONDecoder().decode(DeparturesResponse.self, from: Data(raw.body))
            #expect(!without.departures.isEmpty)
            #expect(!without.departures.contains { $0.isCancelled })
            let run = try #require(without.runs.values.first)
            #expect(run.status == "scheduled" || run.status == "updated")
        }
    }

    @Test func route86And96TramsAtBourkeStreetMall() async throws {
        try await SimulatorHarness.with { (_, client) async throws in
            let all = try await client.fetch(.departures(routeType: 1, stopID: 2226, maxResults: 2)).value
            #expect(Set(all.departures.map(\.routeId)) == [1881, 1041])
            #expect(Set(all.departures.map(\.directionId)) == [20, 21, 22, 23])
            #expect(all.departures.count == 8)
            #expect(all.departures.allSatisfy { $0.platformNumber == nil && $0.runId > 0 && $0.runRef == String($0.runId) })
            #expect(all.routes["1881"]?.routeNumber == "86")
            let only86 = try await client.fetch(.departures(routeType: 1, stopID: 2226, routeID: 1881, maxResults: 3)).value
            #expect(only86.departures.count == 6)
            #expect(only86.departures.allSatisfy { $0.routeId == 1881 })
        }
    }

    @Test func busRunsHaveAlphanumericRefsAndRunIDMinusOne() async throws {
        try await SimulatorHarness.with { (_, client) async throws in
            let departures = try await client.fetch(.departures(routeType: 2, stopID: 10681, maxResults: 2)).value.departures
            let first = try #require(departures.first)
            #expect(first.runId == -1)
            #expect(first.runRef.hasPrefix("7459-246--1-SA"))
            #expect(departures.allSatisfy { $0.disruptionIds.contains(330001) })
            let run = try #require(try await client.fetch(.run(runRef: first.runRef, routeType: 2)).value.runs.first)
            #expect(run.runRef == first.runRef && run.runId == -1 && run.routeId == 7459)
            let pattern = try await client.fetch(.pattern(runRef: first.runRef, routeType: 2)).value
            let call = try #require(pattern.departures.first { $0.stopId == 10681 })
            #expect(call.scheduledDepartureUTC == first.scheduledDepartureUTC)
        }
    }

    @Test func patternAgreesWithTheDepartureItCameFrom() async throws {
        try await SimulatorHarness.with { (_, client) async throws in
            let departures = try await client.fetch(.departures(routeType: 0, stopID: 1071, maxResults: 1)).value.departures
            let departure = try #require(departures.first { $0.routeId == 12 })
            let pattern = try await client.fetch(.pattern(runRef: departure.runRef, routeType: 0)).value
            #expect(pattern.departures.count == 14)
            #expect(pattern.departures.first?.stopId == 1071 && pattern.departures.last?.stopId == 1174)
            let atFlinders = try #require(pattern.departures.first)
            #expect(atFlinders.scheduledDepartureUTC == departure.scheduledDepartureUTC)
            #expect(atFlinders.estimatedDepartureUTC == departure.estimatedDepartureUTC)
            #expect(atFlinders.platformNumber == departure.platformNumber)
            #expect(pattern.departures.map(\.departureSequence) == Array(stride(from: 100, through: 1400, by: 100)))
            let times = pattern.departures.compactMap(\.scheduledDepartureUTC)
            #expect(times == times.sorted() && times.last! > times.first!)
            #expect(pattern.departures.allSatisfy { $0.runRef == departure.runRef })
            #expect(pattern.stops.count == 14 && pattern.stops["1174"] != nil)
            #expect(pattern.runs[departure.runRef]?.destinationName == pattern.stops["1174"]?.stopName)
            #expect(pattern.disruptions.map(\.disruptionId).contains(310005))
        }
    }

    @Test func runsByRefAndByRoute() async throws {
        try await SimulatorHarness.with { (_, client) async throws in
            let departure = try #require(try await client.fetch(.departures(routeType: 0, stopID: 1071, maxResults: 1)).value.departures.first)
            let single = try await client.fetch(.run(runRef: departure.runRef, routeType: 0)).value.runs
            #expect(single.map(\.runRef) == [departure.runRef])
            #expect(single.first?.runId == Int(departure.runRef))
            let runs = try await client.fetch(.runs(routeID: 6)).value.runs
            #expect(runs.count > 20)
            #expect(runs.allSatisfy { $0.routeId == 6 && [6, 1].contains($0.directionId) })
            #expect(Set(runs.map(\.finalStopId)) == [1071, 1074])
            await SimulatorHarness.expectError(.notFound) { _ = try await client.fetch(.pattern(runRef: "999999999", routeType: 0)) }
            await SimulatorHarness.expectError(.badRequest) { _ = try await client.fetch(.pattern(runRef: "not-a-run", routeType: 0)) }
            await SimulatorHarness.expectError(.notFound) { _ = try await client.fetch(.run(runRef: departure.runRef, routeType: 1)) }
        }
    }

    @Test func stopsNearFlindersStreetAreSortedByDistance() async throws {
        try await SimulatorHarness.with { (_, client) async throws in
            let stops = try await client.fetch(.stopsNearby(latitude: -37.81831, longitude: 144.96696, maxResults: 8, maxDistance: 600))
                .value.stops
            #expect(stops.count == 8)
            #expect(stops.first?.stopId == 1071 && stops.first?.stopDistance == 0)
            let distances = stops.compactMap(\.stopDistance)
            #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 600 })
            #expect(stops.allSatisfy { stop in !stop.routes.isEmpty && stop.routes.allSatisfy { $0.routeType == stop.routeType } })
            let tram = try #require(stops.first { $0.stopId == 2101 })
            #expect(abs(try #require(tram.stopDistance) - 195.13) < 0.5)  // haversine computed separately
            let trams = try await client.fetch(.stopsNearby(latitude: -37.81831, longitude: 144.96696, routeTypes: [1])).value.stops
            #expect(!trams.isEmpty && trams.allSatisfy { $0.routeType == .tram })
            await SimulatorHarness.expectError(.badRequest) {
                _ = try await client.fetch(.stopsNearby(latitude: -137, longitude: 144.9, maxResults: 5))
            }
            await SimulatorHarness.expectError(.badRequest) {
                _ = try await client.fetch(.stopsNearby(latitude: -37.8, longitude: 144.9, maxResults: -1))
            }
        }
    }

    @Test func stopDetailsRoutesAndDirections() async throws {
        try await SimulatorHarness.with { (_, client) async throws in
            let station = try #require(try await client.fetch(.stop(1071, routeType: 0)).value.stop)
            #expect(station.stationType == "Premium Station" && station.routes.count == 7)
            #expect(station.location?.latitude == -37.81831 && station.amenities != nil && station.accessibility != nil)
            let details = try await client.fetch(.stop(1071, routeType: 0)).value
            #expect(station.disruptionIds.contains(310003) && details.disruptions["310003"] != nil)
            let tramStop = try #require(try await client.fetch(.stop(2607, routeType: 1)).value.stop)
            #expect(tramStop.stationType == nil && tramStop.amenities == nil && tramStop.location != nil)
            await SimulatorHarness.expectError(.notFound) { _ = try await client.fetch(.stop(999_999, routeType: 0)) }
            await SimulatorHarness.expectError(.notFound) { _ = try await client.fetch(.departures(routeType: 0, stopID: 999_999)) }
            await SimulatorHarness.expectError(.badRequest) { _ = try await client.fetch(.departures(routeType: 9, stopID: 1071)) }

            let outbound = try await client.fetch(.stopsOnRoute(routeID: 1881, routeType: 1, directionID: 20)).value.stops
            #expect(outbound.first?.stopId == 3026 && outbound.last?.stopId == 2694)
            #expect(outbound.map(\.stopSequence) == Array(1...36))
            let inbound = try await client.fetch(.stopsOnRoute(routeID: 1881, routeType: 1, directionID: 21)).value.stops
            #expect(inbound.map(\.stopId) == outbound.map(\.stopId).reversed())
            #expect(outbound.allSatisfy { $0.stopTicket != nil })

            #expect(try await client.fetch(.routeTypes()).value.routeTypes.map(\.routeTypeName) == ["Train", "Tram", "Bus", "Vline", "Night Bus"])
            #expect(try await client.fetch(.routes()).value.routes.count == 17)
            let trams = try await client.fetch(.routes(routeTypes: [1])).value.routes
            #expect(trams.count == 4 && trams.allSatisfy { $0.routeType == .tram })
            #expect(try await client.fetch(.route(1881)).value.route?.routeNumber == "86")
            let directions = try await client.fetch(.directions(routeID: 1881)).value.directions
            #expect(directions.map(\.directionId) == [20, 21])
            await SimulatorHarness.expectError(.notFound) { _ = try await client.fetch(.route(99_999)) }
        }
    }

    @Test func searchFindsStopsAndRoutes() async throws {
        try await SimulatorHarness.with { (_, client) async throws in
            let flinders = try await client.fetch(.search("Flinders")).value
            #expect(flinders.stops.contains { $0.stopId == 1071 && $0.routeType == .train })
            #expect(flinders.stops.contains { $0.stopId == 2101 && $0.routeType == .tram })
            let numeric = try await client.fetch(.search("86")).value
            #expect(numeric.stops.isEmpty)
            #expect(numeric.routes.first?.routeId == 1881)
            #expect(try await client.fetch(.search("Fl")).value.stops.isEmpty)
            let tramsOnly = try await client.fetch(.search("Flinders", routeTypes: [1])).value
            #expect(!tramsOnly.stops.isEmpty && tramsOnly.stops.allSatisfy { $0.routeType == .tram })
        }
    }

    @Test func disruptionsComeInModeBuckets() async throws {
        try await SimulatorHarness.with { (simulator, client) async throws in
            let all = try await client.fetch(.disruptions()).value.disruptions
            #expect(all.count >= 5 && Set(all.compactMap(\.mode)).count >= 3)
            #expect(all.allSatisfy { $0.colour == "#ffd500" && $0.fromDate != nil })
            let current = try await client.fetch(.disruptions(status: "current")).value.disruptions
            let planned = try await client.fetch(.disruptions(status: "planned")).value.disruptions
            #expect(!current.isEmpty && current.allSatisfy { $0.disruptionStatus == "Current" && $0.fromDate! <= now })
            #expect(!planned.isEmpty && planned.allSatisfy { $0.disruptionStatus == "Planned" && $0.fromDate! > now })
            #expect(current.count + planned.count == all.count)
            #expect(Set(try await client.fetch(.disruptions(routeID: 1881)).value.disruptions.map(\.disruptionId)) == [320001])
            #expect(try await client.fetch(.disruptions(stopID: 10681)).value.disruptions.contains { $0.disruptionId == 330001 })
            let one = try #require(try await client.fetch(.disruption(310001)).value.disruption)
            #expect(one.routes.map(\.routeId) == [6] && one.toDate != nil && one.publishedOn! < one.fromDate!)
            await SimulatorHarness.expectError(.notFound) { _ = try await client.fetch(.disruption(42)) }
            let modes = try await client.fetch(.disruptionModes()).value.disruptionModes
            #expect(modes.contains { $0.disruptionModeName == "metro_train" && $0.disruptionMode == 1 })
            let raw = String(decoding: try await SimulatorHarness.rawGet(simulator, "/v3/disruptions").body, as: UTF8.self)
            #expect(raw.contains("\"telebus\":null") && raw.contains("\"ferry\":[]"))
        }
    }

    @Test func sameSeedAndClockGiveIdenticalBodies() async throws {
        let path = "/v3/departures/route_type/0/stop/1071?max_results=5&expand=All"
        let first = try await SimulatorHarness.with(seed: 7) { simulator, _ in try await SimulatorHarness.rawGet(simulator, path).body }
        let second = try await SimulatorHarness.with(seed: 7) { simulator, _ in try await SimulatorHarness.rawGet(simulator, path).body }
        let other = try await SimulatorHarness.with(seed: 8) { simulator, _ in try await SimulatorHarness.rawGet(simulator, path).body }
        #expect(first.count > 1000)
        #expect(first == second)
        #expect(first != other)
    }
}

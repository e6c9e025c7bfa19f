import Foundation
import HTTPServer
import Logging
import PTV
import PTVSimulator
import Testing
import TestSupport

/// A simulator on a clock the test moves, answered in-process (signed requests, no socket, no client cache).
struct LiveHarness {
    /// The browser gate's seed.
    static let seed: UInt64 = 7
    let clock = TestClock(SimulatorHarness.now)
    let simulator: PTVSimulator

    init(seed: UInt64 = Self.seed) throws {
        let clock = clock
        simulator = try PTVSimulator(devID: SimulatorHarness.devID, key: SimulatorHarness.key, seed: seed,
                                     now: { clock.now }, logger: Logger(label: "sim"))
    }

    /// The showcase at the current simulator time.
    var showcase: SimulatorShowcase { simulator.showcase(at: clock.now) }

    /// GETs a path (signed) and decodes the body.
    func get<T: Decodable>(_ pathAndQuery: String, as type: T.Type = T.self) async throws -> T {
        let signed = PTVSigner(devID: SimulatorHarness.devID, key: SimulatorHarness.key).sign(pathAndQuery)
        let response = await simulator.respond(to: Request(method: "GET", target: signed))
        try #require(response.status == 200, "\(pathAndQuery) answered \(response.status)")
        return try JSONDecoder().decode(T.self, from: Data(response.body))
    }

    /// The raw JSON object of a body, for shape checks.
    func json(_ pathAndQuery: String) async throws -> [String: Any] {
        let signed = PTVSigner(devID: SimulatorHarness.devID, key: SimulatorHarness.key).sign(pathAndQuery)
        let response = await simulator.respond(to: Request(method: "GET", target: signed))
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// A run's pattern with everything expanded.
    func pattern(_ example: SimulatorShowcase.Example, runRef: String? = nil, extra: String = "") async throws -> PatternResponse {
        try await get("/v3/pattern/run/\(runRef ?? example.runRef)/route_type/\(example.routeType.rawValue)?expand=All\(extra)")
    }

    /// Departures from a stop with runs and vehicles expanded.
    func departures(routeType: RouteType, stopID: Int, includeCancelled: Bool = true, maxResults: Int = 5) async throws -> DeparturesResponse {
        try await get("/v3/departures/route_type/\(routeType.rawValue)/stop/\(stopID)?max_results=\(maxResults)"
            + "&include_cancelled=\(includeCancelled)&expand=Run&expand=VehiclePosition&expand=VehicleDescriptor")
    }
}

/// Metres between two points.
func metres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let dLat = (lat2 - lat1) * .pi / 180, dLon = (lon2 - lon1) * .pi / 180
    let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * .pi / 180) * cos(lat2 * .pi / 180) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6_371_000 * atan2(a.squareRoot(), (1 - a).squareRoot())
}

/// Vehicles that move with the simulator clock: positions, `at_platform`, expiry and the previous-trip bus.
struct SimulatorLiveTests {
    @Test func showcaseAtTheGateClockHasEveryBehaviour() throws {
        let showcase = try LiveHarness().showcase
        #expect(showcase.movingTrain != nil)
        #expect(showcase.trainAtPlatform != nil)
        #expect(showcase.staleRun != nil)
        #expect(showcase.previousTripBus != nil)
        #expect(showcase.terminatedEarly != nil)
        #expect(showcase.throughRun != nil)
        #expect(showcase.expressTrain != nil)
        #expect(showcase.tram != nil)
    }

    @Test func trainPositionMovesAlongTheLineAsTheClockAdvances() async throws {
        let harness = try LiveHarness()
        let example = try #require(harness.showcase.movingTrain)
        var seen: [(Double, Double)] = []
        for _ in 0 ..< 4 {
            let pattern = try await harness.pattern(example)
            let run = try #require(pattern.runs[example.runRef])
            let position = try #require(run.vehiclePosition)
            let reported = try #require(position.datetime), expiry = try #require(position.expiryTime)
            #expect(reported <= harness.clock.now)
            #expect(expiry > harness.clock.now)
            #expect((60 ... 120).contains(expiry.timeIntervalSince(reported)))
            #expect(position.supplier == "CIS - Metro Trains Melbourne")
            #expect(position.easting != nil && position.northing != nil)
            #expect(run.vehicleDescriptor?.operator == "Metro Trains Melbourne")
            let point = (try #require(position.latitude), try #require(position.longitude))
            // Somewhere on the line: within 2 km of one of the run's stops.
            let near = pattern.departures.compactMap { pattern.stops[String($0.stopId)] }.compactMap { stop -> Double? in
                guard let lat = stop.stopLatitude, let lon = stop.stopLongitude else { return nil }
                return metres(point.0, point.1, lat, lon)
            }.min() ?? .infinity
            #expect(near < 2_000)
            seen.append(point)
            harness.clock.advance(30)
        }
        #expect(Set(seen.map { "\($0.0),\($0.1)" }).count >= 3, "the train moved: \(seen)")
    }

    @Test func atPlatformMovesFromStopToStop() async throws {
        let harness = try LiveHarness()
        let example = try #require(harness.showcase.trainAtPlatform)
        func standing() async throws -> [Int] {
            let pattern = try await harness.pattern(example)
            return pattern.departures.filter(\.atPlatform).map(\.stopId)
        }
        #expect(try await standing() == [example.stopID])
        // The stop's own departures board says so on that run's row, and only there.
        let board = try await harness.departures(routeType: .train, stopID: example.stopID)
        #expect(board.departures.filter(\.atPlatform).map(\.runRef) == [example.runRef])
        let order = try await harness.pattern(example).departures.map(\.stopId)
        let index = try #require(order.firstIndex(of: example.stopID))
        var visited: [[Int]] = []
        for _ in 0 ..< 60 {  // ten minutes in 10-second steps
            harness.clock.advance(10)
            let now = try await standing()
            if visited.last != now { visited.append(now) }
        }
        // Between stops nobody is at a platform; then the next stops in order, one at a time.
        #expect(visited.contains([]))
        let stops = visited.filter { !$0.isEmpty }
        #expect(stops.allSatisfy { $0.count == 1 })
        #expect(stops.count >= 2)
        #expect(Array(stops.prefix(2).map(\.[0])) == [order[index + 1], order[index + 2]])
    }

    @Test func lostFeedLeavesAnExpiredFrozenPositionAndNoEstimates() async throws {
        let harness = try LiveHarness()
        let example = try #require(harness.showcase.staleRun)
        let first = try #require(try await harness.pattern(example).runs[example.runRef]?.vehiclePosition)
        #expect(try #require(first.expiryTime) < harness.clock.now)
        harness.clock.advance(120)
        let pattern = try await harness.pattern(example)
        let later = try #require(pattern.runs[example.runRef]?.vehiclePosition)
        #expect(later == first)
        #expect(pattern.departures.allSatisfy { $0.estimatedDepartureUTC == nil && !$0.atPlatform })
    }

    @Test func busReportsItsPreviousTripUntilItsOwnRunBegins() async throws {
        let harness = try LiveHarness()
        let example = try #require(harness.showcase.previousTripBus)
        let pattern = try await harness.pattern(example)
        let firstDeparture = try #require(pattern.departures.first?.scheduledDepartureUTC)
        let firstStop = try #require(pattern.stops[String(example.stopID)])
        let stopLat = try #require(firstStop.stopLatitude), stopLon = try #require(firstStop.stopLongitude)
        let early = try #require(pattern.runs[example.runRef]?.vehiclePosition)
        #expect(early.supplier == "Smartrak")
        #expect(early.easting == nil && early.direction.isEmpty)
        #expect(try #require(early.expiryTime) > harness.clock.now)
        #expect(try #require(early.datetime) < firstDeparture.addingTimeInterval(-20 * 60))
        let away = metres(try #require(early.latitude), try #require(early.longitude), stopLat, stopLon)
        #expect(away > 1_500, "the previous trip is elsewhere on the route: \(away) m")
        // Two minutes before its departure the bus stands at its own first stop.
        harness.clock.advance(firstDeparture.timeIntervalSince(harness.clock.now) - 120)
        let ready = try #require(try await harness.pattern(example).runs[example.runRef]?.vehiclePosition)
        #expect(metres(try #require(ready.latitude), try #require(ready.longitude), stopLat, stopLon) < 30)
    }

    @Test func tramsHaveEstimatesButNeverAPosition() async throws {
        let harness = try LiveHarness()
        let example = try #require(harness.showcase.tram)
        let pattern = try await harness.pattern(example)
        #expect(pattern.departures.contains { $0.estimatedDepartureUTC != nil })
        #expect(pattern.runs[example.runRef]?.vehiclePosition == nil)
        #expect(pattern.departures.allSatisfy { !$0.atPlatform })
        let raw = try await harness.json("/v3/pattern/run/\(example.runRef)/route_type/1?expand=All")
        let run = try #require((raw["runs"] as? [String: Any])?[example.runRef] as? [String: Any])
        #expect(run["vehicle_position"] is NSNull)
    }

    @Test func vehiclePositionHasEachSuppliersRealShape() async throws {
        let harness = try LiveHarness()
        let train = try #require(harness.showcase.movingTrain), bus = try #require(harness.showcase.previousTripBus)
        let trainRun = try await harness.json("/v3/pattern/run/\(train.runRef)/route_type/0?expand=All")
        let trainPosition = try #require(((trainRun["runs"] as? [String: Any])?[train.runRef] as? [String: Any])?["vehicle_position"] as? [String: Any])
        #expect(Set(trainPosition.keys) == ["latitude", "longitude", "easting", "northing", "direction", "bearing", "supplier",
                                            "datetime_utc", "expiry_time"])
        let local = try #require(trainPosition["datetime_utc"] as? String)
        #expect(local.count == 19 && !local.hasSuffix("Z"), "metro times are Melbourne local without a zone: \(local)")
        #expect(PTVTimestamp.parse(local)! <= harness.clock.now)
        let busRun = try await harness.json("/v3/pattern/run/\(bus.runRef)/route_type/2?expand=All")
        let busPosition = try #require(((busRun["runs"] as? [String: Any])?[bus.runRef] as? [String: Any])?["vehicle_position"] as? [String: Any])
        #expect(busPosition["easting"] is NSNull && busPosition["direction"] is NSNull)
        let expiry = try #require(busPosition["expiry_time"] as? String)
        #expect(expiry.hasSuffix("Z") && expiry.split(separator: ".").last?.count == 8, "seven fraction digits: \(expiry)")
        // Without VehiclePosition in `expand` there is no position.
        let plain = try await harness.json("/v3/pattern/run/\(train.runRef)/route_type/0?expand=Run")
        #expect(((plain["runs"] as? [String: Any])?[train.runRef] as? [String: Any])?["vehicle_position"] is NSNull)
    }
}

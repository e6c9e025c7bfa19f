import Foundation
import PTV
import PTVSimulator
import Testing
import TestSupport

/// Runs that terminate early, through-run or run express, as PTV shows them.
struct SimulatorRunShapeTests {
    /// At 8:30 am and at 6:30 pm (a trip starting late in the day must still give a resolvable remainder).
    @Test(arguments: [0.0, 36_000.0])
    func earlyTerminationContinuesAsACancelledRemainder(after seconds: Double) async throws {
        let harness = try LiveHarness()
        harness.clock.advance(seconds)
        let example = try #require(harness.showcase.terminatedEarly)
        let remainderRef = try #require(example.otherRunRef)
        let pattern = try await harness.pattern(example)
        let running = try #require(pattern.runs[example.runRef]), remainder = try #require(pattern.runs[remainderRef])
        #expect(!running.isCancelled)
        #expect(running.finalStopId == example.stopID)
        #expect(remainder.status == "cancelled")
        #expect(remainder.routeId == running.routeId)
        let refs = pattern.departures.map(\.runRef)
        let cut = try #require(refs.firstIndex(of: remainderRef))
        #expect(refs[..<cut].allSatisfy { $0 == example.runRef })
        #expect(refs[cut...].allSatisfy { $0 == remainderRef })
        // The stop where it terminates is the running part's last arrival and the remainder's first departure.
        #expect(pattern.departures[cut - 1].stopId == example.stopID && pattern.departures[cut].stopId == example.stopID)
        #expect(pattern.departures[cut...].allSatisfy { $0.estimatedDepartureUTC == nil && !$0.atPlatform })

        // At a later stop, the departure is the cancelled remainder, shown only with include_cancelled.
        let later = try #require(pattern.departures.last { $0.runRef == remainderRef && $0.departureSequence != pattern.departures.last?.departureSequence })
        let withCancelled = try await harness.departures(routeType: .train, stopID: later.stopId, maxResults: 0)
        let row = try #require(withCancelled.departures.first { $0.runRef == remainderRef })
        #expect(withCancelled.runs[row.runRef]?.isCancelled == true)
        let without = try await harness.departures(routeType: .train, stopID: later.stopId, includeCancelled: false, maxResults: 0)
        #expect(!without.departures.contains { $0.runRef == remainderRef })
        // The remainder's own pattern resolves on its own.
        let alone = try await harness.pattern(example, runRef: remainderRef)
        #expect(Set(alone.departures.map(\.runRef)) == [remainderRef])
    }

    @Test func throughRunHoldsTwoRunRefsOnTwoRoutes() async throws {
        let harness = try LiveHarness()
        let example = try #require(harness.showcase.throughRun)
        let continuation = try #require(example.otherRunRef)
        let pattern = try await harness.pattern(example)
        let first = try #require(pattern.runs[example.runRef]), second = try #require(pattern.runs[continuation])
        #expect(first.routeId != second.routeId)
        #expect(pattern.routes.count == 2 && pattern.directions.count == 2)
        #expect(first.interchange?.distributor?.runRef == continuation)
        #expect(first.interchange?.distributor?.advertised == true)
        #expect(second.interchange?.feeder?.runRef == example.runRef)
        // The junction appears twice: the first run's arrival (flag E), then the second's departure.
        let cut = try #require(pattern.departures.firstIndex { $0.runRef == continuation })
        #expect(pattern.departures[cut - 1].stopId == example.stopID && pattern.departures[cut].stopId == example.stopID)
        #expect(pattern.departures[cut - 1].flags == "E")
        #expect(pattern.departures[0].departureNote == "via Flinders Street")
        #expect(pattern.departures[cut...].allSatisfy { $0.departureNote == "" })
        #expect(first.vehiclePosition == second.vehiclePosition)
        // Departures from the first stop carry the note; the continuation's pattern stands alone.
        let ahead = try #require(pattern.departures[..<(cut - 1)].first { ($0.scheduledDepartureUTC ?? .distantPast) > harness.clock.now.addingTimeInterval(120) })
        let board = try await harness.departures(routeType: .train, stopID: ahead.stopId, maxResults: 0)
        #expect(board.departures.first { $0.runRef == example.runRef }?.departureNote == "via Flinders Street")
        let alone = try await harness.pattern(example, runRef: continuation)
        #expect(Set(alone.departures.map(\.runRef)) == [continuation])
    }

    @Test func expressRunPassesStopsItCounts() async throws {
        let harness = try LiveHarness()
        let example = try #require(harness.showcase.expressTrain)
        let pattern = try await harness.pattern(example, extra: "&include_skipped_stops=true")
        let run = try #require(pattern.runs[example.runRef])
        let skipped = pattern.departures.flatMap(\.skippedStops).map(\.stopId)
        #expect(run.expressStopCount > 0)
        #expect(skipped.count == run.expressStopCount)
        #expect(skipped.contains(example.stopID))
        #expect(!pattern.departures.contains { $0.stopId == example.stopID })
        let board = try await harness.get("/v3/departures/route_type/0/stop/\(example.stopID)", as: DeparturesResponse.self)
        #expect(!board.departures.contains { $0.runRef == example.runRef })
    }

    /// Real express runs pass suburban stations: never the City Loop's, nor a premium station such as Southern
    /// Cross ("not stopping at Southern Cross" on the demo board was the simulator's, not PTV's).
    @Test func expressRunsPassOnlySuburbanStations() async throws {
        let harness = try LiveHarness()
        let board = try await harness.departures(routeType: .train, stopID: 1071, maxResults: 0)
        let express = Set(board.departures.map(\.runRef)).filter { (board.runs[$0]?.expressStopCount ?? 0) > 0 }
        #expect(express.count >= 3)
        var passed: Set<Int> = []
        for runRef in express {
            let pattern = try await harness.get("/v3/pattern/run/\(runRef)/route_type/0?include_skipped_stops=true",
                                                as: PatternResponse.self)
            passed.formUnion(pattern.departures.flatMap(\.skippedStops).map(\.stopId))
        }
        #expect(!passed.isEmpty)
        for stopID in passed {
            let details = try await harness.json("/v3/stops/\(stopID)/route_type/0")
            let stop = try #require(details["stop"] as? [String: Any])
            let type = stop["station_type"] as? String ?? ""
            #expect(!type.hasPrefix("Premium"), "an express run passes \(stop["stop_name"] ?? stopID), a \(type)")
        }
    }

    @Test func runStatusesAreThoseOfTheRealAPI() async throws {
        let harness = try LiveHarness()
        let board = try await harness.departures(routeType: .train, stopID: 1071)
        #expect(!board.runs.isEmpty)
        #expect(board.runs.values.allSatisfy { ["scheduled", "updated", "cancelled"].contains($0.status) })
    }
}

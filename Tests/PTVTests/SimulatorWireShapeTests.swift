import Foundation
import PTV
import PTVSimulator
import Testing

/// The simulator writes PTV's JSON shape: which keys are null, which are left out, and PTV's own spellings.
/// (The app's models only decode; these are the shapes they must keep reading.)
struct SimulatorWireShapeTests {
    @Test func departuresWriteNullsAndLeaveOutPatternOnlyKeys() async throws {
        let harness = try LiveHarness()
        let body = try await harness.json("/v3/departures/route_type/2/stop/10636?expand=All&max_results=3")
        let rows = try #require(body["departures"] as? [[String: Any]])
        #expect(!rows.isEmpty)
        for row in rows {
            #expect(row.keys.contains("estimated_departure_utc") && row.keys.contains("platform_number"))
            #expect(row["platform_number"] is NSNull)             // buses have no platforms
            #expect(row["skipped_stops"] == nil)                   // pattern rows only
            #expect((row["scheduled_departure_utc"] as? String)?.hasSuffix("Z") == true)
        }
        let stop = try #require((body["stops"] as? [String: [String: Any]])?["10636"])
        #expect(stop["routes"] == nil && stop["stop_ticket"] == nil)
        #expect(stop["stop_distance"] as? Double == 0)
        let routes = try #require(body["routes"] as? [String: [String: Any]])
        #expect(routes.values.allSatisfy { ($0["geopath"] as? [Any])?.isEmpty == true && $0["route_service_status"] == nil })
        let runs = try #require(body["runs"] as? [String: [String: Any]])
        #expect(!runs.isEmpty)
        #expect(runs.values.allSatisfy { $0["run_note"] as? String == "" })
        // A bus's vehicle: low floor, or null where it is not known (never false on buses); every key present.
        for run in runs.values {
            let vehicle = try #require(run["vehicle_descriptor"] as? [String: Any])
            #expect(Set(vehicle.keys) == ["operator", "id", "low_floor", "air_conditioned", "description", "supplier", "length"])
            #expect(vehicle["low_floor"] as? Bool == true || vehicle["low_floor"] is NSNull)
        }
        #expect(body["disruptions"] is [String: Any])
    }

    @Test func patternRowsAlwaysCarrySkippedStopsAndANote() async throws {
        let harness = try LiveHarness()
        let example = try #require(harness.showcase.throughRun)
        let body = try await harness.json("/v3/pattern/run/\(example.runRef)/route_type/0?expand=All")
        let rows = try #require(body["departures"] as? [[String: Any]])
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0["skipped_stops"] is [Any] && $0["departure_note"] is String })
        #expect(body["disruptions"] is [Any])
    }

    @Test func routesCarryTheirServiceStatusOnlyInRoutesResponses() async throws {
        let harness = try LiveHarness()
        let routes = try #require(try await harness.json("/v3/routes")["routes"] as? [[String: Any]])
        #expect(!routes.isEmpty)
        #expect(routes.allSatisfy { ($0["route_service_status"] as? [String: Any])?["description"] is String })
        let directions = try #require(try await harness.json("/v3/directions/route/6")["directions"] as? [[String: Any]])
        #expect(directions.allSatisfy { $0["route_direction_description"] is String })
    }

    @Test func stopDetailsWriteNullForWhatWasNotAskedAndPTVsSpellings() async throws {
        let harness = try LiveHarness()
        let tram = try #require(try await harness.json("/v3/stops/2101/route_type/1")["stop"] as? [String: Any])
        #expect(tram["stop_location"] is NSNull && tram["stop_amenities"] is NSNull && tram["stop_accessibility"] is NSNull)
        #expect(tram["station_type"] is NSNull)
        let station = try #require(try await harness.json(
            "/v3/stops/1071/route_type/0?stop_location=true&stop_accessibility=true")["stop"] as? [String: Any])
        let location = try #require(station["stop_location"] as? [String: Any])
        #expect(location["postcode"] is NSNull)
        #expect((location["gps"] as? [String: Any])?["latitude"] is Double)
        let wheelchair = try #require((station["stop_accessibility"] as? [String: Any])?["wheelchair"] as? [String: Any])
        #expect(wheelchair["manouvering"] is Bool && wheelchair["manoeuvring"] == nil)
    }

    @Test func runsSearchAndDisruptionsKeepPTVsForms() async throws {
        let harness = try LiveHarness()
        let ref = try #require(harness.showcase.trainAtPlatform?.runRef)
        #expect(try await harness.json("/v3/runs/\(ref)")["runs"] is [Any])
        #expect(try await harness.json("/v3/runs/\(ref)/route_type/0")["run"] is [String: Any])
        #expect((try await harness.json("/v3/search/flinders")["outlets"] as? [Any])?.isEmpty == true)
        let disruption = try #require(try await harness.json("/v3/disruptions/310001")["disruption"] as? [String: Any])
        #expect((disruption["routes"] as? [[String: Any]])?.allSatisfy { $0["direction"] is NSNull && $0["geopath"] == nil } == true)
        #expect((disruption["stops"] as? [[String: Any]])?.allSatisfy { Set($0.keys) == ["stop_id", "stop_name"] } == true)
        #expect(disruption["mode"] == nil)
        // Every disruption, planned ones too, was published before its last update (ISO 8601 times in UTC sort as text).
        // (PTV's own list holds `"telebus": null` among the arrays.)
        let listed = try #require(try await harness.json("/v3/disruptions")["disruptions"] as? [String: Any])
        let times = listed.values.compactMap { $0 as? [[String: Any]] }.joined().map { ($0["published_on"] as? String ?? "", $0["last_updated"] as? String ?? "") }
        #expect(times.count > 8 && times.allSatisfy { !$0.0.isEmpty && $0.0 < $0.1 }, "\(times)")
        let status = try #require(try await harness.json("/v3/route_types")["status"] as? [String: Any])
        #expect(status["version"] as? String == "3.0" && status["health"] as? Int == 1)
    }
}

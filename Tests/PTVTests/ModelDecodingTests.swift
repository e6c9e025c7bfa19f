import Foundation
import Testing
@testable import PTV

/// Loads the hand-written fixtures next to this file (resolving symlinks, so scratch packages work too).
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try JSONDecoder().decode(T.self, from: data(name))
    }
}

func decodeJSON<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

func epoch(_ date: Date?) -> Double? {
    date?.timeIntervalSince1970
}

struct ModelDecodingTests {

    // MARK: - Departures

    @Test func departuresTrimTrailingSpaces() throws {
        let response = try Fixture.decode(DeparturesResponse.self, "departures-train.json")
        let flinders = try #require(response.stops["1071"])
        #expect(flinders.stopName == "Flinders Street")
        #expect(flinders.stopSuburb == "Melbourne City")
        #expect(response.routes["4"]?.routeName == "Cranbourne")
        #expect(response.runs["952622"]?.destinationName == "Flinders Street")
        #expect(response.runs["952217"]?.destinationName == "Cranbourne")
        #expect(response.departures[2].departureNote == "Replacement buses")
    }

    @Test func anEstimateFurtherThanTwelveHoursFromTheTimetableIsNoEstimate() throws {
        func departure(_ estimate: String) throws -> Departure {
            try decodeJSON(Departure.self, """
                {"stop_id": 1071, "scheduled_departure_utc": "2026-11-20T21:40:00Z", "estimated_departure_utc": "\(estimate)"}
                """)
        }
        // Another century, a day out, half a day early: none is a live estimate.
        for far in ["2099-01-01T00:00:00Z", "2026-11-21T21:40:00Z", "2026-11-20T09:39:00Z"] {
            let made = try departure(far)
            #expect(made.reportedEstimateUTC != nil, "\(far) is read")
            #expect(made.estimatedDepartureUTC == nil && !made.isRealtime, "\(far)")
            #expect(made.bestTime == made.scheduledDepartureUTC, "\(far)")
        }
        // Late by 11 hours 59 minutes, or 3 hours early: kept as PTV sent it.
        for near in ["2026-11-21T09:39:00Z", "2026-11-20T18:40:00Z"] {
            let made = try departure(near)
            #expect(made.estimatedDepartureUTC == made.reportedEstimateUTC && made.isRealtime, "\(near)")
        }
        // With no timetabled time there is nothing to measure against: the estimate stands.
        let alone = try decodeJSON(Departure.self, #"{"stop_id": 1071, "estimated_departure_utc": "2026-11-20T21:40:00Z"}"#)
        #expect(alone.estimatedDepartureUTC != nil)
    }

    @Test func aPlaceholderDateIsNoDate() throws {
        let departure = try decodeJSON(Departure.self, """
            {"stop_id": 1071, "scheduled_departure_utc": "0001-01-01T00:00:00", "estimated_departure_utc": "1970-01-01T00:00:00Z"}
            """)
        #expect(departure.scheduledDepartureUTC == nil && departure.reportedEstimateUTC == nil && departure.bestTime == nil)
        let disruption = try decodeJSON(Disruption.self, """
            {"disruption_id": 1, "title": "Works", "from_date": "1999-12-31T23:59:59Z", "to_date": "9999-12-31T23:59:59Z",
             "last_updated": "2026-11-20T07:30:00Z"}
            """)
        #expect(disruption.fromDate == nil && disruption.toDate == nil)
        #expect(epoch(disruption.lastUpdated) == 1_795_159_800)
        // The first and last instants that are dates.
        #expect(!PTVTimestamp.isPlaceholder(try #require(PTVTimestamp.parse("2000-01-01T00:00:00Z"))))
        #expect(!PTVTimestamp.isPlaceholder(try #require(PTVTimestamp.parse("8999-12-31T23:59:59Z"))))
        #expect(PTVTimestamp.isPlaceholder(try #require(PTVTimestamp.parse("9000-01-01T00:00:00Z"))))
    }

    @Test func textsLoseTheCharactersAPageMayNotCarry() throws {
        let stop = try decodeJSON(Stop.self, #"{"stop_id": 1, "stop_name": "\u0000Flinders\u0007Street\u0085Station\uffff ", "stop_suburb": "Melbourne\tCity\r\n"}"#)
        #expect(stop.stopName == "Flinders Street Station")
        #expect(stop.stopSuburb == "Melbourne\tCity")
        // Everything else is left as PTV wrote it, accents and all.
        let plain = try decodeJSON(Stop.self, #"{"stop_id": 1, "stop_name": "Café Rd/Ōtaki St — “City” 🚆"}"#)
        #expect(plain.stopName == "Café Rd/Ōtaki St — “City” 🚆")
        #expect(PTVText.isForbidden("\u{9F}") && !PTVText.isForbidden("\u{A0}") && !PTVText.isForbidden("\n"))
    }

    @Test func departuresRealtimeAndNullFields() throws {
        let response = try Fixture.decode(DeparturesResponse.self, "departures-train.json")
        #expect(response.departures.count == 3)

        let live = response.departures[0]
        #expect(epoch(live.scheduledDepartureUTC) == 1_714_008_420)
        #expect(epoch(live.estimatedDepartureUTC) == 1_714_008_480)
        #expect(live.isRealtime)
        #expect(live.bestTime == live.estimatedDepartureUTC)
        #expect(live.atPlatform)
        #expect(live.platformNumber == "2")

        let scheduled = response.departures[1]
        #expect(scheduled.estimatedDepartureUTC == nil)
        #expect(!scheduled.isRealtime)
        #expect(scheduled.bestTime == scheduled.scheduledDepartureUTC)
        #expect(scheduled.platformNumber == nil)
        #expect(scheduled.departureNote == nil)

        let run = try #require(response.runs["952622"])
        #expect(run.vehiclePosition == nil)
        #expect(run.vehicleDescriptor == nil)
        #expect(run.expressStopCount == 3)
        #expect(response.status == Status(version: "3.0", health: 1))
    }

    @Test func departureCoercionsAndCancellation() throws {
        let response = try Fixture.decode(DeparturesResponse.self, "departures-train.json")
        let replaced = response.departures[2]
        #expect(replaced.platformNumber == "3")        // number → string
        #expect(replaced.runRef == "17390")            // missing run_ref → String(run_id)
        #expect(replaced.disruptionIds == [307065])    // "307065" → Int
        #expect(replaced.flags == "RR_CAN")
        #expect(replaced.isCancelled)
        #expect(!response.departures[1].isCancelled)   // "S_WCA"
        #expect(try !decodeJSON(Departure.self, #"{"flags": "SCANNED_X"}"#).isCancelled)
        #expect(try decodeJSON(Departure.self, #"{"flags": "CAN"}"#).isCancelled)
    }

    @Test func malformedMapElementIsSkipped() throws {
        let response = try Fixture.decode(DeparturesResponse.self, "departures-train.json")
        #expect(Set(response.routes.keys) == ["4", "11"])     // "999": "this is not a route" dropped
        #expect(Set(response.stops.keys) == ["1071", "1099"])
        let huntingdale = try #require(response.stops["1099"])
        #expect(huntingdale.stopLatitude == nil)
        #expect(huntingdale.stopLongitude == nil)
        #expect(huntingdale.stopLandmark == "")
        #expect(huntingdale.stopSequence == 0)
        #expect(Set(response.directions.keys) == ["4", "10"])
        #expect(response.disruptions["307065"]?.toDate == nil)
        #expect(response.disruptions["307065"]?.routes.first?.direction == nil)
    }

    @Test func metroVehiclePositionUsesMelbourneLocalTime() throws {
        let response = try Fixture.decode(DeparturesResponse.self, "departures-train.json")
        let run = try #require(response.runs["952217"])
        let position = try #require(run.vehiclePosition)
        // "2024-04-25T11:21:22" is AEST (+10:00) → 01:21:22Z.
        #expect(epoch(position.datetime) == 1_714_008_082)
        #expect(epoch(position.expiryTime) == 1_714_008_117)
        #expect(position.direction == "Outbound")
        #expect(position.bearing == 117.40721756680259)
        let descriptor = try #require(run.vehicleDescriptor)
        #expect(descriptor.operator == "Metro Trains Melbourne")
        #expect(descriptor.lowFloor == nil)
        #expect(descriptor.airConditioned == true)
        #expect(descriptor.length == "160")
        #expect(run.status == "updated")
    }

    @Test func departuresKeepTheirMapsAndNulls() throws {
        let response = try Fixture.decode(DeparturesResponse.self, "departures-train.json")
        #expect(Set(response.stops.keys) == ["1071", "1099"])
        #expect(Set(response.runs.keys) == ["952217", "952622"])
        #expect(Set(response.disruptions.keys) == ["307065"])
        let first = try #require(response.departures.first)
        #expect(first.skippedStops.isEmpty)     // departures responses carry no skipped_stops
        #expect(first.runRef == "952217")
        #expect(epoch(first.scheduledDepartureUTC) == 1_714_008_420)
        #expect(response.departures.contains { $0.estimatedDepartureUTC == nil })
        #expect(response.departures.contains { $0.platformNumber == nil })
        #expect(response.runs.values.contains { $0.vehiclePosition == nil })
    }

    // MARK: - Pattern

    @Test func patternIsSortedByDepartureSequence() throws {
        let response = try Fixture.decode(PatternResponse.self, "pattern-bus.json")
        #expect(response.departures.map(\.departureSequence) == [1300, 1400, 1500, 1600, 1700])
        #expect(response.departures.map(\.stopId) == [23645, 24774, 24773, 24772, 24049])
        let unsorted = try decodeJSON([Departure].self, #"[{"departure_sequence": 2}, {"departure_sequence": 1}]"#)
        let built = PatternResponse(PatternBody(departures: unsorted))
        #expect(built.departures.map(\.departureSequence) == [1, 2])
    }

    @Test func busRunIsKeyedByRunRef() throws {
        let response = try Fixture.decode(PatternResponse.self, "pattern-bus.json")
        let runRef = "44-684--1-MF5-95614710"
        #expect(Array(response.runs.keys) == [runRef])
        let run = try #require(response.runs[runRef])
        #expect(run.runId == -1)
        #expect(run.runRef == runRef)
        #expect(run.routeType == .bus)
        #expect(run.destinationName == "Ringwood Station/Maroondah Hwy")
        #expect(response.departures.allSatisfy { $0.runId == -1 && $0.runRef == runRef })

        let withSkips = response.departures[1]
        #expect(withSkips.skippedStops.map(\.stopName) == ["Badger Creek Rd/Maroondah Hwy"])
        let nullSkips = response.departures[3]
        #expect(nullSkips.skippedStops.isEmpty)        // "skipped_stops": null
        #expect(nullSkips.disruptionIds.isEmpty)       // "disruption_ids": null

        #expect(response.stops["23645"]?.stopTicket?.zone == "Zone 2")
        #expect(response.stops["23645"]?.stopTicket?.ticketZones == [2])
        #expect(response.stops["4406"]?.stopTicket == nil)
    }

    @Test func busVehiclePositionWithSevenFractionDigitsAndNulls() throws {
        let response = try Fixture.decode(PatternResponse.self, "pattern-bus.json")
        let run = try #require(response.runs["44-684--1-MF5-95614710"])
        let position = try #require(run.vehiclePosition)
        #expect(epoch(position.datetime) == 1_719_532_941)
        let expiry = try #require(epoch(position.expiryTime))
        #expect(abs(expiry - 1_719_533_068.4985343) < 1e-6)
        #expect(position.direction == "")
        #expect(position.bearing == 253)
        #expect(position.supplier == "Smartrak")
        let descriptor = try #require(run.vehicleDescriptor)
        #expect(descriptor.operator == "")
        #expect(descriptor.id == "")
        #expect(descriptor.lowFloor == nil)
    }

    @Test func patternDisruptionsAreAListOrAMap() throws {
        let response = try Fixture.decode(PatternResponse.self, "pattern-bus.json")
        let disruption = try #require(response.disruptions.first)
        #expect(response.disruptions.count == 1)
        #expect(disruption.disruptionId == 313077)
        #expect(disruption.title == "Route 684: Detour at Healesville")
        #expect(disruption.routes.first?.direction?.serviceTime == "10:15:00")
        #expect(disruption.routes.first?.direction?.directionName == "Ringwood")
        #expect(disruption.stops.map(\.stopId) == [24049])
        #expect(disruption.stops.map(\.stopName) == ["Healesville Town Centre"])
        #expect(epoch(disruption.toDate) == 1_720_187_940)

        let mapForm = try decodeJSON(PatternResponse.self, """
            {"disruptions": {"10": {"disruption_id": 10}, "9": {"disruption_id": 9}, "x": null}}
            """)
        #expect(mapForm.disruptions.map(\.disruptionId) == [9, 10])
    }

    @Test func patternReadsItsDisruptionListAndBusRuns() throws {
        let response = try Fixture.decode(PatternResponse.self, "pattern-bus.json")
        #expect(response.departures.count == 5)
        #expect(response.runs["44-684--1-MF5-95614710"] != nil)
    }

    // MARK: - Disruptions

    @Test func disruptionBucketsAreFlattenedAndDeduplicated() throws {
        let response = try Fixture.decode(DisruptionsResponse.self, "disruptions-buckets.json")
        #expect(response.disruptions.map(\.disruptionId) == [300001, 307065, 310000, 313077])
        #expect(response.disruptions.map(\.mode) == ["general", "metro_train", "metro_train", "metro_bus"])
        // 310000 is in metro_train and metro_bus: the first (metro_train) copy wins.
        #expect(response.disruptions[2].title == "Station car park works")
        #expect(response.disruptions[0].title == "Myki top-up outage")
        #expect(response.disruptions[1].stops.first?.stopName == "Huntingdale")
        #expect(epoch(response.disruptions[1].publishedOn) == 1_712_718_765)
        #expect(response.disruptions[3].routes.first?.direction?.serviceTime == nil)
    }

    @Test func disruptionModesAndSingleDisruption() throws {
        let modes = try Fixture.decode(DisruptionModesResponse.self, "disruption-modes.json")
        #expect(modes.disruptionModes.first?.disruptionModeName == "metro_train")
        #expect(modes.disruptionModes.first?.disruptionMode == 1)
        #expect(modes.disruptionModes.last?.disruptionMode == 100)

        let single = try decodeJSON(DisruptionResponse.self, #"{"disruption": null, "status": {"version": "3.0", "health": 0}}"#)
        #expect(single.disruption == nil)
        #expect(single.status.health == 0)
        #expect(!single.status.isHealthy)
    }

    // MARK: - Errors and status

    @Test func errorBodiesAcceptBothMessageSpellings() throws {
        let forbidden = try Fixture.decode(ErrorBody.self, "error-forbidden.json")
        #expect(forbidden.message == "Forbidden (403): Supplied signature is invalid for request.")
        #expect(forbidden.status == Status())
        let aspnet = try Fixture.decode(ErrorBody.self, "error-aspnet.json")
        #expect(aspnet.message == "An error has occurred.")
        #expect(aspnet.status == nil)
    }

    @Test func everyResponseDecodesFromAnEmptyObject() throws {
        let empty = Data("{}".utf8)
        let decoder = JSONDecoder()
        #expect(try decoder.decode(RouteTypesResponse.self, from: empty).status == Status(version: "3.0", health: 1))
        #expect(try decoder.decode(RoutesResponse.self, from: empty).routes.isEmpty)
        #expect(try decoder.decode(RouteResponse.self, from: empty).route == nil)
        #expect(try decoder.decode(DirectionsResponse.self, from: empty).directions.isEmpty)
        #expect(try decoder.decode(StopsNearbyResponse.self, from: empty).stops.isEmpty)
        #expect(try decoder.decode(StopDetailsResponse.self, from: empty).stop == nil)
        #expect(try decoder.decode(StopsOnRouteResponse.self, from: empty).disruptions.isEmpty)
        #expect(try decoder.decode(DeparturesResponse.self, from: empty) == DeparturesResponse(DeparturesBody()))
        #expect(try decoder.decode(PatternResponse.self, from: empty) == PatternResponse(PatternBody()))
        #expect(try decoder.decode(RunsResponse.self, from: empty).runs.isEmpty)
        #expect(try decoder.decode(SearchResponse.self, from: empty).routes.isEmpty)
        #expect(try decoder.decode(DisruptionsResponse.self, from: empty).disruptions.isEmpty)
        #expect(try decoder.decode(DisruptionResponse.self, from: empty).disruption == nil)
        #expect(try decoder.decode(DisruptionModesResponse.self, from: empty).status.version == "3.0")
        #expect(try decoder.decode(Status.self, from: empty) == Status())
    }
}

import Foundation
import Testing
@testable import PTV

/// Routes, stops, runs, timestamps and the lenient helpers (the rest of ModelDecodingTests).
extension ModelDecodingTests {
    // MARK: - Routes and route types

    @Test func routesCoerceAndKeepUnknownRouteType() throws {
        let response = try Fixture.decode(RoutesResponse.self, "routes.json")
        #expect(response.status == Status())                     // status missing
        #expect(response.routes.map(\.routeName) == ["Cranbourne", "684 - Ringwood Station - Eildon SC",
                                                     "Portarlington - Docklands"])
        #expect(response.routes[1].routeNumber == "684")         // number → string
        #expect(response.routes[2].routeNumber == "")            // null → ""
        #expect(response.routes[2].routeType.rawValue == 7)
        #expect(response.routes[2].routeType.name == nil)
        #expect(response.routes[2].routeType.slug == nil)
        let status = try #require(response.routes[0].serviceStatus)
        #expect(status.description == "Good Service")
        let timestamp = try #require(epoch(status.timestamp))   // "+10:00" offset with 3 fraction digits
        #expect(abs(timestamp - 1_719_530_130.123) < 1e-6)
        #expect(response.routes[1].serviceStatus == nil)
    }

    @Test func routeTypesListKeepsUnknownCode() throws {
        let response = try Fixture.decode(RouteTypesResponse.self, "route-types.json")
        #expect(response.routeTypes.map(\.routeType) == [.train, .tram, .bus, .vline, .nightBus, RouteType(rawValue: 7)])
        #expect(response.routeTypes[3].routeTypeName == "Vline")
        #expect(try decodeJSON(RouteType.self, "7") == RouteType(rawValue: 7))
        #expect(try decodeJSON(RouteType.self, #""3""#) == .vline)
    }

    @Test func routeTypeSlugsRoundTrip() throws {
        for type in RouteType.known {
            let slug = try #require(type.slug)
            #expect(RouteType(slug: slug) == type)
        }
        #expect(RouteType.known.compactMap(\.slug) == ["train", "tram", "bus", "vline", "night-bus"])
        #expect(RouteType.known.compactMap(\.name) == ["Train", "Tram", "Bus", "V/Line", "Night bus"])
        #expect(RouteType(slug: "Night-Bus") == .nightBus)
        #expect(RouteType(slug: "ferry") == nil)
        #expect(RouteType.nightBus.rawValue == 4)
    }

    // MARK: - Stops

    @Test func stopDetailsWithFacilities() throws {
        let response = try Fixture.decode(StopDetailsResponse.self, "stop-details.json")
        let stop = try #require(response.stop)
        #expect(stop.stopName == "Flinders Street")
        #expect(stop.stationType == "Premium Station")
        #expect(stop.stationDescription == "Flinders Street Station is Melbourne's busiest.")
        #expect(stop.routes.map(\.routeName) == ["Alamein", "Belgrave"])
        #expect(stop.location == StopLocation(suburb: "Melbourne City", postcode: 3000, municipality: "Melbourne City",
                                              latitude: -37.8183, longitude: 144.966965))
        let amenities = try #require(stop.amenities)
        #expect(amenities.toilet && amenities.taxiRank && amenities.cctv)
        #expect(amenities.carParking == "")
        let access = try #require(stop.accessibility)
        #expect(access.lift && access.escalator && access.stopAccessible == true)
        #expect(!access.hearingLoop)              // null → false
        #expect(access.platformNumber == 0)
        let wheelchair = try #require(access.wheelchair)
        #expect(wheelchair.manoeuvring)           // from PTV's "manouvering"
        #expect(!wheelchair.parking)              // null → false
        #expect(!wheelchair.raisedPlatformShelther)
        #expect(wheelchair.lowTicketCounter)
    }

    @Test func stopDetailsWithNullsEverywhere() throws {
        let response = try Fixture.decode(StopDetailsResponse.self, "stop-details-nulls.json")
        let stop = try #require(response.stop)
        #expect(stop.stopId == 2180)
        #expect(stop.routeType == .tram)
        #expect(stop.stopName == "Swanston St/Flinders St")
        #expect(stop.location == nil)
        #expect(stop.amenities == nil)
        #expect(stop.accessibility == nil)
        #expect(stop.stationType == nil)
        #expect(stop.stationDescription == "")
        #expect(stop.stopLandmark == "")
        #expect(stop.routes.isEmpty)
        #expect(stop.disruptionIds.isEmpty)
        #expect(response.disruptions.isEmpty)
        #expect(response.status == Status())
    }

    @Test func stopsNearbySkipNullElementAndCoerceDistance() throws {
        let response = try Fixture.decode(StopsNearbyResponse.self, "stops-nearby.json")
        #expect(response.stops.map(\.stopId) == [4406, 1163])          // the null element is skipped
        #expect(response.stops[0].stopDistance == 42.7)
        #expect(response.stops[1].stopDistance == 118.5)                // "118.5" → Double
        #expect(response.stops[0].stopSuburb == "Ringwood")
        #expect(response.stops[0].disruptionIds == [313077, 307065])
        #expect(response.stops[0].routes.map(\.routeId) == [15742])
        #expect(response.stops[0].routes[0].serviceStatus?.description == "Good Service")
        #expect(Array(response.disruptions.keys) == ["313077"])         // "broken": 17 is skipped
    }

    @Test func stopsOnRouteAndSearch() throws {
        let onRoute = try Fixture.decode(StopsOnRouteResponse.self, "stops-on-route.json")
        let mernda = try #require(onRoute.stops.first)
        #expect(mernda.stopName == "Mernda")
        #expect(mernda.stopSequence == 1)
        #expect(mernda.stopDistance == nil)
        let ticket = try #require(mernda.stopTicket)
        #expect(ticket.ticketType == "myki" && ticket.zone == "Zone 2" && ticket.ticketZones == [2, 3])
        #expect(ticket.ticketMachine && ticket.ticketChecks && !ticket.isFreeFareZone && !ticket.vlineReservation)

        let search = try Fixture.decode(SearchResponse.self, "search.json")
        #expect(search.stops.map(\.stopName) == ["Swanston St/Flinders St"])
        #expect(search.stops[0].routes.map(\.routeName) == ["Sandringham - Melbourne University"])
        #expect(search.routes.map(\.routeName) == ["Flinders Street - Frankston"])
    }

    // MARK: - Runs

    @Test func runsSkipBadElementAndCoerce() throws {
        let response = try Fixture.decode(RunsResponse.self, "runs-route.json")
        #expect(response.runs.map(\.runRef) == ["949697", "951231", "99-FERRY-1"])   // [1, 2, 3] skipped
        #expect(response.runs.map(\.destinationName) == ["Mernda", "Lilydale", "Portarlington"])
        let lilydale = response.runs[1]
        #expect(lilydale.routeType == .train)           // "0" → 0
        #expect(lilydale.finalStopId == 1115)           // "1115" → 1115
        #expect(lilydale.runNote == "Stops all stations")
        let position = try #require(lilydale.vehiclePosition)
        // "2025-11-30T13:13:35" is AEDT (+11:00) → 02:13:35Z.
        #expect(epoch(position.datetime) == 1_764_468_815)
        #expect(position.bearing == nil)
        #expect(position.expiryTime == nil)
        #expect(response.runs[2].routeType == RouteType(rawValue: 7))
        #expect(response.runs[2].runNote == nil)
        #expect(response.runs[0].runNote == "")
    }

    @Test func singleRunFormIsWrappedInTheList() throws {
        let response = try Fixture.decode(RunsResponse.self, "run-single.json")
        #expect(response.runs.count == 1)
        #expect(response.runs.first?.runRef == "952217")
        #expect(response.runs.first?.destinationName == "Cranbourne")
    }

    // MARK: - Timestamps

    @Test(arguments: [
        ("2024-06-28T00:05:00Z", 1_719_533_100.0),
        ("2024-06-28T00:04:28.4Z", 1_719_533_068.4),
        ("2024-06-28T00:04:28.498Z", 1_719_533_068.498),
        ("2024-06-28T00:04:28.498534Z", 1_719_533_068.498534),
        ("2024-06-28T00:04:28.4985343Z", 1_719_533_068.4985343),
        ("2024-06-28T00:04:28+00:00", 1_719_533_068.0),
        ("2024-06-28T10:00:00+10:00", 1_719_532_800.0),
        ("2025-11-30T13:13:35", 1_764_468_815.0),      // Melbourne summer time (+11)
        ("2024-06-28T10:02:21", 1_719_532_941.0),      // Melbourne standard time (+10)
        ("1970-01-01T00:00:00Z", 0.0),
        ("2024-02-29T23:59:59Z", 1_709_251_199.0),
    ])
    func timestampParsing(input: String, expected: Double) throws {
        let date = try #require(PTVTimestamp.parse(input))
        #expect(abs(date.timeIntervalSince1970 - expected) < 1e-6)
    }

    @Test func timestampGarbageIsRejected() {
        let garbage = ["", "garbage", "2024-06-28", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
                       "2024-06-28T25:00:00Z", "2024-06-28T00:00:00.Z", "2024-06-28T00:00:00Zjunk",
                       "2024-6-28T00:00:00Z", "2024-06-28T00:00:00+1x:00"]
        for input in garbage {
            #expect(PTVTimestamp.parse(input) == nil, "\(input) should not parse")
        }
    }

    @Test func timestampFormatting() throws {
        #expect(PTVTimestamp.format(Date(timeIntervalSince1970: 1_719_533_100)) == "2024-06-28T00:05:00Z")
        #expect(PTVTimestamp.format(Date(timeIntervalSince1970: 1_719_533_068.9)) == "2024-06-28T00:04:28Z")
        #expect(PTVTimestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(PTVTimestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        let local = try #require(PTVTimestamp.parse("2025-11-30T13:13:35"))
        #expect(PTVTimestamp.format(local) == "2025-11-30T02:13:35Z")
        let date = try #require(PTVTimestamp.parse("2024-02-29T12:34:56Z"))
        #expect(PTVTimestamp.parse(PTVTimestamp.format(date)) == date)
    }

    // MARK: - Lenient helpers

    @Test func lenientCoercionRules() throws {
        let stop = try decodeJSON(Stop.self, """
            {"stop_id": "1071", "stop_name": 42, "stop_suburb": true, "route_type": "tram",
             "stop_latitude": "-37.5", "stop_sequence": 12.0, "stop_distance": "far",
             "disruption_ids": [1, "2", 3.0, "x", null, {"a": 1}], "routes": {"b": {"route_id": 2}, "a": {"route_id": 1}}}
            """)
        #expect(stop.stopId == 1071)
        #expect(stop.stopName == "42")
        #expect(stop.stopSuburb == "")               // bool is not coerced to text
        #expect(stop.routeType == .tram)
        #expect(stop.stopLatitude == -37.5)
        #expect(stop.stopSequence == 12)
        #expect(stop.stopDistance == nil)
        #expect(stop.disruptionIds == [1, 2, 3])
        #expect(stop.routes.map(\.routeId) == [1, 2]) // object accepted in place of a list, ordered by key

        let flags = try decodeJSON(StopAmenities.self, #"{"toilet": "true", "taxi_rank": 1, "cctv": "maybe", "car_parking": 120}"#)
        #expect(flags.toilet && flags.taxiRank && !flags.cctv)
        #expect(flags.carParking == "120")
    }
}

import Foundation
import PTV
import PTVSimulator
import Testing

/// The timetable core without HTTP: headway arithmetic, daylight-saving changes, run refs and live draws.
struct SimulatorTimetableTests {
    private let network: SimulatedNetwork
    private let timetable: Timetable

    init() throws {
        network = try SimulatedNetwork.bundled.get()
        timetable = Timetable(network: network)
    }

    /// Melbourne wall-clock time to an instant, by the 2026 rule written out by hand (not via Calendar):
    /// AEDT (+11) until 3 am on 5 April, AEST (+10) until 2 am on 4 October, then AEDT again.
    private static func melbourne(_ date: ServiceDate, minute: Int) -> Date {
        let day = date.adding(days: minute / 1440), wall = minute % 1440
        let key = day.dayNumber * 1440 + wall
        let autumn = ServiceDate(year: 2026, month: 4, day: 5).dayNumber * 1440 + 180
        let spring = ServiceDate(year: 2026, month: 10, day: 4).dayNumber * 1440 + 120
        let offset = key < autumn || key >= spring ? 11 : 10
        return Date(timeIntervalSince1970: Double((key - offset * 60) * 60))
    }

    private static func utc(_ text: String) -> Date { PTVTimestamp.parse(text)! }

    @Test func serviceDatesCountDaysAndWeekdays() {
        #expect(ServiceDate(year: 2026, month: 11, day: 21).dayType == .saturday)
        #expect(ServiceDate(year: 2026, month: 4, day: 5).dayType == .sunday)
        #expect(ServiceDate(year: 2026, month: 11, day: 23).dayType == .weekday)
        #expect(ServiceDate(year: 2024, month: 2, day: 28).adding(days: 1) == ServiceDate(year: 2024, month: 2, day: 29))
        #expect(ServiceDate(year: 2026, month: 12, day: 31).adding(days: 1) == ServiceDate(year: 2027, month: 1, day: 1))
        for number in stride(from: -800, through: 40_000, by: 97) {
            #expect(ServiceDate(dayNumber: number).dayNumber == number)
        }
        #expect(timetable.serviceDate(containing: Self.utc("2026-11-20T13:30:00Z")) == ServiceDate(year: 2026, month: 11, day: 21))
    }

    @Test(arguments: [(2026, 4, 4), (2026, 4, 5), (2026, 10, 3), (2026, 10, 4), (2026, 11, 21), (2026, 11, 23)])
    func tripCountsAndGapsMatchTheHeadways(year: Int, month: Int, day: Int) {
        let date = ServiceDate(year: year, month: month, day: day)
        for route in network.routes {
            let bands = route.headways.bands(for: date.dayType)
            for direction in 0...1 {
                let trips = timetable.trips(of: route, directionIndex: direction, on: date)
                var expected = 0
                for band in bands {
                    let start = Self.melbourne(date, minute: band.fromMinute), end = Self.melbourne(date, minute: band.toMinute)
                    let length = Int(end.timeIntervalSince(start)) / 60
                    expected += (length + band.headway - 1) / band.headway
                    let inBand = trips.filter { $0.start >= start && $0.start < end }
                    #expect(inBand.first?.start == start, "route \(route.routeID) \(date) band \(band.fromMinute)")
                    let gaps = zip(inBand.dropFirst(), inBand).map { Int($0.start.timeIntervalSince($1.start)) }
                    #expect(gaps.allSatisfy { $0 == band.headway * 60 }, "route \(route.routeID) \(date)")
                }
                #expect(trips.count == expected, "route \(route.routeID) direction \(direction) on \(date)")
                #expect(Set(trips.map(\.start)).count == trips.count)
            }
        }
    }

    @Test func dstEndRunsTheRepeatedHourTwice() throws {
        let frankston = try #require(network.route(6))
        let sunday = ServiceDate(year: 2026, month: 4, day: 5)
        let night = timetable.trips(of: frankston, directionIndex: 0, on: sunday).prefix(5).map(\.start)
        // 1 am and 2 am AEDT, then 2 am (again), 3 am and 4 am AEST.
        #expect(night == ["2026-04-04T14:00:00Z", "2026-04-04T15:00:00Z", "2026-04-04T16:00:00Z", "2026-04-04T17:00:00Z",
                          "2026-04-04T18:00:00Z"].map(Self.utc))
    }

    @Test func dstStartSkipsOnlyTheMissingHour() throws {
        let frankston = try #require(network.route(6))
        let sunday = ServiceDate(year: 2026, month: 10, day: 4)
        let night = timetable.trips(of: frankston, directionIndex: 0, on: sunday).prefix(4).map(\.start)
        // 1 am AEST, then 3 am and 4 am AEDT; the next trip is 7 am.
        #expect(night == ["2026-10-03T15:00:00Z", "2026-10-03T16:00:00Z", "2026-10-03T17:00:00Z", "2026-10-03T20:00:00Z"]
            .map(Self.utc))
    }

    @Test(arguments: [("2026-04-04T12:00:00Z", "2026-04-04T21:00:00Z", 72), ("2026-10-03T13:00:00Z", "2026-10-03T20:00:00Z", 58)])
    func departuresAcrossTheChangeAreOrderedFutureAndComplete(from: String, until: String, expected: Int) {
        // 11 pm Saturday to 7 am Sunday at Flinders Street: 72 departures when the night gains an hour, 58 when it loses one.
        let start = Self.utc(from), end = Self.utc(until)
        let calls = timetable.departures(stopID: 1071, routes: network.routes(servingStop: 1071), from: start, until: end)
        #expect(calls.count == expected)
        #expect(calls.allSatisfy { $0.scheduled >= start && $0.scheduled < end })
        #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.scheduled <= $1.scheduled })
        #expect(Set(calls.map(\.trip)).count == calls.count)
        let frankston = calls.filter { $0.trip.routeID == 6 }.map(\.scheduled)
        let gaps = zip(frankston.dropFirst(), frankston).map { Int($0.timeIntervalSince($1)) / 60 }
        #expect(gaps == [20, 20, 20, 20, 20, 20] + Array(repeating: 60, count: frankston.count - 7))
        let limited = timetable.departures(stopID: 1071, routes: network.routes(servingStop: 1071), from: start, until: end, limit: 2)
        #expect(limited.count == 14)
    }

    @Test func lateNightHoursFallOnTheNextCalendarDay() throws {
        let json = """
        {"stops": [{"stop_id": 1, "name": "A", "suburb": "X", "lat": -37.8, "lon": 144.9, "landmark": "", "station_type": null},
                   {"stop_id": 2, "name": "B ", "suburb": "X", "lat": -37.9, "lon": 145.0, "landmark": "", "station_type": null}],
         "routes": [{"route_id": 9, "route_type": 2, "name": "A - B", "number": "9", "gtfs_id": "4-9",
                     "directions": [{"direction_id": 1, "name": "B", "description": ""}, {"direction_id": 2, "name": "A", "description": ""}],
                     "stops": [{"stop_id": 1, "min": 0, "platforms": []}, {"stop_id": 2, "min": 25, "platforms": []}],
                     "headways": {"weekday": [], "saturday": [[5, 24, 30], [24, 30, 60]], "sunday": []}, "live_share": 0.5}],
         "disruptions": []}
        """
        let tiny = Timetable(network: try SimulatedNetwork(json: json))
        let route = try #require(tiny.network.route(9))
        for (date, night) in [(ServiceDate(year: 2026, month: 11, day: 21), 6), (ServiceDate(year: 2026, month: 4, day: 4), 7),
                              (ServiceDate(year: 2026, month: 10, day: 3), 5)] {
            let trips = tiny.trips(of: route, directionIndex: 1, on: date)
            #expect(trips.count == 38 + night)
            #expect(trips[38].start == Self.melbourne(date, minute: 1440))
            let calls = tiny.calls(of: trips[38])
            #expect(calls.map(\.stopID) == [2, 1] && calls[1].scheduled.timeIntervalSince(calls[0].scheduled) == 1500)
        }
    }

    @Test func runReferencesRoundTrip() throws {
        let date = ServiceDate(year: 2026, month: 11, day: 21)
        for (routeID, numeric) in [(6, true), (1881, true), (1745, true), (7459, false), (13740, false)] {
            let route = try #require(network.route(routeID))
            let reference = RunReference(routeID: routeID, directionIndex: 1, serviceDate: date, startMinute: 1_439)
            let text = reference.string(for: route)
            #expect(RunReference.parse(text) == .reference(reference, numeric: numeric, routeToken: numeric ? nil : route.number))
            #expect(reference.runID(for: route) == (numeric ? Int(text)! : -1))
        }
        #expect(try RunReference(routeID: 7459, directionIndex: 0, serviceDate: date, startMinute: 600)
            .string(for: #require(network.route(7459))) == "7459-246--1-SA1-98210600")
        for bad in ["", "abc", "1-2-3", "7459-246--1-XX1-5", "7459-246--1-SU1-98210600", "-5", "12a"] {
            #expect(RunReference.parse(bad) == .malformed, "\(bad)")
        }
    }

    @Test func liveDrawsAreDeterministicAndNearTheirShares() throws {
        let frankston = try #require(network.route(6)), tram = try #require(network.route(1881))
        let model = LiveModel(seed: 1)
        var states: [RunLiveState] = [], tramStates: [RunLiveState] = []
        for offset in 0..<14 {
            let date = ServiceDate(year: 2026, month: 11, day: 1).adding(days: offset)
            for trip in timetable.trips(of: frankston, directionIndex: 0, on: date) {
                let ref = trip.reference.string(for: frankston)
                states.append(model.state(runRef: ref, route: frankston))
                #expect(model.state(runRef: ref, route: frankston) == states.last)
            }
            for trip in timetable.trips(of: tram, directionIndex: 1, on: date) {
                tramStates.append(model.state(runRef: trip.reference.string(for: tram), route: tram))
            }
        }
        let cancelled = Double(states.filter(\.isCancelled).count) / Double(states.count)
        let live = states.filter(\.isLive)
        #expect(states.count > 1000 && (0.01...0.06).contains(cancelled))
        #expect((0.83...0.95).contains(Double(live.count) / Double(states.count)))
        #expect(live.allSatisfy { (0...480).contains($0.delaySeconds) })
        #expect(Double(live.filter { $0.delaySeconds <= 120 }.count) / Double(live.count) > 0.7)
        #expect(live.contains { $0.delaySeconds > 120 })
        #expect(!tramStates.contains { $0.isCancelled })
        #expect((0.74...0.86).contains(Double(tramStates.filter(\.isLive).count) / Double(tramStates.count)))
        let reseeded = LiveModel(seed: 2)
        #expect(timetable.trips(of: frankston, directionIndex: 0, on: ServiceDate(year: 2026, month: 11, day: 21)).contains {
            let ref = $0.reference.string(for: frankston)
            return model.state(runRef: ref, route: frankston) != reseeded.state(runRef: ref, route: frankston)
        })
    }
}

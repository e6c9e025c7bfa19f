import Foundation
import PTV

/// One scheduled trip of a route in one direction on one service day.
public struct Trip: Sendable, Hashable {
    /// The route.
    public let routeID: Int
    /// 0 (forwards along the route's stops) or 1 (backwards).
    public let directionIndex: Int
    /// The service day it belongs to.
    public let serviceDate: ServiceDate
    /// Elapsed minutes from the service day's local midnight to the departure from the first stop.
    public let startMinute: Int
    /// The departure from the first stop.
    public let start: Date

    /// The run reference parts of this trip.
    public var reference: RunReference {
        RunReference(routeID: routeID, directionIndex: directionIndex, serviceDate: serviceDate, startMinute: startMinute)
    }
}

/// A trip's scheduled call at one stop.
public struct ScheduledCall: Sendable, Hashable {
    /// The trip.
    public let trip: Trip
    /// Position of the stop in the trip's stop order (0 is the first stop).
    public let position: Int
    /// The stop record on the route (platforms, minutes).
    public let routeStop: NetworkRouteStop
    /// Timetabled time at the stop.
    public let scheduled: Date

    /// The stop id.
    public var stopID: Int { routeStop.stopID }
}

/// Computes the timetable from each route's headways, statelessly and deterministically.
///
/// Each headway band spans wall-clock times of a service day in Melbourne. A band starts at the instant
/// its start time occurs and runs trips every `headway` minutes of elapsed time until the instant its end
/// time occurs. So across a daylight-saving change a band is simply an hour shorter or longer: no trip is
/// duplicated or lost, and every gap equals the headway. Times at later stops add the route's minutes.
public struct Timetable: Sendable {
    /// The network.
    public let network: SimulatedNetwork
    /// Gregorian calendar in Melbourne's time zone.
    public let calendar: Calendar

    /// Creates a timetable.
    /// - Parameters:
    ///   - network: The network.
    ///   - timeZone: The network's time zone (Melbourne).
    public init(network: SimulatedNetwork, timeZone: TimeZone = PTVTimestamp.melbourne) {
        self.network = network
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The Melbourne calendar date of an instant.
    /// - Parameter date: An instant.
    public func serviceDate(containing date: Date) -> ServiceDate {
        ServiceDate.containing(date, calendar: calendar)
    }

    /// All trips of a route in one direction on one service day, in start order.
    /// - Parameters:
    ///   - route: The route.
    ///   - directionIndex: 0 or 1.
    ///   - serviceDate: The service day.
    public func trips(of route: NetworkRoute, directionIndex: Int, on serviceDate: ServiceDate) -> [Trip] {
        let midnight = serviceDate.date(wallMinute: 0, calendar: calendar)
        var minutes = Set<Int>()
        for band in route.headways.bands(for: serviceDate.dayType) {
            let bandStart = serviceDate.date(wallMinute: band.fromMinute, calendar: calendar)
            let bandEnd = serviceDate.date(wallMinute: band.toMinute, calendar: calendar)
            var start = Int(bandStart.timeIntervalSince(midnight) / 60)
            let end = Int(bandEnd.timeIntervalSince(midnight) / 60)
            while start < end {
                minutes.insert(start)
                start += band.headway
            }
        }
        return minutes.sorted().map {
            Trip(routeID: route.routeID, directionIndex: directionIndex, serviceDate: serviceDate, startMinute: $0,
                 start: midnight.addingTimeInterval(Double($0 * 60)))
        }
    }

    /// The trip a run reference names, if it is in the timetable.
    /// - Parameter reference: Decoded run reference.
    public func trip(for reference: RunReference) -> Trip? {
        guard let route = network.route(reference.routeID), (0...1).contains(reference.directionIndex) else { return nil }
        return trips(of: route, directionIndex: reference.directionIndex, on: reference.serviceDate)
            .first { $0.startMinute == reference.startMinute }
    }

    /// Every call of a trip, first stop to last.
    /// - Parameter trip: The trip.
    public func calls(of trip: Trip) -> [ScheduledCall] {
        guard let route = network.route(trip.routeID) else { return [] }
        return route.stops(directionIndex: trip.directionIndex).enumerated().map { position, entry in
            ScheduledCall(trip: trip, position: position, routeStop: entry.stop,
                          scheduled: trip.start.addingTimeInterval(Double(entry.offset * 60)))
        }
    }

    /// Departures from a stop in `[from, until)`, sorted by time (then route, direction and trip start).
    /// A trip's arrival at its last stop is not a departure.
    /// - Parameters:
    ///   - stopID: The stop.
    ///   - routes: The routes to consider (normally those serving the stop).
    ///   - directionID: Only this PTV direction id, when given.
    ///   - from: Earliest time (inclusive).
    ///   - until: Latest time (exclusive).
    ///   - limit: Most departures per route and direction; nil for all.
    public func departures(stopID: Int, routes: [NetworkRoute], directionID: Int? = nil, from: Date, until: Date,
                           limit: Int? = nil) -> [ScheduledCall] {
        let firstDay = serviceDate(containing: from).adding(days: -1)
        let lastDay = serviceDate(containing: until)
        var result: [ScheduledCall] = []
        for route in routes {
            for directionIndex in 0...1 {
                if let directionID, route.directions[directionIndex].directionID != directionID { continue }
                let order = route.stops(directionIndex: directionIndex)
                let positions = order.indices.dropLast().filter { order[$0].stop.stopID == stopID }
                guard !positions.isEmpty else { continue }
                var found: [ScheduledCall] = []
                var day = firstDay
                while day <= lastDay {
                    for trip in trips(of: route, directionIndex: directionIndex, on: day) {
                        for position in positions {
                            let time = trip.start.addingTimeInterval(Double(order[position].offset * 60))
                            if time >= from, time < until {
                                found.append(ScheduledCall(trip: trip, position: position, routeStop: order[position].stop,
                                                           scheduled: time))
                            }
                        }
                    }
                    day = day.adding(days: 1)
                }
                found.sort(by: Self.precedes)
                result += limit.map { Array(found.prefix($0)) } ?? found
            }
        }
        return result.sorted(by: Self.precedes)
    }

    /// The departure order: time, then route, direction, trip start.
    static func precedes(_ lhs: ScheduledCall, _ rhs: ScheduledCall) -> Bool {
        if lhs.scheduled != rhs.scheduled { return lhs.scheduled < rhs.scheduled }
        let l = (lhs.trip.routeID, lhs.trip.directionIndex, lhs.trip.serviceDate.dayNumber, lhs.trip.startMinute)
        let r = (rhs.trip.routeID, rhs.trip.directionIndex, rhs.trip.serviceDate.dayNumber, rhs.trip.startMinute)
        return l < r
    }
}

import Foundation

/// Where a vehicle is at one instant: a point, the way it faces, and the stand it is at (if standing).
public struct VehicleFix: Sendable, Equatable {
    /// Latitude in degrees.
    public let latitude: Double
    /// Longitude in degrees.
    public let longitude: Double
    /// Initial great-circle bearing towards the next stop, degrees clockwise from north in [0, 360).
    public let bearing: Double
    /// Index of the stand the vehicle is at, nil while it moves between two.
    public let standIndex: Int?
}

/// A vehicle's path as a list of stands (a stop with the times the vehicle arrives and leaves), moving in a
/// straight line at constant speed between them. Pure: the same stands and time give the same fix.
public struct VehicleMotion: Sendable {
    /// One stop on the path.
    public struct Stand: Sendable, Equatable {
        /// The stop.
        public let stopID: Int
        /// Latitude in degrees.
        public let latitude: Double
        /// Longitude in degrees.
        public let longitude: Double
        /// When the vehicle arrives (doors open).
        public let arrive: Date
        /// When it leaves.
        public let depart: Date
    }

    /// Seconds a train stands at an intermediate stop before its departure time.
    public static let trainDwell: TimeInterval = 40
    /// Seconds a bus stands at a stop before its departure time.
    public static let busDwell: TimeInterval = 20
    /// Seconds a vehicle stands at its first stop before departing.
    public static let originStand: TimeInterval = 180
    /// Seconds a vehicle stays at its last stop after arriving, before the run is over.
    public static let terminusStand: TimeInterval = 60

    /// The stands in travel order.
    public let stands: [Stand]

    /// Creates a path from stands in travel order.
    /// - Parameter stands: The stands.
    public init(stands: [Stand]) {
        self.stands = stands
    }

    /// Builds a path from timed stops: each time is the departure, except the last (the arrival).
    /// Consecutive entries at the same stop merge into one stand (a through-run changing run_ref there).
    /// - Parameters:
    ///   - stops: Stop id, coordinates and time, in travel order.
    ///   - dwell: Seconds standing before each departure at intermediate stops.
    public init(stops: [(stopID: Int, latitude: Double, longitude: Double, time: Date)], dwell: TimeInterval) {
        var stands: [Stand] = []
        for (index, stop) in stops.enumerated() {
            let isLast = index == stops.count - 1
            if let previous = stands.last, previous.stopID == stop.stopID {
                stands[stands.count - 1] = Stand(stopID: stop.stopID, latitude: stop.latitude, longitude: stop.longitude,
                                                 arrive: previous.arrive,
                                                 depart: isLast ? stop.time.addingTimeInterval(Self.terminusStand) : max(previous.depart, stop.time))
                continue
            }
            let arrive, depart: Date
            if stands.isEmpty {
                arrive = stop.time.addingTimeInterval(-Self.originStand)
                depart = stop.time
            } else if isLast {
                arrive = stop.time
                depart = stop.time.addingTimeInterval(Self.terminusStand)
            } else {
                arrive = max(stands[stands.count - 1].depart, stop.time.addingTimeInterval(-dwell))
                depart = stop.time
            }
            stands.append(Stand(stopID: stop.stopID, latitude: stop.latitude, longitude: stop.longitude,
                                arrive: arrive, depart: depart))
        }
        self.stands = stands
    }

    /// From the first arrival to the last departure.
    public var span: ClosedRange<Date>? {
        guard let first = stands.first, let last = stands.last, first.arrive <= last.depart else { return nil }
        return first.arrive ... last.depart
    }

    /// Where the vehicle is at `time`, or nil outside ``span``.
    /// - Parameter time: The instant.
    public func fix(at time: Date) -> VehicleFix? {
        guard let span, span.contains(time) else { return nil }
        for (index, stand) in stands.enumerated() {
            if time >= stand.arrive, time <= stand.depart {
                return VehicleFix(latitude: stand.latitude, longitude: stand.longitude, bearing: heading(at: index),
                                  standIndex: index)
            }
            guard index + 1 < stands.count else { break }
            let next = stands[index + 1]
            if time > stand.depart, time < next.arrive {
                let share = time.timeIntervalSince(stand.depart) / next.arrive.timeIntervalSince(stand.depart)
                return VehicleFix(latitude: stand.latitude + (next.latitude - stand.latitude) * share,
                                  longitude: stand.longitude + (next.longitude - stand.longitude) * share,
                                  bearing: Geo.bearing(stand.latitude, stand.longitude, next.latitude, next.longitude),
                                  standIndex: nil)
            }
        }
        return nil
    }

    /// The bearing at a stand: towards the next stand, or from the previous one at the end.
    private func heading(at index: Int) -> Double {
        if index + 1 < stands.count {
            let from = stands[index], to = stands[index + 1]
            return Geo.bearing(from.latitude, from.longitude, to.latitude, to.longitude)
        }
        guard index > 0 else { return 0 }
        let from = stands[index - 1], to = stands[index]
        return Geo.bearing(from.latitude, from.longitude, to.latitude, to.longitude)
    }
}

import PTV

/// What a run_ref encodes: route, direction index, service date and start minute, so pattern and runs
/// requests can be answered without state.
///
/// Trains, trams and V/Line get numeric refs (`run_id` is the same number); buses and night buses get
/// PTV-like alphanumeric refs such as `"4-246--1-MF2-98412301"` with `run_id` -1.
public struct RunReference: Sendable, Hashable {
    /// The route.
    public let routeID: Int
    /// 0 or 1.
    public let directionIndex: Int
    /// The service day.
    public let serviceDate: ServiceDate
    /// Elapsed minutes from the service day's midnight to the start of the trip.
    public let startMinute: Int

    /// Creates a reference.
    /// - Parameters:
    ///   - routeID: Route id.
    ///   - directionIndex: 0 or 1.
    ///   - serviceDate: Service day.
    ///   - startMinute: Start minute.
    public init(routeID: Int, directionIndex: Int, serviceDate: ServiceDate, startMinute: Int) {
        self.routeID = routeID
        self.directionIndex = directionIndex
        self.serviceDate = serviceDate
        self.startMinute = startMinute
    }

    /// Service dates are counted from 2000-01-01; refs cover 2000 to 2082.
    private static let epochDay = ServiceDate(year: 2000, month: 1, day: 1).dayNumber
    private static let dayRadix = 30_000
    private static let minuteRadix = 3_000
    private static let alphaMinuteRadix = 10_000

    /// The numeric run id (meaningful for trains, trams and V/Line).
    public var numericID: Int {
        ((routeID * 2 + directionIndex) * Self.dayRadix + (serviceDate.dayNumber - Self.epochDay)) * Self.minuteRadix
            + startMinute
    }

    /// The run_ref string for this run of `route`.
    /// - Parameter route: The run's route (decides numeric or alphanumeric).
    public func string(for route: NetworkRoute) -> String {
        guard !route.hasNumericRuns else { return String(numericID) }
        let serial = (serviceDate.dayNumber - Self.epochDay) * Self.alphaMinuteRadix + startMinute
        return "\(routeID)-\(Self.routeToken(route))--1-\(serviceDate.dayType.code)\(directionIndex + 1)-\(serial)"
    }

    /// The `run_id` PTV sends: the number for numeric refs, -1 for alphanumeric ones.
    /// - Parameter route: The run's route.
    public func runID(for route: NetworkRoute) -> Int {
        route.hasNumericRuns ? numericID : -1
    }

    /// The route number as it appears in a bus run_ref (no dashes; "X" when empty).
    private static func routeToken(_ route: NetworkRoute) -> String {
        let token = route.number.filter { $0.isLetter || $0.isNumber }
        return token.isEmpty ? "X" : token
    }

    /// The result of reading a run_ref.
    public enum Parsed: Sendable, Equatable {
        /// Well-formed; the run may still not exist.
        case reference(RunReference, numeric: Bool, routeToken: String?)
        /// Not a run_ref at all (PTV answers 400).
        case malformed
    }

    /// Reads a run_ref structurally (it does not check the timetable).
    /// - Parameter text: The run_ref from the path.
    public static func parse(_ text: String) -> Parsed {
        if !text.isEmpty, text.count <= 18, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let value = Int(text) {
            let startMinute = value % minuteRadix
            let dayIndex = (value / minuteRadix) % dayRadix
            let routeAndDirection = value / minuteRadix / dayRadix
            let reference = RunReference(routeID: routeAndDirection / 2, directionIndex: routeAndDirection % 2,
                                         serviceDate: ServiceDate(dayNumber: epochDay + dayIndex), startMinute: startMinute)
            return .reference(reference, numeric: true, routeToken: nil)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[2].isEmpty, parts[3] == "1", let routeID = Int(parts[0]), routeID > 0,
              !parts[1].isEmpty, parts[4].count == 3, let directionNumber = Int(parts[4].suffix(1)),
              (1...2).contains(directionNumber), parts[5].count <= 9, let serial = Int(parts[5]), serial >= 0
        else { return .malformed }
        let serviceDate = ServiceDate(dayNumber: epochDay + serial / alphaMinuteRadix)
        guard serviceDate.dayType.code == parts[4].prefix(2) else { return .malformed }
        let reference = RunReference(routeID: routeID, directionIndex: directionNumber - 1, serviceDate: serviceDate,
                                     startMinute: serial % alphaMinuteRadix)
        return .reference(reference, numeric: false, routeToken: String(parts[1]))
    }

    /// Finds the trip a run_ref names, checking it belongs to a route of `routeType` (when given).
    /// - Parameters:
    ///   - text: The run_ref.
    ///   - timetable: The timetable.
    ///   - routeType: The route type from the path, if any.
    /// - Returns: The trip and its route, nil when the ref is well-formed but names no run; throws for malformed refs.
    static func resolve(_ text: String, in timetable: Timetable, routeType: RouteType?) throws(APIError) -> (Trip, NetworkRoute)? {
        guard case .reference(let reference, let numeric, let token) = parse(text) else {
            throw APIError.badRequest("run_ref '\(text)' is invalid.")
        }
        guard let route = timetable.network.route(reference.routeID), route.hasNumericRuns == numeric,
              routeType == nil || route.routeType == routeType,
              token == nil || token == routeToken(route),
              let trip = timetable.trip(for: reference) else { return nil }
        return (trip, route)
    }
}

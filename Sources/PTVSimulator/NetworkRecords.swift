import PTV

// The records of the simulated network, decoded from the `network.json` resource. Optional fields get defaults so a
// slightly sparse data set still loads.

/// A stop (or station) of the simulated network.
public struct NetworkStop: Decodable, Sendable, Equatable {
    /// PTV-style stop id.
    public let stopID: Int
    /// Name exactly as in the data (a few keep PTV's trailing spaces on purpose).
    public let name: String
    /// Suburb.
    public let suburb: String
    /// Latitude in degrees.
    public let latitude: Double
    /// Longitude in degrees.
    public let longitude: Double
    /// Nearby landmark ("" when none).
    public let landmark: String
    /// Station staffing class for stations ("Premium Station", ...), nil for stops.
    public let stationType: String?
    /// A premium station (Southern Cross, Sunshine, Clifton Hill): staffed all day, with a lift; express runs stop there.
    public var isPremium: Bool { stationType?.hasPrefix("Premium") ?? false }
    /// The stop across the road this one pairs with (same name, the other side): routes calling at either call at
    /// whichever is on their left as they travel.
    public let pairOf: Int?

    private enum CodingKeys: String, CodingKey {
        case stopID = "stop_id", name, suburb, latitude = "lat", longitude = "lon", landmark
        case stationType = "station_type", pairOf = "pair_of"
    }

    /// Decodes one stop record.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stopID = try c.decode(Int.self, forKey: .stopID)
        name = try c.decode(String.self, forKey: .name)
        suburb = try c.decodeIfPresent(String.self, forKey: .suburb) ?? ""
        latitude = try c.decode(Double.self, forKey: .latitude)
        longitude = try c.decode(Double.self, forKey: .longitude)
        landmark = try c.decodeIfPresent(String.self, forKey: .landmark) ?? ""
        stationType = try c.decodeIfPresent(String.self, forKey: .stationType)
        pairOf = try c.decodeIfPresent(Int.self, forKey: .pairOf)
    }
}

/// One direction of a route; index 0 runs the stop list forwards, index 1 backwards.
public struct NetworkDirection: Decodable, Sendable, Equatable {
    /// PTV direction id.
    public let directionID: Int
    /// Direction name, e.g. "City (Flinders Street)".
    public let name: String
    /// Longer description.
    public let description: String

    private enum CodingKeys: String, CodingKey {
        case directionID = "direction_id", name, description
    }

    /// Decodes one direction record.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        directionID = try c.decode(Int.self, forKey: .directionID)
        name = try c.decode(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
    }
}

/// A stop on a route: cumulative minutes from the first stop, and its platforms.
public struct NetworkRouteStop: Decodable, Sendable, Hashable {
    /// The stop id.
    public let stopID: Int
    /// Minutes from the route's first stop (forwards).
    public let minutes: Int
    /// One platform for both directions, two (one per direction), or none (trams and buses).
    public let platforms: [String]

    private enum CodingKeys: String, CodingKey {
        case stopID = "stop_id", minutes = "min", platforms
    }

    /// Decodes one route-stop record.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stopID = try c.decode(Int.self, forKey: .stopID)
        minutes = try c.decode(Int.self, forKey: .minutes)
        platforms = try c.decodeIfPresent([String].self, forKey: .platforms) ?? []
    }

    private init(stopID: Int, minutes: Int, platforms: [String]) {
        self.stopID = stopID
        self.minutes = minutes
        self.platforms = platforms
    }

    /// The same call at another stop (its pair across the road).
    func at(_ stopID: Int) -> NetworkRouteStop {
        stopID == self.stopID ? self : NetworkRouteStop(stopID: stopID, minutes: minutes, platforms: platforms)
    }

    /// The platform for a direction index, or nil when the stop has none.
    /// - Parameter directionIndex: 0 (forwards) or 1 (backwards).
    public func platform(directionIndex: Int) -> String? {
        platforms.isEmpty ? nil : platforms[min(directionIndex, platforms.count - 1)]
    }
}

/// A band of constant headway: from `fromMinute` (inclusive) to `toMinute` (exclusive) of the service day,
/// in Melbourne wall-clock minutes (past 1440 for after midnight), one trip every `headway` minutes.
public struct HeadwayBand: Sendable, Equatable {
    /// Start of the band in wall-clock minutes of the service day.
    public let fromMinute: Int
    /// End of the band (exclusive).
    public let toMinute: Int
    /// Minutes between trips.
    public let headway: Int
}

/// The headway bands of a route for each day type.
public struct Headways: Decodable, Sendable, Equatable {
    /// Monday to Friday.
    public let weekday: [HeadwayBand]
    /// Saturday.
    public let saturday: [HeadwayBand]
    /// Sunday.
    public let sunday: [HeadwayBand]

    private enum CodingKeys: String, CodingKey { case weekday, saturday, sunday }

    /// Decodes `[[fromHour, toHour, minutes]]` lists; malformed bands are dropped.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func bands(_ key: CodingKeys) throws -> [HeadwayBand] {
            let raw = try c.decodeIfPresent([[Double]].self, forKey: key) ?? []
            return raw.compactMap { band in
                guard band.count >= 3, band[2] >= 1 else { return nil }
                let from = Int((band[0] * 60).rounded()), to = Int((band[1] * 60).rounded())
                return to > from ? HeadwayBand(fromMinute: from, toMinute: to, headway: Int(band[2].rounded())) : nil
            }.sorted { $0.fromMinute < $1.fromMinute }
        }
        weekday = try bands(.weekday)
        saturday = try bands(.saturday)
        sunday = try bands(.sunday)
    }

    /// The bands for a day type.
    /// - Parameter dayType: The service day's type.
    public func bands(for dayType: DayType) -> [HeadwayBand] {
        switch dayType {
        case .weekday: weekday
        case .saturday: saturday
        case .sunday: sunday
        }
    }
}

/// A route of the simulated network.
public struct NetworkRoute: Decodable, Sendable, Equatable {
    /// PTV route id.
    public let routeID: Int
    /// Transport mode.
    public let routeType: RouteType
    /// Route name, e.g. "Sandringham" or "Port Melbourne - Box Hill".
    public let name: String
    /// Public number ("" for trains).
    public let number: String
    /// GTFS id, e.g. "2-SDM".
    public let gtfsID: String
    /// Exactly two directions: forwards and backwards along `stops`.
    public let directions: [NetworkDirection]
    /// The stops in forward order.
    public let stops: [NetworkRouteStop]
    /// Service frequency by day type.
    public let headways: Headways
    /// Share of runs with live estimates (0...1).
    public let liveShare: Double
    /// Whether its vehicles' floors are known: false for buses whose tracker sends every vehicle field null, as
    /// Smartrak's do in real answers (route 900 at Monash University, recorded).
    public let floorsKnown: Bool
    /// Per direction index, the stops replaced by their pair across the road (set by the network, which knows
    /// where stops are: a bus calls at the stop on its left).
    var sides: [[Int: Int]] = [[:], [:]]

    private enum CodingKeys: String, CodingKey {
        case routeID = "route_id", routeType = "route_type", name, number, gtfsID = "gtfs_id", directions, stops
        case headways, liveShare = "live_share", floorsKnown = "floors_known"
    }

    /// Decodes one route record.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        routeID = try c.decode(Int.self, forKey: .routeID)
        routeType = RouteType(rawValue: try c.decode(Int.self, forKey: .routeType))
        name = try c.decode(String.self, forKey: .name)
        number = try c.decodeIfPresent(String.self, forKey: .number) ?? ""
        gtfsID = try c.decodeIfPresent(String.self, forKey: .gtfsID) ?? ""
        directions = try c.decode([NetworkDirection].self, forKey: .directions)
        stops = try c.decode([NetworkRouteStop].self, forKey: .stops)
        headways = try c.decode(Headways.self, forKey: .headways)
        liveShare = try c.decodeIfPresent(Double.self, forKey: .liveShare) ?? 0.5
        floorsKnown = try c.decodeIfPresent(Bool.self, forKey: .floorsKnown) ?? true
        guard directions.count == 2, stops.count >= 2 else {
            throw DecodingError.dataCorruptedError(forKey: .directions, in: c,
                                                   debugDescription: "route \(routeID) needs 2 directions and 2 stops")
        }
    }

    /// Whether runs get numeric run_refs (trains, trams, V/Line) rather than alphanumeric ones (buses).
    public var hasNumericRuns: Bool { routeType == .train || routeType == .tram || routeType == .vline }

    /// The stops in travel order for a direction index, with minutes from that direction's first stop.
    /// - Parameter directionIndex: 0 (forwards) or 1 (backwards).
    public func stops(directionIndex: Int) -> [(stop: NetworkRouteStop, offset: Int)] {
        let side = sides[directionIndex == 1 ? 1 : 0]
        let sided = side.isEmpty ? stops : stops.map { $0.at(side[$0.stopID] ?? $0.stopID) }
        guard directionIndex == 1, let last = sided.last else { return sided.map { ($0, $0.minutes) } }
        return sided.reversed().map { ($0, last.minutes - $0.minutes) }
    }
}

/// A disruption record, with times relative to "now".
public struct NetworkDisruption: Decodable, Sendable, Equatable {
    /// PTV disruption id.
    public let disruptionID: Int64
    /// Headline.
    public let title: String
    /// Full text.
    public let description: String
    /// "Current" or "Planned".
    public let status: String
    /// Disruption type, e.g. "Planned Works".
    public let type: String
    /// Bucket name, e.g. "metro_train".
    public let mode: String
    /// Start, in hours from now.
    public let fromOffsetHours: Double
    /// End, in hours from now; nil when open-ended.
    public let toOffsetHours: Double?
    /// Affected routes.
    public let routeIDs: [Int]
    /// Affected stops.
    public let stopIDs: [Int]
    /// More information.
    public let url: String
    /// False for a disruption PTV names on departures but leaves out of every list and expansion, answering only
    /// when asked by its id (seen on the real API): how a rider meets "named but not sent".
    public let listed: Bool

    private enum CodingKeys: String, CodingKey {
        case disruptionID = "disruption_id", title, description, status, type, mode
        case fromOffsetHours = "from_offset_hours", toOffsetHours = "to_offset_hours"
        case routeIDs = "route_ids", stopIDs = "stop_ids", url, listed
    }

    /// Decodes one disruption record.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        disruptionID = try c.decode(Int64.self, forKey: .disruptionID)
        title = try c.decode(String.self, forKey: .title)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        status = try c.decodeIfPresent(String.self, forKey: .status) ?? "Current"
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? "Service Information"
        mode = try c.decodeIfPresent(String.self, forKey: .mode) ?? "general"
        fromOffsetHours = try c.decodeIfPresent(Double.self, forKey: .fromOffsetHours) ?? 0
        toOffsetHours = try c.decodeIfPresent(Double.self, forKey: .toOffsetHours)
        routeIDs = try c.decodeIfPresent([Int].self, forKey: .routeIDs) ?? []
        stopIDs = try c.decodeIfPresent([Int].self, forKey: .stopIDs) ?? []
        url = try c.decodeIfPresent(String.self, forKey: .url) ?? "http://ptv.vic.gov.au/live-travel-updates/"
        listed = try c.decodeIfPresent(Bool.self, forKey: .listed) ?? true
    }
}

import Foundation

/// A run (one trip of one vehicle), from runs responses and the `runs` map of departures and pattern
/// responses (keyed by `run_ref`). Geopath and interchange are ignored on decode; geopath encodes as `[]`.
public struct Run: Codable, Sendable, Equatable {
    /// Deprecated numeric run id; -1 for runs with alphanumeric refs (buses).
    public var runId: Int
    /// The run's reference, e.g. "952217" or "44-684--1-MF5-95614710". The key to use everywhere.
    /// If PTV omits `run_ref`, this is `String(runId)` when `runId >= 0`, else "".
    public var runRef: String
    /// The route the run belongs to.
    public var routeId: Int
    /// The run's transport mode.
    public var routeType: RouteType
    /// The last stop of the run.
    public var finalStopId: Int
    /// Destination shown to passengers, trimmed (PTV sends "Mernda " etc.).
    public var destinationName: String
    /// Run status: "scheduled", "updated", or possibly "cancelled".
    public var status: String
    /// Direction of travel.
    public var directionId: Int
    /// Run sequence (normally 0).
    public var runSequence: Int
    /// Number of stops the run skips (express running).
    public var expressStopCount: Int
    /// Live vehicle position, when PTV has one and `VehiclePosition` was expanded.
    public var vehiclePosition: VehiclePosition?
    /// Vehicle details, when PTV has them and `VehicleDescriptor` was expanded.
    public var vehicleDescriptor: VehicleDescriptor?
    /// Free-text note PTV sometimes attaches.
    public var runNote: String?
    /// The runs feeding into and continuing from this one (through-running), when PTV sends them.
    public var interchange: RunInterchange?

    /// Creates a run. An empty `runRef` is derived from `runId` when `runId >= 0`.
    public init(runId: Int = -1, runRef: String = "", routeId: Int = 0, routeType: RouteType = .train,
                finalStopId: Int = 0, destinationName: String = "", status: String = "scheduled",
                directionId: Int = 0, runSequence: Int = 0, expressStopCount: Int = 0,
                vehiclePosition: VehiclePosition? = nil, vehicleDescriptor: VehicleDescriptor? = nil,
                runNote: String? = nil, interchange: RunInterchange? = nil) {
        self.runId = runId
        self.runRef = runRef.isEmpty && runId >= 0 ? String(runId) : runRef
        self.routeId = routeId
        self.routeType = routeType
        self.finalStopId = finalStopId
        self.destinationName = destinationName
        self.status = status
        self.directionId = directionId
        self.runSequence = runSequence
        self.expressStopCount = expressStopCount
        self.vehiclePosition = vehiclePosition
        self.vehicleDescriptor = vehicleDescriptor
        self.runNote = runNote
        self.interchange = interchange
    }

    /// True when `status` says the run is cancelled.
    public var isCancelled: Bool {
        let s = status.lowercased()
        return s == "cancelled" || s == "canceled"
    }

    private enum CodingKeys: String, CodingKey {
        case runId = "run_id"
        case runRef = "run_ref"
        case routeId = "route_id"
        case routeType = "route_type"
        case finalStopId = "final_stop_id"
        case destinationName = "destination_name"
        case status
        case directionId = "direction_id"
        case runSequence = "run_sequence"
        case expressStopCount = "express_stop_count"
        case vehiclePosition = "vehicle_position"
        case vehicleDescriptor = "vehicle_descriptor"
        case geopath
        case runNote = "run_note"
        case interchange
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            runId: c.lenientInt(.runId, default: -1),
            runRef: c.lenientString(.runRef),
            routeId: c.lenientInt(.routeId),
            routeType: c.lenientRouteType(.routeType),
            finalStopId: c.lenientInt(.finalStopId),
            destinationName: c.lenientString(.destinationName),
            status: c.lenientString(.status),
            directionId: c.lenientInt(.directionId),
            runSequence: c.lenientInt(.runSequence),
            expressStopCount: c.lenientInt(.expressStopCount),
            vehiclePosition: c.lenientObject(.vehiclePosition, as: VehiclePosition.self),
            vehicleDescriptor: c.lenientObject(.vehicleDescriptor, as: VehicleDescriptor.self),
            runNote: c.lenientStringIfPresent(.runNote),
            interchange: c.lenientObject(.interchange, as: RunInterchange.self)
        )
    }

    /// Encodes PTV's shape (null vehicle objects, `geopath: []`, `run_note` only when present).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(runId, forKey: .runId)
        try c.encode(runRef, forKey: .runRef)
        try c.encode(routeId, forKey: .routeId)
        try c.encode(routeType, forKey: .routeType)
        try c.encode(finalStopId, forKey: .finalStopId)
        try c.encode(destinationName, forKey: .destinationName)
        try c.encode(status, forKey: .status)
        try c.encode(directionId, forKey: .directionId)
        try c.encode(runSequence, forKey: .runSequence)
        try c.encode(expressStopCount, forKey: .expressStopCount)
        try c.encodeOrNull(vehiclePosition, forKey: .vehiclePosition)
        try c.encodeOrNull(vehicleDescriptor, forKey: .vehicleDescriptor)
        try c.encode([String](), forKey: .geopath)
        try c.encodeIfPresent(runNote, forKey: .runNote)
        try c.encodeOrNull(interchange, forKey: .interchange)
    }
}

/// A vehicle's live position (`vehicle_position`).
///
/// `datetime` comes from `datetime_utc`, which metro trains send as Melbourne local time without a zone
/// and buses send as UTC with 7 fraction digits; both are handled by ``PTVTimestamp/parse(_:)``.
public struct VehiclePosition: Codable, Sendable, Equatable {
    /// Latitude in degrees.
    public var latitude: Double?
    /// Longitude in degrees.
    public var longitude: Double?
    /// UTM easting in metres (metro trains; null for buses).
    public var easting: Double?
    /// UTM northing in metres (metro trains; null for buses).
    public var northing: Double?
    /// Heading in degrees.
    public var bearing: Double?
    /// Travel direction text, e.g. "Outbound"; "" when absent.
    public var direction: String
    /// Data supplier, e.g. "CIS - Metro Trains Melbourne" or "Smartrak".
    public var supplier: String
    /// When the position was recorded (`datetime_utc`).
    public var datetime: Date?
    /// When the position goes stale (`expiry_time`).
    public var expiryTime: Date?

    /// Creates a vehicle position.
    public init(latitude: Double? = nil, longitude: Double? = nil, bearing: Double? = nil, direction: String = "",
                supplier: String = "", datetime: Date? = nil, expiryTime: Date? = nil, easting: Double? = nil,
                northing: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.easting = easting
        self.northing = northing
        self.bearing = bearing
        self.direction = direction
        self.supplier = supplier
        self.datetime = datetime
        self.expiryTime = expiryTime
    }

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, easting, northing, bearing, direction, supplier
        case datetime = "datetime_utc"
        case expiryTime = "expiry_time"
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        latitude = c.lenientDoubleIfPresent(.latitude)
        longitude = c.lenientDoubleIfPresent(.longitude)
        easting = c.lenientDoubleIfPresent(.easting)
        northing = c.lenientDoubleIfPresent(.northing)
        bearing = c.lenientDoubleIfPresent(.bearing)
        direction = c.lenientString(.direction)
        supplier = c.lenientString(.supplier)
        datetime = c.lenientDate(.datetime)
        expiryTime = c.lenientDate(.expiryTime)
    }

    /// Encodes PTV's shape; times are written as UTC with a `Z`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeOrNull(latitude, forKey: .latitude)
        try c.encodeOrNull(longitude, forKey: .longitude)
        try c.encodeOrNull(easting, forKey: .easting)
        try c.encodeOrNull(northing, forKey: .northing)
        try c.encode(direction, forKey: .direction)
        try c.encodeOrNull(bearing, forKey: .bearing)
        try c.encode(supplier, forKey: .supplier)
        try c.encodeTimestamp(datetime, forKey: .datetime)
        try c.encodeTimestamp(expiryTime, forKey: .expiryTime)
    }
}

/// Details of the vehicle operating a run (`vehicle_descriptor`).
public struct VehicleDescriptor: Codable, Sendable, Equatable {
    /// Operator name, e.g. "Metro Trains Melbourne".
    public var `operator`: String
    /// Vehicle id, e.g. "9032M-9932M".
    public var id: String
    /// Low-floor vehicle; nil when unknown.
    public var lowFloor: Bool?
    /// Air-conditioned vehicle; nil when unknown.
    public var airConditioned: Bool?
    /// Vehicle description, e.g. "7-car HCMT".
    public var description: String
    /// Data supplier.
    public var supplier: String
    /// Vehicle length text, e.g. "160".
    public var length: String

    /// Creates a vehicle descriptor.
    public init(operator: String = "", id: String = "", lowFloor: Bool? = nil, airConditioned: Bool? = nil,
                description: String = "", supplier: String = "", length: String = "") {
        self.operator = `operator`
        self.id = id
        self.lowFloor = lowFloor
        self.airConditioned = airConditioned
        self.description = description
        self.supplier = supplier
        self.length = length
    }

    private enum CodingKeys: String, CodingKey {
        case `operator`, id
        case lowFloor = "low_floor"
        case airConditioned = "air_conditioned"
        case description, supplier, length
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        `operator` = c.lenientString(.operator)
        id = c.lenientString(.id)
        lowFloor = c.lenientBoolIfPresent(.lowFloor)
        airConditioned = c.lenientBoolIfPresent(.airConditioned)
        description = c.lenientString(.description)
        supplier = c.lenientString(.supplier)
        length = c.lenientString(.length)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(`operator`, forKey: .operator)
        try c.encode(id, forKey: .id)
        try c.encodeOrNull(lowFloor, forKey: .lowFloor)
        try c.encodeOrNull(airConditioned, forKey: .airConditioned)
        try c.encode(description, forKey: .description)
        try c.encode(supplier, forKey: .supplier)
        try c.encode(length, forKey: .length)
    }
}

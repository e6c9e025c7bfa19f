import Foundation

/// A run (one trip of one vehicle), from runs responses and the `runs` map of departures and pattern
/// responses (keyed by `run_ref`). The geopath is not read.
public struct Run: PTVModel, PTVMapKeyed {
    /// Deprecated numeric run id; -1 for runs with alphanumeric refs (buses).
    @RunID public var runId: Int
    /// The run's reference, e.g. "952217" or "44-684--1-MF5-95614710". The key to use everywhere.
    /// If PTV omits `run_ref`, this is `String(runId)` when `runId >= 0`, else "".
    @RunReference public var runRef: String
    /// The route the run belongs to.
    @Lenient public var routeId: Int
    /// The run's transport mode.
    @Lenient public var routeType: RouteType
    /// The last stop of the run.
    @Lenient public var finalStopId: Int
    /// Destination shown to passengers, trimmed (PTV sends "Mernda " etc.).
    @Lenient public var destinationName: String
    /// Run status: "scheduled", "updated", or possibly "cancelled".
    @Lenient public var status: String
    /// Direction of travel.
    @Lenient public var directionId: Int
    /// Run sequence (normally 0).
    @Lenient public var runSequence: Int
    /// Number of stops the run skips (express running).
    @Lenient public var expressStopCount: Int
    /// Live vehicle position, when PTV has one and `VehiclePosition` was expanded.
    @Lenient public var vehiclePosition: VehiclePosition?
    /// Vehicle details, when PTV has them and `VehicleDescriptor` was expanded.
    @Lenient public var vehicleDescriptor: VehicleDescriptor?
    /// Free-text note PTV sometimes attaches.
    @Lenient public var runNote: String?
    /// The runs feeding into and continuing from this one (through-running), when PTV sends them.
    @Lenient public var interchange: RunInterchange?

    /// The run reference, as PTV keys runs.
    public var mapKey: String { runRef }

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
        case runNote = "run_note"
        case interchange
    }
}

/// A vehicle's live position (`vehicle_position`).
///
/// `datetime` comes from `datetime_utc`, which metro trains send as Melbourne local time without a zone
/// and buses send as UTC with 7 fraction digits; both are handled by ``PTVTimestamp/parse(_:)``.
public struct VehiclePosition: PTVModel {
    /// Latitude in degrees.
    @Lenient public var latitude: Double?
    /// Longitude in degrees.
    @Lenient public var longitude: Double?
    /// UTM easting in metres (metro trains; null for buses).
    @Lenient public var easting: Double?
    /// UTM northing in metres (metro trains; null for buses).
    @Lenient public var northing: Double?
    /// Heading in degrees.
    @Lenient public var bearing: Double?
    /// Travel direction text, e.g. "Outbound"; "" when absent.
    @Lenient public var direction: String
    /// Data supplier, e.g. "CIS - Metro Trains Melbourne" or "Smartrak".
    @Lenient public var supplier: String
    /// When the position was recorded (`datetime_utc`).
    @Lenient public var datetime: Date?
    /// When the position goes stale (`expiry_time`).
    @Lenient public var expiryTime: Date?

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, easting, northing, bearing, direction, supplier
        case datetime = "datetime_utc"
        case expiryTime = "expiry_time"
    }
}

/// Details of the vehicle operating a run (`vehicle_descriptor`).
public struct VehicleDescriptor: PTVModel {
    /// Operator name, e.g. "Metro Trains Melbourne".
    @Lenient public var `operator`: String
    /// Vehicle id, e.g. "9032M-9932M".
    @Lenient public var id: String
    /// Low-floor vehicle; nil when unknown.
    @Lenient public var lowFloor: Bool?
    /// Air-conditioned vehicle; nil when unknown.
    @Lenient public var airConditioned: Bool?
    /// Vehicle description, e.g. "7-car HCMT".
    @Lenient public var description: String
    /// Data supplier.
    @Lenient public var supplier: String
    /// Vehicle length text, e.g. "160".
    @Lenient public var length: String

    private enum CodingKeys: String, CodingKey {
        case `operator`, id
        case lowFloor = "low_floor"
        case airConditioned = "air_conditioned"
        case description, supplier, length
    }
}

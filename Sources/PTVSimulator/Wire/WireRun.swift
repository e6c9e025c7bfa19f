import Foundation
import PTV

/// A run exactly as PTV sends it: every key present, nulls where PTV sends null, `geopath: []`,
/// `interchange` and `run_note`, and vehicle positions in the supplier's own format.
struct WireRun: Encodable, Sendable {
    let runId: Int
    let runRef: String
    let routeId: Int
    let routeType: RouteType
    let finalStopId: Int
    let destinationName: String
    /// "scheduled", "updated", "added" or "cancelled".
    let status: String
    let directionId: Int
    var runSequence = 0
    let expressStopCount: Int
    @OrNull var vehiclePosition: WireVehiclePosition?
    @OrNull var vehicleDescriptor: WireVehicleDescriptor?
    var geopath: [String] = []
    @OrNull var interchange: Interchange?
    var runNote = ""

    /// The runs this one continues from and as (through-running).
    struct Interchange: Encodable, Sendable {
        @OrNull var feeder: Link?
        @OrNull var distributor: Link?
    }

    /// One side of an interchange.
    struct Link: Encodable, Sendable {
        let runRef: String
        let routeId: Int
        let stopId: Int
        let advertised: Bool
        let directionId: Int
        let destinationName: String
    }
}

/// The `vehicle_descriptor` of a tracked metro train.
struct WireVehicleDescriptor: Encodable, Sendable {
    var `operator` = "Metro Trains Melbourne"
    let id: String
    @OrNull var lowFloor: Bool?
    @OrNull var airConditioned: Bool?
    let description: String
    var supplier = "CIS - Metro Trains Melbourne"
    let length: String
}

/// A `vehicle_position` in the shape each supplier sends.
///
/// Metro trains (CIS): easting/northing, "Inbound"/"Outbound", a fractional bearing in (-180, 180], and
/// times in Melbourne local time without a zone. Buses (Smartrak): easting, northing and direction null, a
/// whole-degree bearing, `datetime_utc` in UTC and `expiry_time` with seven fraction digits.
struct WireVehiclePosition: Encodable, Sendable {
    /// Who reports the position.
    enum Supplier: Sendable { case metro, smartrak }

    let supplier: Supplier
    let latitude: Double
    let longitude: Double
    /// Degrees clockwise from north in [0, 360).
    let bearing: Double
    /// "Inbound" or "Outbound" (metro only).
    let direction: String
    let datetime: Date
    let expiry: Date

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, easting, northing, direction, bearing, supplier
        case datetime = "datetime_utc", expiry = "expiry_time"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
        switch supplier {
        case .metro:
            let grid = Geo.utm(latitude, longitude)
            try c.encode(grid.easting, forKey: .easting)
            try c.encode(grid.northing, forKey: .northing)
            try c.encode(direction, forKey: .direction)
            try c.encode(bearing > 180 ? bearing - 360 : bearing, forKey: .bearing)
            try c.encode("CIS - Metro Trains Melbourne", forKey: .supplier)
            try c.encode(Self.melbourneLocal(datetime), forKey: .datetime)
            try c.encode(Self.melbourneLocal(expiry), forKey: .expiry)
        case .smartrak:
            try c.encodeNil(forKey: .easting)
            try c.encodeNil(forKey: .northing)
            try c.encodeNil(forKey: .direction)
            try c.encode(Int(bearing.rounded()) % 360, forKey: .bearing)
            try c.encode("Smartrak", forKey: .supplier)
            try c.encode(PTVTimestamp.format(datetime), forKey: .datetime)
            try c.encode(Self.sevenFractionDigits(expiry), forKey: .expiry)
        }
    }

    /// `2025-11-30T13:13:35`: Melbourne wall-clock time with no zone, as CIS sends it.
    static func melbourneLocal(_ date: Date) -> String {
        let offset = PTVTimestamp.melbourne.secondsFromGMT(for: date)
        return String(PTVTimestamp.format(date.addingTimeInterval(Double(offset))).dropLast())
    }

    /// `2024-06-28T00:04:28.4985343Z`: UTC with seven fraction digits, as Smartrak sends expiry times.
    static func sevenFractionDigits(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let fraction = Int(((date.timeIntervalSince1970 - whole) * 10_000_000).rounded(.down))
        let text = PTVTimestamp.format(Date(timeIntervalSince1970: whole))
        return text.dropLast() + "." + String(format: "%07d", fraction) + "Z"
    }
}

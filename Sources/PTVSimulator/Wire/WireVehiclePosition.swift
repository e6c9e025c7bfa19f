import Foundation
import PTV

/// A `vehicle_position` in the shape each supplier sends.
///
/// Metro trains (CIS): easting/northing, "Inbound"/"Outbound", a fractional bearing in (-180, 180], and
/// times in Melbourne local time without a zone. Buses (Smartrak): easting, northing and direction null, a
/// whole-degree bearing, `datetime_utc` in UTC and `expiry_time` with seven fraction digits.
struct WireVehiclePosition: JSONValue {
    /// Who reports the position.
    enum Supplier: Sendable { case metro, smartrak }

    let supplier: Supplier
    /// Where the vehicle is and the way it faces (bearing in degrees clockwise from north, in [0, 360)).
    let fix: VehicleFix
    /// "Inbound" or "Outbound" (metro only).
    let direction: String
    let datetime, expiry: Date

    /// The position as its supplier writes it.
    var json: JSON {
        let latitude = fix.latitude, longitude = fix.longitude, bearing = fix.bearing
        switch supplier {
        case .metro:
            let grid = Geo.utm(latitude, longitude)
            return .keyed([
                "latitude": latitude, "longitude": longitude, "easting": grid.easting, "northing": grid.northing,
                "direction": direction, "bearing": bearing > 180 ? bearing - 360 : bearing,
                "supplier": "CIS - Metro Trains Melbourne", "datetime_utc": Self.melbourneLocal(datetime),
                "expiry_time": Self.melbourneLocal(expiry),
            ])
        case .smartrak:
            return .keyed([
                "latitude": latitude, "longitude": longitude, "easting": JSON.null, "northing": JSON.null,
                "direction": JSON.null, "bearing": Int(bearing.rounded()) % 360, "supplier": "Smartrak",
                "datetime_utc": datetime, "expiry_time": Self.sevenFractionDigits(expiry),
            ])
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

import Foundation
import PTV

/// One stop near a point, with the distance Trakx computes from the point (not PTV's).
struct NearbyStop: Sendable {
    let stop: Stop
    /// Metres from the point.
    let metres: Double
    /// "120 metres north".
    let distance: String

    /// Measures `stop` from the point; nil when neither its position nor PTV's distance is known.
    init?(_ stop: Stop, latitude: Double, longitude: Double) {
        self.stop = stop
        if let lat = stop.stopLatitude, let lon = stop.stopLongitude {
            metres = Compass.distance(fromLatitude: latitude, fromLongitude: longitude, toLatitude: lat, toLongitude: lon)
            let bearing = Compass.bearing(fromLatitude: latitude, fromLongitude: longitude, toLatitude: lat, toLongitude: lon)
            distance = Compass.describe(distance: Self.spoken(metres), bearing: bearing)
        } else if let given = stop.stopDistance, given >= 0, given <= DistanceWords.farthest {
            metres = given
            distance = DistanceWords.metres(Self.spoken(given))
        } else {
            return nil
        }
        guard metres.isFinite else { return nil }
    }

    /// The distance as said in the list: to 10 metres up to 250 metres, then to 100 metres ("500 metres", not
    /// "530 metres"), which is as much as a walk needs and a second less to hear on each of 26 stops.
    static func spoken(_ metres: Double) -> Double {
        metres < 250 ? metres : (metres / 100).rounded() * 100
    }

    /// The stop as a link: its name, then as detail its suburb when it is not the list's usual one, which way its
    /// services leave when given (before the lines, so that it comes early in the row, before a line wrap), and the
    /// lines serving it ("trams 86 and 96"), or its mode when PTV named none; no empty part is written.
    func link(usualSuburb: String?, way: String? = nil) -> Link {
        // The stop number ("stop 13") is left to the stop's own page: in a list of 26 it is heard 26 times.
        let name = SpokenName.stop(stop.stopName, withStopNumber: false)
        let suburb = stop.stopSuburb.trimmingCharacters(in: .whitespaces)
        var parts: [String] = []
        if !suburb.isEmpty, suburb != usualSuburb, !name.localizedCaseInsensitiveContains(suburb) {
            parts.append("in \(suburb)")
        }
        if let way { parts.append(way) }
        let routes = ModeWords.servedBy(stop.routes, limit: 2)
        parts.append(routes.isEmpty ? "\(ModeWords.noun(stop.routeType)) stop" : routes)
        return Link(name, href: Paths.stop(stop.routeType, stop.stopId), detail: parts.joined(separator: ", "))
    }
}

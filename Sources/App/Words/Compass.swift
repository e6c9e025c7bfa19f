import Foundation

/// Great-circle maths and compass wording for saying where a stop is: "120 metres northeast".
public enum Compass {
    /// Mean Earth radius in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    private static let points = [
        "north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest",
    ]

    /// The initial great-circle bearing from the first point to the second, in degrees
    /// clockwise from true north, in 0..<360. Identical points give 0.
    public static func bearing(
        fromLatitude: Double, fromLongitude: Double, toLatitude: Double, toLongitude: Double
    ) -> Double {
        let phi1 = radians(fromLatitude)
        let phi2 = radians(toLatitude)
        let deltaLambda = radians(toLongitude - fromLongitude)
        let y = sin(deltaLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(deltaLambda)
        return normalise(atan2(y, x) * 180 / .pi)
    }

    /// The haversine great-circle distance between two points, in metres.
    public static func distance(
        fromLatitude: Double, fromLongitude: Double, toLatitude: Double, toLongitude: Double
    ) -> Double {
        let phi1 = radians(fromLatitude)
        let phi2 = radians(toLatitude)
        let sinHalfPhi = sin(radians(toLatitude - fromLatitude) / 2)
        let sinHalfLambda = sin(radians(toLongitude - fromLongitude) / 2)
        let a = sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda
        let clamped = min(max(a, 0), 1)
        return 2 * earthRadius * atan2(clamped.squareRoot(), (1 - clamped).squareRoot())
    }

    /// The nearest of the eight compass points for a bearing in degrees: "north", "northeast",
    /// "east", "southeast", "south", "southwest", "west" or "northwest". One word each, never hyphenated: at
    /// Orca's default punctuation level speech-dispatcher says a hyphen ("north dash west"); espeak-ng says
    /// "northwest" as the compass point.
    ///
    /// Each point covers 45° centred on it (north is 337.5..<22.5). Negative and ≥ 360 bearings
    /// are normalised; a non-finite bearing reads "north".
    public static func word(_ bearing: Double) -> String {
        guard bearing.isFinite else { return points[0] }
        let sector = Int(((normalise(bearing) + 22.5) / 45).rounded(.down)) % 8
        return points[sector]
    }

    /// Distance and direction in words, such as "120 metres northeast" or
    /// "1200 metres south"; under 15 m it is "less than 20 metres away".
    public static func describe(distance: Double, bearing: Double) -> String {
        guard distance >= 15 else { return "less than 20 metres away" }
        return DistanceWords.metres(distance) + " " + word(bearing)
    }

    // MARK: - Private

    private static func radians(_ degrees: Double) -> Double {
        degrees * .pi / 180
    }

    /// Maps any finite angle into 0..<360.
    private static func normalise(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        let positive = r < 0 ? r + 360 : r
        return positive >= 360 ? 0 : positive
    }
}

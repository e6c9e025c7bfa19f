import Foundation

/// Turns distances in metres into words that read aloud well: "120 metres", "1200 metres", "2 kilometres".
public enum DistanceWords {
    /// A distance in words.
    ///
    /// - Under 15 m: "less than 20 metres" (GPS is not precise enough to say more).
    /// - Under 1 km: rounded to the nearest 10 m, "120 metres".
    /// - Under 10 km: rounded to the nearest 100 m, "1200 metres", "1 kilometre", "2 kilometres": never a decimal
    ///   point, which speech-dispatcher hands on as "1 .2" and espeak-ng says as "1 dot 2".
    /// - From 10 km: whole kilometres, "15 kilometres".
    /// - A non-finite input, or one longer than the way round the Earth (`farthest`: no distance on a map, and past
    ///   `Int.max` it could not be counted at all), reads "unknown distance".
    public static func metres(_ m: Double) -> String {
        guard !m.isNaN else { return "unknown distance" }
        if m < 15 { return "less than 20 metres" }
        guard m <= farthest else { return "unknown distance" }

        let tens = Int((m / 10).rounded())
        if tens < 100 {
            return "\(tens * 10) metres"
        }

        let tenths = Int((m / 100).rounded())
        if tenths >= 100 {
            let km = Int((m / 1000).rounded())
            return "\(km) kilometres"
        }
        if tenths == 10 { return "1 kilometre" }
        if tenths % 10 == 0 { return "\(tenths / 10) kilometres" }
        return "\(tenths * 100) metres"
    }

    /// The way round the Earth at the equator, in metres: no two places are further apart.
    public static let farthest = 40_075_000.0
}

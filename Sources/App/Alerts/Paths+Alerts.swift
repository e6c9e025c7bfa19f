import PTV

extension Paths {
    /// The page that stops one alert: `/alerts/stop/{code}`.
    static func alertStop(_ code: String) -> String { "/alerts/stop/\(code)" }
}

import HTTPClient
import PTV

/// Words and URLs for modes, routes and stops.
enum ModeWords {
    /// "train", "tram", "bus", "V/Line", "night bus".
    static func noun(_ type: RouteType) -> String {
        switch type {
        case .train: "train"
        case .tram: "tram"
        case .bus: "bus"
        case .vline: "V/Line"
        case .nightBus: "night bus"
        default: "service"
        }
    }

    /// The URL slug, falling back to "bus" for unknown types.
    static func slug(_ type: RouteType) -> String { type.slug ?? "bus" }

    /// "Frankston line", "Route 86 tram", "Route 246 bus", "Geelong V/Line line", "Route 970 night bus".
    static func service(_ route: Route?, type: RouteType) -> String {
        guard let route else { return "A \(noun(type)) service" }
        let number = route.routeNumber
        switch type {
        case .train: return "\(SpokenName.route(route.routeName)) line"
        case .vline: return "\(SpokenName.route(route.routeName)) V/Line line"
        default:
            return number.isEmpty ? "\(SpokenName.route(route.routeName)) \(noun(type))" : "Route \(number) \(noun(type))"
        }
    }

    /// `/stops/{mode}/{id}`.
    static func stopURL(_ type: RouteType, _ id: Int) -> String { "/stops/\(slug(type))/\(id)" }

    /// `/lines/{mode}/{id}`.
    static func lineURL(_ type: RouteType, _ id: Int) -> String { "/lines/\(slug(type))/\(id)" }

    /// `/runs/{mode}/{ref}`.
    static func runURL(_ type: RouteType, _ ref: String, stop: Int? = nil) -> String {
        "/runs/\(slug(type))/\(PercentEncoding.encode(ref))" + (stop.map { "?stop=\($0)" } ?? "")
    }

    /// Lower-cases the first letter, for use mid-sentence.
    static func midSentence(_ text: String) -> String {
        for prefix in ["Route ", "A ", "Platform ", "Live", "Timetable", "Cancelled"] where text.hasPrefix(prefix) {
            return prefix.lowercased() + text.dropFirst(prefix.count)
        }
        return text
    }
}

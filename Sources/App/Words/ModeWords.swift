import PTV

/// Words for modes and routes.
enum ModeWords {
    /// The modes a rider can pick in URLs and filters, in the order pages offer them.
    static let offered: [RouteType] = RouteType.known

    /// V/Line as Trakx writes it: Orca and espeak-ng say the slash ("V slash Line"), so its own words leave it out.
    /// A line is "the V Line Geelong line", as V/Line names its own (never "Geelong V Line line").
    /// (PTV's texts are said the same way, ``PTVSentences/heard(_:)``.)
    static let vLine = "V Line"

    /// "V Line Geelong line", "V Line Geelong and Ballarat lines".
    private static func vLineLines(_ names: [String]) -> String {
        "\(vLine) " + Plural.list(names) + (names.count == 1 ? " line" : " lines")
    }

    /// "train", "tram", "bus", "V Line", "night bus".
    static func noun(_ type: RouteType) -> String {
        switch type {
        case .train: "train"
        case .tram: "tram"
        case .bus: "bus"
        case .vline: vLine
        case .nightBus: "night bus"
        default: "service"
        }
    }

    /// "trains", "trams", "buses", "V Line trains", "night buses".
    static func plural(_ type: RouteType) -> String {
        switch type {
        case .train: "trains"
        case .tram: "trams"
        case .bus: "buses"
        case .vline: vLine + " trains"
        case .nightBus: "night buses"
        default: "services"
        }
    }

    /// "Trains", "Trams", "Buses", "V Line", "Night buses": a filter or heading label.
    static func label(_ type: RouteType) -> String {
        type == .vline ? vLine : plural(type).capitalisedFirst
    }

    /// The URL slug, falling back to "bus" for unknown types.
    static func slug(_ type: RouteType) -> String { type.slug ?? "bus" }

    /// A route as riders name it: its number when it has one (from `route_number`, or from a name that
    /// carries it), and its name tidied for reading aloud.
    static func routeName(_ route: Route) -> (number: String?, name: String) {
        (SpokenName.routeNumber(route.routeNumber, name: route.routeName), SpokenName.route(route.routeName))
    }

    /// PTV's metro route id for the City Circle train, the shuttle round the City Loop, which PTV's answers name by id
    /// only: a real departures answer at Southern Cross gives `route_id` 99 and no route object for it.
    static let cityCircleTrainRouteID = 99

    /// "Frankston line", "Route 86 tram", "Route 246 bus", "V Line Geelong line", "Route 970 night bus".
    /// - Parameters:
    ///   - route: The route object PTV's answer expands, if any.
    ///   - type: The mode.
    ///   - routeID: The route id of the departure or run, for a route PTV names by id only (the City Circle train).
    static func service(_ route: Route?, type: RouteType, routeID: Int? = nil) -> String {
        guard let route else {
            return type == .train && routeID == cityCircleTrainRouteID ? "City Circle train" : "A \(noun(type)) service"
        }
        let (number, name) = routeName(route)
        switch type {
        case .train where !name.isEmpty: return "\(name) line"
        case .vline where !name.isEmpty: return "\(vLine) \(name) line"
        // Route 35 is known by its name ("City Circle (Free Tourist Tram)" in PTV's data), not its number.
        case .tram where name.hasPrefix("City Circle"): return "City Circle tram"
        default:
            if let number { return "Route \(number) \(noun(type))" }
            return name.isEmpty ? "A \(noun(type)) service" : "\(name) \(noun(type))"
        }
    }

    /// The routes a disruption names, with the mode said once per mode:
    /// "routes 1, 5 and 16 trams", "the Frankston and Sandringham lines", "route 737 buses".
    static func routes(_ routes: [Route]) -> String {
        Plural.list(grouped(routes).flatMap { group -> [String] in
            switch group.type {
            case .train where !group.names.isEmpty:
                return ["the " + Plural.list(group.names) + (group.names.count == 1 ? " line" : " lines")]
            case .vline where !group.names.isEmpty:
                return ["the " + vLineLines(group.names)]
            default:
                let numbered = group.numbers.isEmpty ? [] :
                    [(group.numbers.count == 1 ? "route " : "routes ") + Plural.list(group.numbers) + " " + plural(group.type)]
                return numbered + group.names.map { "the \($0) \(noun(group.type))" }
            }
        })
    }

    /// The routes serving a stop, short enough to hear once per stop in a list: "trams 86 and 96", "bus 907",
    /// "Frankston and Sandringham lines", "7 train lines"; at most `limit` named per mode.
    static func servedBy(_ routes: [Route], limit: Int) -> String {
        /// The first `limit` items, then how many more.
        func capped(_ items: [String]) -> String {
            items.count <= limit ? Plural.list(items) : Plural.list(Array(items.prefix(limit)) + ["\(items.count - limit) more"])
        }
        return Plural.list(grouped(routes).flatMap { group -> [String] in
            switch group.type {
            // Past the limit a station's line names say little that helps choose it; their number does.
            case .train where group.names.count > limit:
                return ["\(group.names.count) train lines"]
            case .train where !group.names.isEmpty:
                return [Plural.list(group.names) + (group.names.count == 1 ? " line" : " lines")]
            case .vline where group.names.count > limit:
                return ["\(group.names.count) \(vLine) lines"]
            case .vline where !group.names.isEmpty:
                return [vLineLines(group.names)]
            default:
                let numbered = group.numbers.isEmpty ? [] :
                    [(group.numbers.count == 1 ? noun(group.type) : plural(group.type)) + " " + capped(group.numbers)]
                return numbered + group.names.prefix(limit).map { "the \($0) \(noun(group.type))" }
            }
        })
    }

    /// Routes by mode (in the order first seen), each with its distinct numbers (in number order) and the
    /// names of routes riders know by name (train and V/Line lines, and routes without a number).
    private static func grouped(_ routes: [Route]) -> [(type: RouteType, numbers: [String], names: [String])] {
        let types = routes.map(\.routeType).reduce(into: [RouteType]()) { if !$0.contains($1) { $0.append($1) } }
        return types.map { type in
            var numbers: [String] = []
            var names: [String] = []
            for route in routes where route.routeType == type {
                let (number, name) = routeName(route)
                if type == .train || type == .vline, !name.isEmpty {
                    if !names.contains(name) { names.append(name) }
                } else if let number {
                    if !numbers.contains(number) { numbers.append(number) }
                } else if !name.isEmpty, !names.contains(name) {
                    names.append(name)
                }
            }
            numbers.sort { (Int($0) ?? Int.max, $0) < (Int($1) ?? Int.max, $1) }
            return (type, numbers, names)
        }
    }

    /// Lower-cases the first letter, for use mid-sentence.
    static func midSentence(_ text: String) -> String {
        for prefix in ["Route ", "A ", "Platform ", "Live", "Timetable", "Cancelled"] where text.hasPrefix(prefix) {
            return prefix.lowercased() + text.dropFirst(prefix.count)
        }
        return text
    }
}

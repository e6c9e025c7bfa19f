import HTTPServer
import PTV
import Storage

/// How a favourite is named in pages, buttons and confirmations.
enum FavouriteWords {
    /// "Flinders Street Station", or "Frankston line towards Frankston at Flinders Street Station".
    static func thing(_ favourite: FavouriteStop) -> String {
        let stop = SpokenName.stop(favourite.stopName)
        guard favourite.routeID != nil else { return stop }
        return "\(line(favourite)) at \(stop)"
    }

    /// "Frankston line towards Frankston" (a line favourite), "Frankston line" (both directions).
    static func line(_ favourite: FavouriteStop) -> String {
        let line = favourite.lineName ?? "Route \(favourite.routeID ?? 0)"
        return favourite.directionName.map { "\(line) towards \($0)" } ?? line
    }

    /// "Home, Flinders Street Station" (no brackets, which a screen reader says as "left paren") or the plain name.
    static func title(_ favourite: FavouriteStop) -> String {
        favourite.ownName.map { "\($0), \(thing(favourite))" } ?? thing(favourite)
    }

    /// The id of the own-name field: `name-0-1071` for a stop, `name-0-1071-6-1` for a line (`x` for both ways).
    static func fieldID(_ key: FavouriteKey) -> String {
        guard let route = key.routeID else { return "name-\(key.routeType)-\(key.stopID)" }
        return "name-\(key.routeType)-\(key.stopID)-\(route)-\(key.directionID.map(String.init) ?? "x")"
    }
}

/// The line part of a favourite change: optional `route_id` and `direction_id` form fields, or one `line`
/// field ("6-1": route, then direction, empty for both ways), the value of the button pressed in the stop
/// page's one form of line buttons.
enum FavouriteForm {
    /// The key named by the path's mode and stop and the form's line.
    /// - Parameters:
    ///   - mode: The mode slug.
    ///   - stop: The stop id text.
    ///   - request: The form.
    static func key(mode: String, stop: String, _ request: Request) throws -> FavouriteKey {
        let type = try Params.mode(mode)
        let stopID = try Params.id(stop, "stop number")
        var routeText = request.form("route_id") ?? ""
        var directionText = request.form("direction_id") ?? ""
        if let line = request.form("line"), !line.isEmpty {
            guard let dash = line.firstIndex(of: "-") else { throw HTTPError(400, "The line must be a line number and a direction number, such as 6-1.") }
            routeText = String(line[..<dash])
            directionText = String(line[line.index(after: dash)...])
        }
        guard !routeText.isEmpty else { return FavouriteKey(routeType: type.rawValue, stopID: stopID) }
        let routeID = try Params.id(routeText, "line number")
        var directionID: Int?
        if !directionText.isEmpty {
            guard directionText.utf8.count <= 10, directionText.utf8.allSatisfy({ (48 ... 57).contains($0) }),
                  let value = Int(directionText), value <= Int(Int32.max) else {
                throw HTTPError(400, "The direction number must be a whole number, such as 1.")
            }
            directionID = value
        }
        return FavouriteKey(routeType: type.rawValue, stopID: stopID, routeID: routeID, directionID: directionID)
    }
}

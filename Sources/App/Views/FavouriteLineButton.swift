import PTV
import Storage

/// The line and direction a group of departures belongs to.
struct LineAtStop: Sendable, Hashable {
    /// PTV route id.
    let routeID: Int
    /// PTV direction id.
    let directionID: Int
    /// "Frankston line", "Route 86 tram".
    let service: String
    /// "Frankston", "City (Flinders Street)", or nil when PTV gave no name.
    let directionName: String?

    /// The line of `departure`.
    /// - Parameters:
    ///   - departure: A departure in the group.
    ///   - service: The service as said.
    ///   - direction: PTV's direction, when expanded.
    init(_ departure: Departure, service: String, direction: Direction?) {
        routeID = departure.routeId
        directionID = departure.directionId
        self.service = service
        let name = SpokenName.stop(direction?.directionName ?? "")
        directionName = name.isEmpty ? nil : name
    }

    /// "Frankston line towards Frankston".
    var spoken: String { directionName.map { "\(service) towards \($0)" } ?? service }
}

/// The form under a line's departures that stars or unstars that line in that direction at this stop.
struct FavouriteLineButton: Sendable {
    let toggle: FavouriteToggle
    /// The line's route and direction, sent with the form.
    let line: FavouriteLineFields
    /// "Add Frankston line towards Frankston to favourites" or "Remove … from favourites".
    let label: String

    /// `groups` with a button on the first group of each line and direction.
    /// - Parameters:
    ///   - groups: The board's groups.
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - favourites: The visitor's favourites at this stop.
    ///   - token: The form token (the page cache's placeholder).
    ///   - returnPath: Where to come back to.
    static func star(_ groups: [DepartureGroup], type: RouteType, stopID: Int, favourites: [FavouriteStop],
                     token: String, returnPath: String) -> [DepartureGroup] {
        var seen = Set<LineAtStop>()
        let fields = FavouriteStopFields(token: token, returnPath: returnPath, mode: ModeWords.slug(type), stopID: stopID)
        return groups.map { group in
            guard let line = group.line, seen.insert(line).inserted else { return group }
            let key = FavouriteKey(routeType: type.rawValue, stopID: stopID, routeID: line.routeID, directionID: line.directionID)
            let starred = favourites.contains { $0.key == key }
            var starredGroup = group
            starredGroup.starButton = FavouriteLineButton(
                toggle: fields.toggle(isFavourite: starred),
                line: FavouriteLineFields(routeID: line.routeID, directionID: String(line.directionID)),
                label: starred ? "Remove \(line.spoken) from favourites" : "Add \(line.spoken) to favourites")
            return starredGroup
        }
    }
}

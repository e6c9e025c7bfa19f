import Foundation
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
    /// "Frankston", "City, Flinders Street" (PTV's "City (Flinders Street)"), or nil when PTV gave no name.
    let directionName: String?

    /// The line of `departure`.
    /// - Parameters:
    ///   - departure: A departure in the group.
    ///   - service: The service as said.
    ///   - direction: PTV's direction, when expanded.
    ///   - destination: Where the departure goes, as the board says it.
    init(_ departure: Departure, service: String, direction: Direction?, destination: String) {
        routeID = departure.routeId
        directionID = departure.directionId
        self.service = service
        directionName = Self.directionName(direction, routeID: departure.routeId, destination: destination)
    }

    /// A direction named from the departure's own run and route. PTV keys a departures answer's directions by id
    /// alone, so the object for id 1 may be another route's: then the departure's destination names it. Its own
    /// route's "City (Flinders Street)" (said "City, Flinders Street") is said as "City" for a train that does not go
    /// to Flinders Street (a Metro Tunnel train to Town Hall).
    /// - Parameters:
    ///   - direction: PTV's direction object for the departure's direction id.
    ///   - routeID: The departure's route.
    ///   - destination: Where the departure goes, as said after "to".
    static func directionName(_ direction: Direction?, routeID: Int, destination: String) -> String? {
        let own = direction.flatMap { $0.routeId == routeID ? SpokenName.stop($0.directionName) : nil } ?? ""
        guard !own.isEmpty else { return destination.isEmpty ? nil : destination }
        if own.hasPrefix("City, "), !destination.isEmpty, own.dropFirst("City, ".count) != destination {
            return "City"
        }
        return own
    }

    /// The name of a line's direction at a stop, as the stop's board names it (for a favourite being stored).
    /// - Parameters:
    ///   - answer: The stop's departures.
    ///   - routeID: The line.
    ///   - directionID: Its direction.
    ///   - stopID: The stop.
    ///   - type: The stop's mode.
    static func directionName(in answer: DeparturesResponse, routeID: Int, directionID: Int, stopID: Int, type: RouteType) -> String? {
        let direction = answer.directions[String(directionID)]
        let departure = answer.departures.first { $0.routeId == routeID && $0.directionId == directionID }
        let named = departure.map { PlatformDestination.name(run: answer.runs[$0.runRef], direction: direction, boarding: stopID, type: type).name }
        return directionName(direction, routeID: routeID, destination: named ?? "")
    }

    /// "Frankston line towards Frankston".
    var spoken: String { directionName.map { "\(service) towards \($0)" } ?? service }
}

/// A line's button in the stop page's one form of line buttons: it stars or unstars that line in that
/// direction at this stop. (One form for all of them, not one each: the token and the stop go once.)
struct FavouriteLineButton: Sendable {
    /// Whether the line is a favourite now (the button removes it).
    let isFavourite: Bool
    /// Set when the button removes: the favourite's `/remove` (the form itself adds, at `/favourites`).
    let formAction: String?
    /// The `line` field the button sends: route, a dash, direction ("6-1"; "6-" for both ways).
    let value: String
    /// "Add Frankston line towards Frankston to favourites" or "Remove … from favourites".
    let label: String

    /// `groups` with a button on the first group of each line and direction.
    /// - Parameters:
    ///   - groups: The board's groups.
    ///   - type: The stop's mode.
    ///   - fields: The stop's form fields (a removal posts to that stop's favourite).
    ///   - favourites: The visitor's favourites at this stop.
    static func star(_ groups: [DepartureGroup], type: RouteType, fields: FavouriteStopFields,
                     favourites: [FavouriteStop]) -> [DepartureGroup] {
        var seen = Set<LineAtStop>()
        return groups.map { group in
            guard let line = group.line, seen.insert(line).inserted else { return group }
            let key = FavouriteKey(routeType: type.rawValue, stopID: fields.stopID, routeID: line.routeID,
                                   directionID: line.directionID)
            let starred = favourites.contains { $0.key == key }
            var starredGroup = group
            starredGroup.starButton = FavouriteLineButton(
                isFavourite: starred, formAction: starred ? fields.removeAction : nil,
                value: "\(line.routeID)-\(line.directionID)",
                label: starred ? "Remove \(line.spoken) from favourites" : "Add \(line.spoken) to favourites")
            return starredGroup
        }
    }
}

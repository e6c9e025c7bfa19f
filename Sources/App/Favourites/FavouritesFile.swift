import Foundation
import PTV
import Storage

/// The export file format. Version 2 adds the line (`route_id`, `direction_id` and their names); version 1
/// files (whole stops only) still import.
struct FavouritesFile: Codable, Sendable {
    /// One favourite in the file.
    struct Entry: Codable, Sendable {
        let mode: String
        let stop_id: Int
        let stop_name: String
        let route_id: Int?
        let direction_id: Int?
        let line_name: String?
        let direction_name: String?
        let name: String?
        let created_at: Date?
    }

    /// The version written now.
    static let currentVersion = 2

    let format: String
    let version: Int
    let favourites: [Entry]

    /// The file for `favourites`.
    init(favourites: [FavouriteStop]) {
        format = "trakx-favourites"
        version = Self.currentVersion
        self.favourites = favourites.map {
            Entry(mode: RouteType(rawValue: $0.routeType).slug ?? "bus", stop_id: $0.stopID, stop_name: $0.stopName,
                  route_id: $0.routeID, direction_id: $0.directionID, line_name: $0.lineName, direction_name: $0.directionName,
                  name: $0.ownName, created_at: $0.createdAt)
        }
    }

    /// Every entry checked; nil when any is invalid, so a bad file changes nothing.
    /// - Parameter now: The time for entries without one.
    func validated(now: Date) -> [FavouriteStop]? {
        guard format == "trakx-favourites", (1 ... Self.currentVersion).contains(version), favourites.count <= 1000 else { return nil }
        var result: [FavouriteStop] = []
        for entry in favourites {
            guard let type = RouteType(slug: entry.mode), Self.isID(entry.stop_id), entry.stop_name.count <= 200,
                  case .success(let name) = Params.ownName(entry.name) else { return nil }
            if version == 1, entry.route_id != nil || entry.direction_id != nil { return nil }
            if let route = entry.route_id, !Self.isID(route) { return nil }
            if let direction = entry.direction_id, direction < 0 || direction > Int(Int32.max) || entry.route_id == nil { return nil }
            guard (entry.line_name ?? "").count <= 200, (entry.direction_name ?? "").count <= 200 else { return nil }
            result.append(FavouriteStop(routeType: type.rawValue, stopID: entry.stop_id, routeID: entry.route_id, directionID: entry.direction_id,
                                        stopName: entry.stop_name.isEmpty ? "Stop \(entry.stop_id)" : entry.stop_name,
                                        lineName: entry.line_name, directionName: entry.direction_name,
                                        ownName: name, createdAt: entry.created_at ?? now))
        }
        return result
    }

    private static func isID(_ value: Int) -> Bool { value > 0 && value <= Int(Int32.max) }
}

import Foundation
import PTV
import Storage

/// The export file format. Version 2 adds the line (`route_id`, `direction_id` and their names); version 1
/// files (whole stops only) still import. Import reads each entry on its own: a bad entry is skipped and said,
/// and the rest are imported.
struct FavouritesFile: Codable, Sendable {
    /// One favourite in the file.
    struct Entry: Codable, Sendable {
        let mode: String
        let stop_id: Int
        let stop_name: String
        let route_id, direction_id: Int?
        let line_name, direction_name: String?
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

    /// Whether `value` is a PTV id Trakx stores (1 to the largest 32-bit number).
    static func isID(_ value: Int) -> Bool { value > 0 && value <= Int(Int32.max) }
}

import Foundation
import PTV
import Storage

/// Reading a favourites file for import, entry by entry: a bad entry is skipped and said ("entry 4, its kind of
/// transport is not one Trakx knows"), and the rest are imported.
extension FavouritesFile {
    /// Most entries a file may hold.
    static let maxEntries = 1000

    /// Why one entry of a file was skipped (the code travels in the import banner's query).
    enum SkipReason: String, Sendable {
        case entry, mode, stop, line, text, nameLong = "long", nameCharacters = "chars"

        /// The reason in words, after "entry 2, ".
        var words: String {
            switch self {
            case .entry: "it is not a favourite Trakx can read"
            case .mode: "its kind of transport is not one Trakx knows"
            case .stop: "its stop number is missing or is not a whole number above 0"
            case .line: "its line or direction number is not one Trakx can use"
            case .text: "a stop, line or direction name in it is longer than 200 characters"
            case .nameLong: "its own name is longer than \(Params.maxNameLength) characters"
            case .nameCharacters: "its own name has characters that cannot be saved"
            }
        }
    }

    /// One skipped entry: its number in the file (from 1) and why.
    struct Skip: Sendable, Equatable {
        let entry: Int
        let reason: SkipReason
    }

    /// A file read entry by entry: a bad entry is skipped, not the whole file.
    struct Lenient: Decodable, Sendable {
        let format: String
        let version: Int
        let favourites: [Slot]
    }

    /// One entry as found: each field read on its own, so one wrong field says which.
    struct Slot: Decodable, Sendable {
        let isObject: Bool
        let mode: String?
        let stopID: Int?
        let stopName: String?
        let routeID: Int?
        let hasRouteID: Bool
        let directionID: Int?
        let hasDirectionID: Bool
        let lineName, directionName: String?
        let name: String?
        let nameIsText: Bool
        let createdAt: Date?

        private enum Keys: String, CodingKey {
            case mode, stop_id, stop_name, route_id, direction_id, line_name, direction_name, name, created_at
        }

        init(from decoder: any Decoder) throws {
            let container = try? decoder.container(keyedBy: Keys.self)
            isObject = container != nil
            guard let c = container else {
                mode = nil
                stopID = nil
                stopName = nil
                routeID = nil
                directionID = nil
                lineName = nil
                directionName = nil
                name = nil
                createdAt = nil
                hasRouteID = false
                hasDirectionID = false
                nameIsText = true
                return
            }
            mode = try? c.decodeIfPresent(String.self, forKey: .mode)
            stopID = try? c.decodeIfPresent(Int.self, forKey: .stop_id)
            stopName = try? c.decodeIfPresent(String.self, forKey: .stop_name)
            routeID = try? c.decodeIfPresent(Int.self, forKey: .route_id)
            hasRouteID = (try? c.decodeNil(forKey: .route_id)) == false
            directionID = try? c.decodeIfPresent(Int.self, forKey: .direction_id)
            hasDirectionID = (try? c.decodeNil(forKey: .direction_id)) == false
            lineName = try? c.decodeIfPresent(String.self, forKey: .line_name)
            directionName = try? c.decodeIfPresent(String.self, forKey: .direction_name)
            name = try? c.decodeIfPresent(String.self, forKey: .name)
            nameIsText = name != nil || (try? c.decodeNil(forKey: .name)) != false
            createdAt = try? c.decodeIfPresent(Date.self, forKey: .created_at)
        }
    }

    /// What reading a file gave: the favourites to import, and the entries skipped.
    struct Reading: Sendable {
        let favourites: [FavouriteStop]
        let skipped: [Skip]
    }

    /// Every entry checked on its own; nil when the file as a whole is not a Trakx favourites file.
    /// - Parameters:
    ///   - file: The file as read.
    ///   - now: The time for entries without one.
    static func read(_ file: Lenient, now: Date) -> Reading? {
        guard file.format == "trakx-favourites", (1 ... currentVersion).contains(file.version), file.favourites.count <= maxEntries else { return nil }
        var result: [FavouriteStop] = []
        var skipped: [Skip] = []
        for (index, slot) in file.favourites.enumerated() {
            switch favourite(slot, version: file.version, now: now) {
            case .success(let favourite): result.append(favourite)
            case .failure(let reason): skipped.append(Skip(entry: index + 1, reason: reason.reason))
            }
        }
        return Reading(favourites: result, skipped: skipped)
    }

    /// A skip reason as an error, so one entry's check reads as a `Result`.
    private struct Skipped: Error {
        let reason: SkipReason
    }

    private static func favourite(_ slot: Slot, version: Int, now: Date) -> Result<FavouriteStop, Skipped> {
        guard slot.isObject else { return .failure(Skipped(reason: .entry)) }
        guard let type = slot.mode.flatMap(RouteType.init(slug:)) else { return .failure(Skipped(reason: .mode)) }
        guard let stopID = slot.stopID, isID(stopID) else { return .failure(Skipped(reason: .stop)) }
        guard slot.nameIsText else { return .failure(Skipped(reason: .nameCharacters)) }
        let ownName: String?
        switch Params.ownName(slot.name) {
        case .success(let value): ownName = value
        case .failure:
            let tooLong = (slot.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines).count > Params.maxNameLength
            return .failure(Skipped(reason: tooLong ? .nameLong : .nameCharacters))
        }
        if version == 1, slot.hasRouteID || slot.hasDirectionID { return .failure(Skipped(reason: .line)) }
        if slot.hasRouteID, slot.routeID.map(isID) != true { return .failure(Skipped(reason: .line)) }
        if slot.hasDirectionID {
            guard let direction = slot.directionID, direction >= 0, direction <= Int(Int32.max), slot.routeID != nil else {
                return .failure(Skipped(reason: .line))
            }
        }
        guard (slot.stopName ?? "").count <= 200, (slot.lineName ?? "").count <= 200, (slot.directionName ?? "").count <= 200 else {
            return .failure(Skipped(reason: .text))
        }
        let stopName = (slot.stopName ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return .success(FavouriteStop(routeType: type.rawValue, stopID: stopID, routeID: slot.routeID, directionID: slot.directionID,
                                      stopName: stopName.isEmpty ? FavouriteStop.placeholderName(stopID: stopID) : stopName,
                                      lineName: slot.lineName, directionName: slot.directionName,
                                      ownName: ownName, createdAt: slot.createdAt ?? now))
    }
}

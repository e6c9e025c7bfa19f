import Foundation

/// A starred stop, or one line (and optionally one direction) at a stop.
public struct FavouriteStop: Sendable, Equatable, Codable {
    /// PTV route type (0 train, 1 tram, 2 bus, 3 V/Line, 4 night bus).
    public var routeType: Int
    /// PTV stop id.
    public var stopID: Int
    /// PTV route id for a line favourite; nil for the whole stop.
    public var routeID: Int?
    /// PTV direction id for a line favourite in one direction; nil for both directions or the whole stop.
    public var directionID: Int?
    /// The stop's official name when it was starred.
    public var stopName: String
    /// The line as said when it was starred ("Frankston line"), for a line favourite.
    public var lineName: String?
    /// The direction as said when it was starred ("Frankston"), when one direction was starred.
    public var directionName: String?
    /// The user's own name for it ("Home"), if any.
    public var ownName: String?
    /// When it was starred.
    public var createdAt: Date

    /// Creates a favourite.
    /// - Parameters:
    ///   - routeType: Route type.
    ///   - stopID: Stop id.
    ///   - routeID: Route id for a line favourite.
    ///   - directionID: Direction id for a line favourite in one direction.
    ///   - stopName: Official name.
    ///   - lineName: The line's name.
    ///   - directionName: The direction's name.
    ///   - ownName: User's name.
    ///   - createdAt: Time starred.
    public init(routeType: Int, stopID: Int, routeID: Int? = nil, directionID: Int? = nil, stopName: String,
                lineName: String? = nil, directionName: String? = nil, ownName: String? = nil, createdAt: Date = Date()) {
        self.routeType = routeType
        self.stopID = stopID
        self.routeID = routeID
        self.directionID = routeID == nil ? nil : directionID
        self.stopName = stopName
        self.lineName = routeID == nil ? nil : lineName
        self.directionName = self.directionID == nil ? nil : directionName
        self.ownName = ownName
        self.createdAt = createdAt
    }

    /// The name stored when PTV could not name the stop at the time ("Stop 1099"); replaced once a real one is seen.
    /// - Parameter stopID: The stop id.
    public static func placeholderName(stopID: Int) -> String { "Stop \(stopID)" }

    /// Whether its stop name is still the placeholder.
    public var hasPlaceholderName: Bool { stopName == Self.placeholderName(stopID: stopID) }

    /// What identifies it within a list.
    public var key: FavouriteKey {
        FavouriteKey(routeType: routeType, stopID: stopID, routeID: routeID, directionID: directionID)
    }
}

/// What identifies a favourite within a list: the stop, and the line and direction when it is a line favourite.
public struct FavouriteKey: Sendable, Hashable {
    /// PTV route type.
    public var routeType: Int
    /// PTV stop id.
    public var stopID: Int
    /// PTV route id, or nil for the whole stop.
    public var routeID: Int?
    /// PTV direction id, or nil for both directions.
    public var directionID: Int?

    /// Creates a key.
    /// - Parameters:
    ///   - routeType: Route type.
    ///   - stopID: Stop id.
    ///   - routeID: Route id, or nil for the whole stop.
    ///   - directionID: Direction id, or nil for both directions (ignored without a route).
    public init(routeType: Int, stopID: Int, routeID: Int? = nil, directionID: Int? = nil) {
        self.routeType = routeType
        self.stopID = stopID
        self.routeID = routeID
        self.directionID = routeID == nil ? nil : directionID
    }

    /// The stored route id: 0 for the whole stop.
    var storedRouteID: Int64 { Int64(routeID ?? 0) }
    /// The stored direction id: -1 for both directions.
    var storedDirectionID: Int64 { Int64(directionID ?? -1) }
}

/// Which list favourites belong to: the one local list, or a browser's list on a shared server (by the
/// hash of its secret id; the id itself is never stored).
public struct FavouriteListKey: Sendable, Hashable, CustomStringConvertible {
    /// "local", or the hex SHA-256 of a browser's list id.
    public let value: String

    /// The single list of a Trakx on your own machine.
    public static let local = FavouriteListKey(value: "local")

    /// A shared-server list by the hex hash of its id.
    /// - Parameter hash: 64 lowercase hex digits.
    public init(hash: String) {
        value = hash
    }

    private init(value: String) {
        self.value = value
    }

    /// Only the first characters, so logs never hold a whole key.
    public var description: String { "list " + value.prefix(8) }
}

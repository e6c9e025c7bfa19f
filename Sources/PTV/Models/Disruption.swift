import Foundation

/// A service disruption (planned works, delays, closures, ...).
///
/// `mode` is not a PTV field: ``DisruptionsResponse`` sets it to the name of the bucket the disruption
/// came from ("metro_train", "general", ...).
public struct Disruption: PTVModel, PTVMapKeyed {
    /// PTV's disruption id (int64).
    @Lenient public var disruptionId: Int64
    /// Headline.
    @Lenient public var title: String
    /// Link to more information (may be a generic page).
    @Lenient public var url: String
    /// Full description.
    @Lenient public var description: String
    /// "Current" or "Planned".
    @Lenient public var disruptionStatus: String
    /// E.g. "Planned Works", "Minor Delays", "Part Suspended".
    @Lenient public var disruptionType: String
    /// When the disruption was published.
    @Lenient public var publishedOn: Date?
    /// When it was last updated.
    @Lenient public var lastUpdated: Date?
    /// When it starts.
    @Lenient public var fromDate: Date?
    /// When it ends; nil when open-ended.
    @Lenient public var toDate: Date?
    /// Affected routes.
    @Lenient public var routes: [Route]
    /// Affected stops (PTV sends only their id and name).
    @Lenient public var stops: [Stop]
    /// Display colour, e.g. "#ffd500".
    @Lenient public var colour: String
    /// Shown on the on-board displays.
    @Lenient public var displayOnBoard: Bool
    /// Shown in the status display.
    @Lenient public var displayStatus: Bool
    /// Bucket name it was listed under in `/v3/disruptions` (set by ``DisruptionsResponse``); not a PTV field.
    public var mode: String?

    /// The disruption id, as PTV keys disruptions.
    public var mapKey: String { String(disruptionId) }

    private enum CodingKeys: String, CodingKey {
        case disruptionId = "disruption_id"
        case title, url, description
        case disruptionStatus = "disruption_status"
        case disruptionType = "disruption_type"
        case publishedOn = "published_on"
        case lastUpdated = "last_updated"
        case fromDate = "from_date"
        case toDate = "to_date"
        case routes, stops, colour
        case displayOnBoard = "display_on_board"
        case displayStatus = "display_status"
    }
}

/// The direction of a route affected by a disruption.
public struct DisruptionDirection: PTVModel {
    /// Route-direction id.
    @Lenient public var routeDirectionId: Int
    /// Direction id.
    @Lenient public var directionId: Int
    /// Direction name, trimmed.
    @Lenient public var directionName: String
    /// Local (Melbourne) time of the affected service, "HH:MM:SS", when the disruption targets one service.
    @Lenient public var serviceTime: String?

    private enum CodingKeys: String, CodingKey {
        case routeDirectionId = "route_direction_id"
        case directionId = "direction_id"
        case directionName = "direction_name"
        case serviceTime = "service_time"
    }
}

/// One disruption mode from `/v3/disruptions/modes`, e.g. `metro_train` = 1.
public struct DisruptionMode: PTVModel {
    /// Mode name, which is also the bucket name in `/v3/disruptions` (e.g. "metro_train").
    @Lenient public var disruptionModeName: String
    /// Mode code (metro_train 1, metro_bus 2, metro_tram 3, ..., general 100).
    @Lenient public var disruptionMode: Int

    private enum CodingKeys: String, CodingKey {
        case disruptionModeName = "disruption_mode_name"
        case disruptionMode = "disruption_mode"
    }
}

import Foundation

/// Full details of one stop, from `/v3/stops/{stop_id}/route_type/{rt}`.
///
/// `location`, `amenities` and `accessibility` are nil unless requested with the matching query flag;
/// facilities exist only for Metro and V/Line stations.
public struct StopDetails: PTVModel {
    /// PTV's internal stop id.
    @Lenient public var stopId: Int
    /// Stop name, trimmed.
    @Lenient public var stopName: String
    /// The stop's transport mode.
    @Lenient public var routeType: RouteType
    /// Station staffing class ("Premium Station", "Host Station", "Unstaffed Station"), or nil.
    @Lenient public var stationType: String?
    /// Free-text station description.
    @Lenient public var stationDescription: String
    /// Nearby landmark.
    @Lenient public var stopLandmark: String
    /// Ids of disruptions affecting the stop.
    @Lenient public var disruptionIds: [Int]
    /// Routes serving the stop.
    @Lenient public var routes: [Route]
    /// Address and coordinates (`stop_location`).
    @Lenient public var location: StopLocation?
    /// Station facilities (`stop_amenities`).
    @Lenient public var amenities: StopAmenities?
    /// Accessibility features (`stop_accessibility`).
    @Lenient public var accessibility: StopAccessibility?

    /// Creates stop details.
    public init(stopId: Int = 0, stopName: String = "", routeType: RouteType = .train, stationType: String? = nil,
                stationDescription: String = "", stopLandmark: String = "", disruptionIds: [Int] = [],
                routes: [Route] = [], location: StopLocation? = nil, amenities: StopAmenities? = nil,
                accessibility: StopAccessibility? = nil) {
        self.stopId = stopId
        self.stopName = stopName
        self.routeType = routeType
        self.stationType = stationType
        self.stationDescription = stationDescription
        self.stopLandmark = stopLandmark
        self.disruptionIds = disruptionIds
        self.routes = routes
        self.location = location
        self.amenities = amenities
        self.accessibility = accessibility
    }

    private enum CodingKeys: String, CodingKey {
        case stopId = "stop_id"
        case stopName = "stop_name"
        case routeType = "route_type"
        case stationType = "station_type"
        case stationDescription = "station_description"
        case stopLandmark = "stop_landmark"
        case disruptionIds = "disruption_ids"
        case routes
        case location = "stop_location"
        case amenities = "stop_amenities"
        case accessibility = "stop_accessibility"
    }
}

/// A stop's address and coordinates (`stop_location`); coordinates come from its nested `gps` object.
public struct StopLocation: PTVModel {
    /// Suburb, trimmed.
    public var suburb: String
    /// Postcode, e.g. 3000.
    public var postcode: Int?
    /// Local government area, e.g. "Melbourne City".
    public var municipality: String
    /// Latitude in degrees (`gps.latitude`).
    public var latitude: Double?
    /// Longitude in degrees (`gps.longitude`).
    public var longitude: Double?

    /// Creates a location.
    public init(suburb: String = "", postcode: Int? = nil, municipality: String = "", latitude: Double? = nil,
                longitude: Double? = nil) {
        self.suburb = suburb
        self.postcode = postcode
        self.municipality = municipality
        self.latitude = latitude
        self.longitude = longitude
    }

    private enum CodingKeys: String, CodingKey {
        case suburb, postcode, municipality, gps
    }

    private enum GPSKeys: String, CodingKey {
        case latitude, longitude
    }

    /// Decodes leniently; a missing or null `gps` leaves the coordinates nil.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let gps = try? c.nestedContainer(keyedBy: GPSKeys.self, forKey: .gps)
        self.init(suburb: c.read(.suburb) ?? "", postcode: c.read(.postcode), municipality: c.read(.municipality) ?? "",
                  latitude: gps?.read(.latitude), longitude: gps?.read(.longitude))
    }
}

/// Station facilities (`stop_amenities`).
public struct StopAmenities: PTVModel {
    /// Public toilet available.
    @Lenient public var toilet: Bool
    /// Taxi rank nearby.
    @Lenient public var taxiRank: Bool
    /// Car parking description (free text, e.g. "1200").
    @Lenient public var carParking: String
    /// CCTV installed.
    @Lenient public var cctv: Bool

    private enum CodingKeys: String, CodingKey {
        case toilet
        case taxiRank = "taxi_rank"
        case carParking = "car_parking"
        case cctv
    }
}

/// Accessibility features of a stop (`stop_accessibility`). Live data may send null for any flag (read as false).
/// Older answers name two flags otherwise (`lifts`, `tactile_tiles`); either name is read.
public struct StopAccessibility: PTVModel {
    /// Lift available: `lift`, else the older `lifts`.
    public var lift: Bool {
        get { liftNamed ?? lifts ?? false }
        set { (liftNamed, lifts) = (newValue, nil) }
    }
    @Lenient var liftNamed: Bool?
    @Lenient var lifts: Bool?
    /// Stairs present.
    @Lenient public var stairs: Bool
    /// Escalator available.
    @Lenient public var escalator: Bool
    /// Hearing loop installed.
    @Lenient public var hearingLoop: Bool
    /// Tactile ground surface indicators installed: `tactile_ground_surface_indicator`, else the older `tactile_tiles`.
    public var tactileGroundSurfaceIndicator: Bool {
        get { tactileNamed ?? tactileTiles ?? false }
        set { (tactileNamed, tactileTiles) = (newValue, nil) }
    }
    @Lenient var tactileNamed: Bool?
    @Lenient var tactileTiles: Bool?
    /// Waiting room available.
    @Lenient public var waitingRoom: Bool
    /// The stop is rated accessible; nil when PTV sent null or left it out (it does not know).
    @Lenient public var stopAccessible: Bool?
    /// Audio customer information available.
    @Lenient public var audioCustomerInformation: Bool
    /// Lighting installed.
    @Lenient public var lighting: Bool
    /// Platform number the record describes, if any.
    @Lenient public var platformNumber: Int?
    /// Wheelchair-specific features.
    @Lenient public var wheelchair: StopAccessibilityWheelchair?

    private enum CodingKeys: String, CodingKey {
        case liftNamed = "lift", lifts, stairs, escalator
        case hearingLoop = "hearing_loop"
        case tactileNamed = "tactile_ground_surface_indicator", tactileTiles = "tactile_tiles"
        case waitingRoom = "waiting_room"
        case stopAccessible = "stop_accessible"
        case audioCustomerInformation = "audio_customer_information"
        case lighting
        case platformNumber = "platform_number"
        case wheelchair
    }
}

/// Wheelchair accessibility features (`stop_accessibility.wheelchair`). Null flags read as false.
public struct StopAccessibilityWheelchair: PTVModel {
    /// Accessible ramp.
    @Lenient public var accessibleRamp: Bool
    /// Accessible parking.
    @Lenient public var parking: Bool
    /// Accessible telephone.
    @Lenient public var telephone: Bool
    /// Accessible toilet.
    @Lenient public var toilet: Bool
    /// Low ticket counter.
    @Lenient public var lowTicketCounter: Bool
    /// Room to manoeuvre, from PTV's key `manouvering` (sic), else `manoeuvring`.
    public var manoeuvring: Bool {
        get { manouvering ?? manoeuvringSpeltRight ?? false }
        set { (manouvering, manoeuvringSpeltRight) = (newValue, nil) }
    }
    /// PTV's key `manouvering` (sic), the one it sends.
    @Lenient var manouvering: Bool?
    /// The same flag spelt right, should PTV ever correct it.
    @Lenient var manoeuvringSpeltRight: Bool?
    /// Raised platform.
    @Lenient public var raisedPlatform: Bool
    /// Ramp.
    @Lenient public var ramp: Bool
    /// Secondary accessible path.
    @Lenient public var secondaryPath: Bool
    /// Shelter on the raised platform (PTV key `raised_platform_shelther`, sic).
    @Lenient public var raisedPlatformShelther: Bool
    /// Steep ramp.
    @Lenient public var steepRamp: Bool

    private enum CodingKeys: String, CodingKey {
        case accessibleRamp = "accessible_ramp"
        case parking, telephone, toilet
        case lowTicketCounter = "low_ticket_counter"
        case manouvering
        case manoeuvringSpeltRight = "manoeuvring"
        case raisedPlatform = "raised_platform"
        case ramp
        case secondaryPath = "secondary_path"
        case raisedPlatformShelther = "raised_platform_shelther"
        case steepRamp = "steep_ramp"
    }
}

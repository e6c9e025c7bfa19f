import Foundation

/// Full details of one stop, from `/v3/stops/{stop_id}/route_type/{rt}`.
///
/// `location`, `amenities` and `accessibility` are nil unless requested with the matching query flag;
/// facilities exist only for Metro and V/Line stations.
public struct StopDetails: Codable, Sendable, Equatable {
    /// PTV's internal stop id.
    public var stopId: Int
    /// Stop name, trimmed.
    public var stopName: String
    /// The stop's transport mode.
    public var routeType: RouteType
    /// Station staffing class ("Premium Station", "Host Station", "Unstaffed Station"), or nil.
    public var stationType: String?
    /// Free-text station description.
    public var stationDescription: String
    /// Nearby landmark.
    public var stopLandmark: String
    /// Ids of disruptions affecting the stop.
    public var disruptionIds: [Int]
    /// Routes serving the stop.
    public var routes: [Route]
    /// Address and coordinates (`stop_location`).
    public var location: StopLocation?
    /// Station facilities (`stop_amenities`).
    public var amenities: StopAmenities?
    /// Accessibility features (`stop_accessibility`).
    public var accessibility: StopAccessibility?

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

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stopId = c.lenientInt(.stopId)
        stopName = c.lenientString(.stopName)
        routeType = c.lenientRouteType(.routeType)
        stationType = c.lenientStringIfPresent(.stationType)
        stationDescription = c.lenientString(.stationDescription)
        stopLandmark = c.lenientString(.stopLandmark)
        disruptionIds = c.lenientIntArray(.disruptionIds)
        routes = c.lenientArray(.routes, as: Route.self)
        location = c.lenientObject(.location, as: StopLocation.self)
        amenities = c.lenientObject(.amenities, as: StopAmenities.self)
        accessibility = c.lenientObject(.accessibility, as: StopAccessibility.self)
    }

    /// Encodes PTV's shape (absent sub-objects become null).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(disruptionIds, forKey: .disruptionIds)
        try c.encodeOrNull(stationType, forKey: .stationType)
        try c.encode(stationDescription, forKey: .stationDescription)
        try c.encode(routeType, forKey: .routeType)
        try c.encodeOrNull(location, forKey: .location)
        try c.encodeOrNull(amenities, forKey: .amenities)
        try c.encodeOrNull(accessibility, forKey: .accessibility)
        try c.encode(routes, forKey: .routes)
        try c.encode(stopId, forKey: .stopId)
        try c.encode(stopName, forKey: .stopName)
        try c.encode(stopLandmark, forKey: .stopLandmark)
    }
}

/// A stop's address and coordinates (`stop_location`); coordinates come from its nested `gps` object.
public struct StopLocation: Codable, Sendable, Equatable {
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
        suburb = c.lenientString(.suburb)
        postcode = c.lenientIntIfPresent(.postcode)
        municipality = c.lenientString(.municipality)
        if let gps = try? c.nestedContainer(keyedBy: GPSKeys.self, forKey: .gps) {
            latitude = gps.lenientDoubleIfPresent(.latitude)
            longitude = gps.lenientDoubleIfPresent(.longitude)
        } else {
            latitude = nil
            longitude = nil
        }
    }

    /// Encodes PTV's shape with a nested `gps` object.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(suburb, forKey: .suburb)
        try c.encodeOrNull(postcode, forKey: .postcode)
        try c.encode(municipality, forKey: .municipality)
        var gps = c.nestedContainer(keyedBy: GPSKeys.self, forKey: .gps)
        try gps.encodeOrNull(latitude, forKey: .latitude)
        try gps.encodeOrNull(longitude, forKey: .longitude)
    }
}

/// Station facilities (`stop_amenities`).
public struct StopAmenities: Codable, Sendable, Equatable {
    /// Public toilet available.
    public var toilet: Bool
    /// Taxi rank nearby.
    public var taxiRank: Bool
    /// Car parking description (free text, e.g. "1200").
    public var carParking: String
    /// CCTV installed.
    public var cctv: Bool

    /// Creates a facilities record.
    public init(toilet: Bool = false, taxiRank: Bool = false, carParking: String = "", cctv: Bool = false) {
        self.toilet = toilet
        self.taxiRank = taxiRank
        self.carParking = carParking
        self.cctv = cctv
    }

    private enum CodingKeys: String, CodingKey {
        case toilet
        case taxiRank = "taxi_rank"
        case carParking = "car_parking"
        case cctv
    }

    /// Decodes leniently (null bools are false).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        toilet = c.lenientBool(.toilet)
        taxiRank = c.lenientBool(.taxiRank)
        carParking = c.lenientString(.carParking)
        cctv = c.lenientBool(.cctv)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(toilet, forKey: .toilet)
        try c.encode(taxiRank, forKey: .taxiRank)
        try c.encode(carParking, forKey: .carParking)
        try c.encode(cctv, forKey: .cctv)
    }
}

/// Accessibility features of a stop (`stop_accessibility`). Live data may send null for any flag (read as false).
public struct StopAccessibility: Codable, Sendable, Equatable {
    /// Lift available.
    public var lift: Bool
    /// Stairs present.
    public var stairs: Bool
    /// Escalator available.
    public var escalator: Bool
    /// Hearing loop installed.
    public var hearingLoop: Bool
    /// Tactile ground surface indicators installed.
    public var tactileGroundSurfaceIndicator: Bool
    /// Waiting room available.
    public var waitingRoom: Bool
    /// The stop is rated accessible.
    public var stopAccessible: Bool
    /// Audio customer information available.
    public var audioCustomerInformation: Bool
    /// Lighting installed.
    public var lighting: Bool
    /// Platform number the record describes, if any.
    public var platformNumber: Int?
    /// Wheelchair-specific features.
    public var wheelchair: StopAccessibilityWheelchair?

    /// Creates an accessibility record.
    public init(lift: Bool = false, stairs: Bool = false, escalator: Bool = false, hearingLoop: Bool = false,
                tactileGroundSurfaceIndicator: Bool = false, waitingRoom: Bool = false, stopAccessible: Bool = false,
                audioCustomerInformation: Bool = false, lighting: Bool = false, platformNumber: Int? = nil,
                wheelchair: StopAccessibilityWheelchair? = nil) {
        self.lift = lift
        self.stairs = stairs
        self.escalator = escalator
        self.hearingLoop = hearingLoop
        self.tactileGroundSurfaceIndicator = tactileGroundSurfaceIndicator
        self.waitingRoom = waitingRoom
        self.stopAccessible = stopAccessible
        self.audioCustomerInformation = audioCustomerInformation
        self.lighting = lighting
        self.platformNumber = platformNumber
        self.wheelchair = wheelchair
    }

    private enum CodingKeys: String, CodingKey {
        case lift, stairs, escalator
        case hearingLoop = "hearing_loop"
        case tactileGroundSurfaceIndicator = "tactile_ground_surface_indicator"
        case waitingRoom = "waiting_room"
        case stopAccessible = "stop_accessible"
        case audioCustomerInformation = "audio_customer_information"
        case lighting
        case platformNumber = "platform_number"
        case wheelchair
    }

    /// Decodes leniently (null flags are false).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lift = c.lenientBool(.lift)
        stairs = c.lenientBool(.stairs)
        escalator = c.lenientBool(.escalator)
        hearingLoop = c.lenientBool(.hearingLoop)
        tactileGroundSurfaceIndicator = c.lenientBool(.tactileGroundSurfaceIndicator)
        waitingRoom = c.lenientBool(.waitingRoom)
        stopAccessible = c.lenientBool(.stopAccessible)
        audioCustomerInformation = c.lenientBool(.audioCustomerInformation)
        lighting = c.lenientBool(.lighting)
        platformNumber = c.lenientIntIfPresent(.platformNumber)
        wheelchair = c.lenientObject(.wheelchair, as: StopAccessibilityWheelchair.self)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(lighting, forKey: .lighting)
        try c.encodeOrNull(platformNumber, forKey: .platformNumber)
        try c.encode(audioCustomerInformation, forKey: .audioCustomerInformation)
        try c.encode(escalator, forKey: .escalator)
        try c.encode(hearingLoop, forKey: .hearingLoop)
        try c.encode(lift, forKey: .lift)
        try c.encode(stairs, forKey: .stairs)
        try c.encode(stopAccessible, forKey: .stopAccessible)
        try c.encode(tactileGroundSurfaceIndicator, forKey: .tactileGroundSurfaceIndicator)
        try c.encode(waitingRoom, forKey: .waitingRoom)
        try c.encodeOrNull(wheelchair, forKey: .wheelchair)
    }
}

/// Wheelchair accessibility features (`stop_accessibility.wheelchair`). Null flags read as false.
public struct StopAccessibilityWheelchair: Codable, Sendable, Equatable {
    /// Accessible ramp.
    public var accessibleRamp: Bool
    /// Accessible parking.
    public var parking: Bool
    /// Accessible telephone.
    public var telephone: Bool
    /// Accessible toilet.
    public var toilet: Bool
    /// Low ticket counter.
    public var lowTicketCounter: Bool
    /// Room to manoeuvre (PTV key `manouvering`, sic).
    public var manoeuvring: Bool
    /// Raised platform.
    public var raisedPlatform: Bool
    /// Ramp.
    public var ramp: Bool
    /// Secondary accessible path.
    public var secondaryPath: Bool
    /// Shelter on the raised platform (PTV key `raised_platform_shelther`, sic).
    public var raisedPlatformShelther: Bool
    /// Steep ramp.
    public var steepRamp: Bool

    /// Creates a wheelchair accessibility record.
    public init(accessibleRamp: Bool = false, parking: Bool = false, telephone: Bool = false, toilet: Bool = false,
                lowTicketCounter: Bool = false, manoeuvring: Bool = false, raisedPlatform: Bool = false,
                ramp: Bool = false, secondaryPath: Bool = false, raisedPlatformShelther: Bool = false,
                steepRamp: Bool = false) {
        self.accessibleRamp = accessibleRamp
        self.parking = parking
        self.telephone = telephone
        self.toilet = toilet
        self.lowTicketCounter = lowTicketCounter
        self.manoeuvring = manoeuvring
        self.raisedPlatform = raisedPlatform
        self.ramp = ramp
        self.secondaryPath = secondaryPath
        self.raisedPlatformShelther = raisedPlatformShelther
        self.steepRamp = steepRamp
    }

    private enum CodingKeys: String, CodingKey {
        case accessibleRamp = "accessible_ramp"
        case parking, telephone, toilet
        case lowTicketCounter = "low_ticket_counter"
        case manoeuvring = "manouvering"
        case manoeuvringCorrected = "manoeuvring"
        case raisedPlatform = "raised_platform"
        case ramp
        case secondaryPath = "secondary_path"
        case raisedPlatformShelther = "raised_platform_shelther"
        case steepRamp = "steep_ramp"
    }

    /// Decodes leniently; `manoeuvring` is read from `manouvering` or `manoeuvring`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accessibleRamp = c.lenientBool(.accessibleRamp)
        parking = c.lenientBool(.parking)
        telephone = c.lenientBool(.telephone)
        toilet = c.lenientBool(.toilet)
        lowTicketCounter = c.lenientBool(.lowTicketCounter)
        manoeuvring = c.lenientBoolIfPresent(.manoeuvring) ?? c.lenientBool(.manoeuvringCorrected)
        raisedPlatform = c.lenientBool(.raisedPlatform)
        ramp = c.lenientBool(.ramp)
        secondaryPath = c.lenientBool(.secondaryPath)
        raisedPlatformShelther = c.lenientBool(.raisedPlatformShelther)
        steepRamp = c.lenientBool(.steepRamp)
    }

    /// Encodes PTV's shape (with PTV's spellings).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(accessibleRamp, forKey: .accessibleRamp)
        try c.encode(parking, forKey: .parking)
        try c.encode(telephone, forKey: .telephone)
        try c.encode(toilet, forKey: .toilet)
        try c.encode(lowTicketCounter, forKey: .lowTicketCounter)
        try c.encode(manoeuvring, forKey: .manoeuvring)
        try c.encode(raisedPlatform, forKey: .raisedPlatform)
        try c.encode(ramp, forKey: .ramp)
        try c.encode(secondaryPath, forKey: .secondaryPath)
        try c.encode(raisedPlatformShelther, forKey: .raisedPlatformShelther)
        try c.encode(steepRamp, forKey: .steepRamp)
    }
}

import Foundation

/// A PTV response body: every one carries `status`, whose `health` is 0 when PTV is offline.
public protocol PTVEnveloped {
    /// The envelope's status.
    var status: Status { get }
}

/// The fields one PTV endpoint sends beside `status`.
public protocol PTVBody: Decodable, Sendable, Equatable {}

/// A PTV response: one endpoint's body plus the `status` every response carries.
///
/// The body's fields read as the response's own (`response.departures`). Decoding never fails on an object:
/// a missing `status` is the healthy default, and every list or map defaults to empty.
@dynamicMemberLookup
public struct PTVResponse<Body: PTVBody>: Decodable, Sendable, Equatable, PTVEnveloped {
    /// The endpoint's fields.
    public var body: Body
    /// Response status.
    public var status: Status

    /// Creates a response.
    /// - Parameters:
    ///   - body: The endpoint's fields.
    ///   - status: The status (healthy by default).
    public init(_ body: Body, status: Status = Status()) {
        self.body = body
        self.status = status
    }

    /// Decodes the body and `status` from the same JSON object.
    public init(from decoder: any Decoder) throws {
        body = try Body(from: decoder)
        status = try decoder.container(keyedBy: LenientCodingKey.self).read(LenientCodingKey("status")) ?? Status()
    }

    /// A field of the body.
    public subscript<Field>(dynamicMember field: WritableKeyPath<Body, Field>) -> Field {
        get { body[keyPath: field] }
        set { body[keyPath: field] = newValue }
    }
}

/// `/v3/route_types`.
public typealias RouteTypesResponse = PTVResponse<RouteTypesBody>
/// `/v3/routes`.
public typealias RoutesResponse = PTVResponse<RoutesBody>
/// `/v3/routes/{route_id}`.
public typealias RouteResponse = PTVResponse<RouteBody>
/// `/v3/directions/...`.
public typealias DirectionsResponse = PTVResponse<DirectionsBody>
/// `/v3/stops/location/{lat},{lon}`.
public typealias StopsNearbyResponse = PTVResponse<StopsBody>
/// `/v3/stops/{stop_id}/route_type/{rt}`.
public typealias StopDetailsResponse = PTVResponse<StopDetailsBody>
/// `/v3/stops/route/{route_id}/route_type/{rt}`.
public typealias StopsOnRouteResponse = PTVResponse<StopsBody>
/// `/v3/departures/...`.
public typealias DeparturesResponse = PTVResponse<DeparturesBody>
/// `/v3/pattern/run/{run_ref}/route_type/{rt}`.
public typealias PatternResponse = PTVResponse<PatternBody>
/// `/v3/runs/...`.
public typealias RunsResponse = PTVResponse<RunsBody>
/// `/v3/search/{term}`.
public typealias SearchResponse = PTVResponse<SearchBody>
/// `/v3/disruptions` and its by-route and by-stop forms.
public typealias DisruptionsResponse = PTVResponse<DisruptionBuckets>
/// `/v3/disruptions/{disruption_id}`.
public typealias DisruptionResponse = PTVResponse<DisruptionBody>
/// `/v3/disruptions/modes`.
public typealias DisruptionModesResponse = PTVResponse<DisruptionModesBody>

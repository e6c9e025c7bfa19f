import Foundation

/// A PTV response body: every one carries `status`, whose `health` is 0 when PTV is offline.
public protocol PTVEnveloped {
    /// The envelope's status.
    var status: Status { get }
}

/// The fields one PTV endpoint sends beside `status`.
public protocol PTVBody: Decodable, Sendable, Equatable {
    /// Whether a body with these top-level fields answers the endpoint's question: the list (or item) the question
    /// asks for is there. A body without it (`{"message": …}` alone, say) decodes, leniently, to empty lists, but is
    /// no answer, and the client says so (`PTVError.Kind.noAnswer`) rather than hand on an empty result.
    /// - Parameter fields: The body's top-level fields.
    static func isAnswer(_ fields: AnswerFields) -> Bool
}

/// A response whose body can tell an answer from a 200 that is not one (see ``PTVBody/isAnswer(_:)``).
public protocol PTVAnswerShaped {
    /// Whether a body with these top-level fields answers the question.
    /// - Parameter fields: The body's top-level fields.
    static func isAnswer(_ fields: AnswerFields) -> Bool
}

/// The top-level fields of a JSON object as PTV sent it: each name, and whether its value is null.
public struct AnswerFields: Sendable, Equatable {
    /// Whether each field's value is null, by name.
    public let nullByName: [String: Bool]

    /// Creates the fields.
    /// - Parameter nullByName: Whether each field's value is null, by name.
    public init(_ nullByName: [String: Bool]) {
        self.nullByName = nullByName
    }

    /// Whether the field is there, null or not (a null route or stop is PTV's "none").
    /// - Parameter name: The field's name.
    public func has(_ name: String) -> Bool { nullByName[name] != nil }

    /// Whether the field is there and not null: a list the answer must carry, empty or not.
    /// - Parameter name: The field's name.
    public func hasList(_ name: String) -> Bool { nullByName[name] == false }
}

/// A PTV response: one endpoint's body plus the `status` every response carries.
///
/// The body's fields read as the response's own (`response.departures`). Decoding never fails on an object:
/// a missing `status` is the healthy default, and every list or map defaults to empty.
@dynamicMemberLookup
public struct PTVResponse<Body: PTVBody>: Decodable, Sendable, Equatable, PTVEnveloped, PTVAnswerShaped {
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

    /// Whether a body with these fields answers the question (the body's own test).
    /// - Parameter fields: The body's top-level fields.
    public static func isAnswer(_ fields: AnswerFields) -> Bool { Body.isAnswer(fields) }

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

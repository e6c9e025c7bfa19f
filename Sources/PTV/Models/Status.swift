import Foundation

/// The `status` envelope every PTV response carries: `{"version": "3.0", "health": 1}`.
public struct Status: Codable, Sendable, Equatable {
    /// API version, normally "3.0".
    public var version: String
    /// 1 when the API is online, 0 when it is offline (treat 0 as an error).
    public var health: Int

    /// Creates a status; the defaults are what a healthy v3 server sends.
    public init(version: String = "3.0", health: Int = 1) {
        self.version = version
        self.health = health
    }

    /// True when `health` is 1.
    public var isHealthy: Bool { health == 1 }

    private enum CodingKeys: String, CodingKey {
        case version, health
    }

    /// Decodes leniently: a missing version is "3.0" and a missing health is 1.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let v = c.lenientString(.version)
        version = v.isEmpty ? "3.0" : v
        health = c.lenientInt(.health, default: 1)
    }

    /// Encodes PTV's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(health, forKey: .health)
    }
}

extension KeyedDecodingContainer {
    /// The `status` object under `key`, or the default healthy status when it is missing or unusable.
    func lenientStatus(_ key: Key) -> Status {
        lenientObject(key, as: Status.self) ?? Status()
    }
}

/// A PTV error body: `{"message": "...", "status": {...}}`.
///
/// ASP.NET's unhandled-error body uses a capital `Message` and has no status; both spellings are read.
public struct ErrorBody: Codable, Sendable, Equatable {
    /// The error text, e.g. "Forbidden (403): Supplied signature is invalid for request.".
    public var message: String
    /// The status envelope, when the body has one.
    public var status: Status?

    /// Creates an error body.
    public init(message: String, status: Status? = Status()) {
        self.message = message
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case message
        case capitalMessage = "Message"
        case status
    }

    /// Decodes `message`, falling back to `Message`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        message = c.lenientStringIfPresent(.message) ?? c.lenientString(.capitalMessage)
        status = c.lenientObject(.status, as: Status.self)
    }

    /// Encodes `message` (lower-case key) and `status` when present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(status, forKey: .status)
    }
}

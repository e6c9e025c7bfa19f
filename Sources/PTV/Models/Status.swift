import Foundation

/// The `status` envelope every PTV response carries: `{"version": "3.0", "health": 1}`.
public struct Status: PTVModel {
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
        let v = c.read(.version, as: String.self) ?? ""
        version = v.isEmpty ? "3.0" : v
        health = c.read(.health) ?? 1
    }
}

extension Status: LenientValue {
    /// The healthy status PTV means when it sends none.
    public static var absent: Status { Status() }
}

/// A PTV error body: `{"message": "...", "status": {...}}`.
///
/// ASP.NET's unhandled-error body uses a capital `Message` and has no status; both spellings are read.
public struct ErrorBody: PTVModel {
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
        message = c.read(.message) ?? c.read(.capitalMessage) ?? ""
        status = c.read(.status, as: Status.self)
    }
}

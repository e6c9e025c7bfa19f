import Foundation

/// An error answer in PTV's shape: `{"message": "...", "status": {"version": "3.0", "health": 1}}`.
struct APIError: Error, Sendable, Equatable {
    /// HTTP status.
    let status: Int
    /// PTV's message text, e.g. "Forbidden (403): Supplied signature is invalid for request.".
    let message: String

    /// 400 for a bad parameter or id.
    static func badRequest(_ detail: String) -> APIError {
        APIError(status: 400, message: "BadRequest (400): \(detail)")
    }

    /// 404 for an id that does not exist.
    static func notFound(_ detail: String) -> APIError {
        APIError(status: 404, message: "NotFound (404): \(detail)")
    }

    /// 400 for an unknown developer id, with the devid as sent.
    static func devIDInvalid(_ devID: String) -> APIError {
        APIError(status: 400, message: "BadRequest (400): devid \(devID) is invalid.")
    }

    /// 403 for a missing or wrong signature.
    static let signatureInvalid = APIError(status: 403, message: "Forbidden (403): Supplied signature is invalid for request.")

    /// 403 when throttled, as PTV does it (not 429).
    static let throttled = APIError(status: 403, message: "Forbidden (403): Throttling limit reached for this service.")

    /// 500 for a failure inside the simulator.
    static let internalError = APIError(status: 500, message: "An error has occurred.")

    /// The exact PTV body text, keys in PTV's order.
    var body: String {
        "{\"message\":\(Self.jsonString(message)),\"status\":{\"version\":\"3.0\",\"health\":1}}"
    }

    /// A JSON string literal for `text`.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

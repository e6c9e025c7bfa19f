import Foundation
import HTTPServer
import PTV

/// Strict parsing of path and query parameters; every failure is a 400 that names the problem.
enum Params {
    /// Longest search query accepted.
    static let maxQueryLength = 100
    /// Longest own name for a favourite.
    static let maxNameLength = 60

    /// A URL mode slug (`train`, `tram`, `bus`, `vline`, `night-bus`).
    static func mode(_ text: String) throws -> RouteType {
        guard let type = RouteType(slug: text) else {
            throw HTTPError(400, "Trakx does not know the kind of transport \(text.prefix(40)). Use train, tram, bus, vline or night-bus.")
        }
        return type
    }

    /// A stop's address from the path (`/{mode}/{id}`); either part malformed is a 400.
    static func stop(_ context: TrakxContext) throws -> (type: RouteType, stopID: Int) {
        (try mode(context.require("mode")), try id(context.require("id"), "stop number"))
    }

    /// A positive id of at most 10 digits.
    static func id(_ text: String, _ what: String) throws -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48 ... 57).contains($0) }) else {
            throw HTTPError(400, "The \(what) must be a whole number, such as 1071.")
        }
        // Digits only, so what is wrong is the size: 0 is a whole number, just not one PTV uses.
        guard text.utf8.count <= 10, let value = Int(text), value <= Int(Int32.max) else {
            throw HTTPError(400, "The \(what) is too large. It can be at most \(Int32.max).")
        }
        guard value > 0 else { throw HTTPError(400, "The \(what) must be 1 or more, such as 1071.") }
        return value
    }

    /// A disruption number: PTV's int64 id, positive, at most 18 digits.
    static func disruptionID(_ text: String) throws -> Int64 {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (48 ... 57).contains($0) }), let id = Int64(text) else {
            throw HTTPError(400, "The disruption number must be a whole number.")
        }
        guard id > 0 else { throw HTTPError(400, "The disruption number must be 1 or more.") }
        return id
    }

    /// A run reference: letters, digits and `-`, `_`, `.`, at most 64 characters.
    static func runRef(_ text: String) throws -> String {
        let allowed = text.utf8.allSatisfy { byte in
            (48 ... 57).contains(byte) || (65 ... 90).contains(byte) || (97 ... 122).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
        let hasAlphanumeric = text.utf8.contains { (48 ... 57).contains($0) || (65 ... 90).contains($0) || (97 ... 122).contains($0) }
        guard !text.isEmpty, text.utf8.count <= 64, allowed, hasAlphanumeric else {
            throw HTTPError(400, "The run reference may only have letters, digits and dashes.")
        }
        return text
    }

    /// The visit a board's row named (`at`): a timetabled minute, as a Unix minute, that Trakx's own links carry when a
    /// run calls at the rider's stop twice.
    /// - Parameter text: The query's value, if given.
    static func visit(_ text: String?) throws -> Date? {
        guard let text else { return nil }
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (48 ... 57).contains($0) }), let minute = Int(text), minute > 0 else {
            throw foreignRefreshLink("Choose the service again from its stop's departures.")
        }
        return Date(timeIntervalSince1970: TimeInterval(minute * 60))
    }

    /// A refresh link Trakx did not make (a board's `seen`, a ride's `was`): a 400 that says so, and where to go instead.
    static func foreignRefreshLink(_ instead: String) -> HTTPError {
        HTTPError(400, "This refresh link is not one Trakx made. \(instead)")
    }

    /// A latitude or longitude in range.
    static func coordinate(_ text: String, _ what: String, limit: Double) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 20, let value = Double(trimmed), value.isFinite, abs(value) <= limit else {
            throw HTTPError(400, "The \(what) must be a number from \(Int(-limit)) to \(Int(limit)), such as \(what == "latitude" ? "-37.8183" : "144.9671").")
        }
        return value
    }

    /// The point typed into the latitude (`lat`) and longitude (`lon`) fields of the nearby and walk forms, with an
    /// error for each field that cannot be used: an empty one asks for a value, another says what is allowed.
    static func point(lat: String, lon: String) -> (latitude: Double?, longitude: Double?, errors: [FieldError]) {
        var errors: [FieldError] = []
        func read(_ text: String, field: String, _ what: String, limit: Double, empty: String) -> Double? {
            do { return try coordinate(text, what, limit: limit) } catch {
                errors.append(FieldError(field: field, message: text.isEmpty ? empty : (error as? HTTPError)?.message ?? "\(error)"))
                return nil
            }
        }
        let latitude = read(lat, field: "lat", "latitude", limit: 90, empty: NearbyPage.enterLatitude)
        let longitude = read(lon, field: "lon", "longitude", limit: 180, empty: NearbyPage.enterLongitude)
        return (latitude, longitude, errors)
    }

    /// A radius in metres, one of `allowed`.
    static func radius(_ text: String, allowed: [Int]) throws -> Int {
        guard let metres = Int(text.trimmingCharacters(in: .whitespaces)), allowed.contains(metres) else {
            throw HTTPError(400, "The radius must be one of \(Plural.either(allowed.map { "\($0)" })) metres.")
        }
        return metres
    }

    /// A search query: trimmed, at most `maxQueryLength` characters, no control characters.
    static func query(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= maxQueryLength else {
            throw HTTPError(400, "Your search is \(trimmed.count) characters long. Searches can be at most \(maxQueryLength) characters. Try a shorter stop or line name.")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw HTTPError(400, "Your search has characters that cannot be searched for.")
        }
        return trimmed
    }

    /// An own name: trimmed; nil when empty; an error message when too long or with control characters.
    static func ownName(_ text: String?) -> Result<String?, HTTPError> {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .success(nil) }
        if trimmed.count > maxNameLength {
            return .failure(HTTPError(400, "Your name for this stop is \(trimmed.count) characters long. Use \(maxNameLength) characters or fewer."))
        }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .failure(HTTPError(400, "Your name for this stop has characters that cannot be saved."))
        }
        return .success(trimmed)
    }

    /// Bytes allowed in a return path: RFC 3986 unreserved, sub-delims (but not `'`), `:`, `@`, `/`, `?` and `%`
    /// escapes; so no quote, angle bracket, backslash, space or control character can reach a Location header.
    static let pathBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&()*+,;=:@/?%".utf8)

    /// A local path to return to after a change: must start with one `/`, else the fallback.
    static func returnPath(_ text: String?, fallback: String) -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), text.utf8.count <= 300,
              text.utf8.allSatisfy({ Self.pathBytes.contains($0) }) else { return fallback }
        return text
    }
}

extension Request {
    /// A query parameter the rider gave a value for: nil when it is missing or empty (an empty form field).
    /// - Parameter name: The parameter's name.
    func given(_ name: String) -> String? {
        query(name).flatMap { $0.isEmpty ? nil : $0 }
    }
}

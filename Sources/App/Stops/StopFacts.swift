import Foundation
import PTV

/// Facts about a stop, as a description list.
struct StopFacts: Sendable {
    struct Fact: Sendable {
        let term, detail: String
        /// Shown, not spoken: the sign's own abbreviations ("Bridge Rd/Hoddle St") are said "Bridge R D slash Hoddle
        /// saint", and the heading already says the name in full.
        var visualOnly = false
    }

    let items: [Fact]

    /// Said when PTV's answer has no access information for the stop: not knowing is not "no".
    static let accessUnknown = "Not known, as PTV has no access information for this stop"
    /// Said when PTV lists the stop's access features but not whether it is step free.
    static let stepFreeUnsaid = "Not known, as PTV does not say whether this stop is step free"

    /// - Parameters:
    ///   - identity: The stop.
    ///   - type: Its mode.
    ///   - detailsAnswered: Whether PTV's stop details answered. Without them, what is not known and why is said once
    ///     above the facts (`StopPage.factsUnavailable`), so no "Step free access" is said: its "PTV has no access
    ///     information" would be untrue when the question failed.
    init(_ identity: StopIdentity, type: RouteType, detailsAnswered: Bool = true) {
        let stop = identity.details
        // The mode and suburb are already said by the heading and the board; only what adds to them is listed.
        var items: [Fact] = []
        if let number = identity.stopNumber { items.append(Fact(term: "\(ModeWords.noun(type).capitalisedFirst) stop number", detail: number)) }
        if !identity.suburbIfNotInName.isEmpty { items.append(Fact(term: "Suburb", detail: identity.suburbIfNotInName)) }
        if SpokenName.differs(stop.stopName) {
            items.append(Fact(term: "Signed as", detail: stop.stopName.trimmingCharacters(in: .whitespaces), visualOnly: true))
        }
        items.append(Fact(term: "PTV stop ID", detail: String(stop.stopId)))
        if !stop.stopLandmark.isEmpty { items.append(Fact(term: "Landmark", detail: SpokenName.stop(stop.stopLandmark, withStopNumber: false))) }
        let access = Self.access(stop)
        if detailsAnswered { items += access.isEmpty ? [Fact(term: "Step free access", detail: Self.accessUnknown)] : access }
        if let amenities = stop.amenities {
            var list: [String] = []
            if amenities.toilet { list.append("toilet") }
            if amenities.taxiRank { list.append("taxi rank") }
            if amenities.cctv { list.append("CCTV") }
            if !amenities.carParking.isEmpty, amenities.carParking != "0" { list.append("car parking with \(amenities.carParking) spaces") }
            if !list.isEmpty { items.append(Fact(term: "Facilities", detail: list.joined(separator: ", ").capitalisedFirst)) }
        }
        self.items = items
    }
}

extension StopFacts {
    /// Step free access and the access features PTV lists for a station (nothing when PTV sends no accessibility).
    static func access(_ stop: StopDetails) -> [Fact] {
        guard let access = stop.accessibility else { return [] }
        var features: [String] = []
        if access.lift { features.append("lift") }
        if access.escalator { features.append("escalator") }
        if access.stairs { features.append("stairs") }
        if access.hearingLoop { features.append("hearing loop") }
        if access.tactileGroundSurfaceIndicator { features.append("tactile ground indicators") }
        if access.audioCustomerInformation { features.append("audio announcements") }
        var items = [Fact(term: "Step free access", detail: access.stopAccessible.map { $0 ? "yes" : "no" } ?? stepFreeUnsaid)]
        if !features.isEmpty { items.append(Fact(term: "Accessibility", detail: features.joined(separator: ", ").capitalisedFirst)) }
        return items
    }
}

extension String {
    /// The string with its first letter upper-cased.
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}

import Foundation
import PTV

/// Facts about a stop, as a description list.
struct StopFacts: Sendable {
    struct Fact: Sendable {
        let term: String
        let detail: String
    }

    let items: [Fact]

    init(_ identity: StopIdentity, type: RouteType) {
        let stop = identity.details
        let suburb = identity.suburb
        var items: [Fact] = [Fact(term: "Mode", detail: ModeWords.noun(type).prefix(1).uppercased() + ModeWords.noun(type).dropFirst())]
        if SpokenName.differs(stop.stopName) {
            items.append(Fact(term: "Signed as", detail: stop.stopName.trimmingCharacters(in: .whitespaces)))
        }
        items.append(Fact(term: "Stop number", detail: String(stop.stopId)))
        if !suburb.isEmpty { items.append(Fact(term: "Suburb", detail: suburb)) }
        if !stop.stopLandmark.isEmpty { items.append(Fact(term: "Landmark", detail: stop.stopLandmark)) }
        if let station = stop.stationType, !station.isEmpty { items.append(Fact(term: "Station type", detail: station)) }
        if let access = stop.accessibility {
            var features: [String] = []
            if access.lift { features.append("lift") }
            if access.escalator { features.append("escalator") }
            if access.stairs { features.append("stairs") }
            if access.hearingLoop { features.append("hearing loop") }
            if access.tactileGroundSurfaceIndicator { features.append("tactile ground indicators") }
            if access.audioCustomerInformation { features.append("audio announcements") }
            items.append(Fact(term: "Step-free access", detail: access.stopAccessible ? "Yes" : "No"))
            if !features.isEmpty { items.append(Fact(term: "Accessibility", detail: features.joined(separator: ", ").capitalisedFirst)) }
        }
        if let amenities = stop.amenities {
            var list: [String] = []
            if amenities.toilet { list.append("toilet") }
            if amenities.taxiRank { list.append("taxi rank") }
            if amenities.cctv { list.append("CCTV") }
            if !amenities.carParking.isEmpty, amenities.carParking != "0" { list.append("car parking (\(amenities.carParking) spaces)") }
            if !list.isEmpty { items.append(Fact(term: "Facilities", detail: list.joined(separator: ", ").capitalisedFirst)) }
        }
        self.items = items
    }
}

extension String {
    /// The string with its first letter upper-cased.
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}

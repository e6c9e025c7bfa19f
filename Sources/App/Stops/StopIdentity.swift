import Foundation
import PTV
import Storage

/// Who a stop is, from whichever answer carries it: the stop-details answer, else the departures answer's
/// stop map. The stop page, favourites and banners all name a stop through this, so none of them falls back
/// to a placeholder ("Stop 1099") while PTV has told Trakx the real name.
struct StopIdentity: Sendable {
    /// The details, real or assembled from the departures answer.
    let details: StopDetails
    /// PTV's name, as signed.
    var officialName: String { details.stopName }
    /// The name as it reads aloud ("Flinders Street Station").
    let spokenName: String
    /// The suburb ("" when unknown).
    let suburb: String

    var latitude: Double? { details.location?.latitude }
    var longitude: Double? { details.location?.longitude }

    /// The spoken name without its ", stop 13" (the stop number is said by the title and the facts).
    var spokenNameWithoutNumber: String {
        guard let number = SpokenName.stopNumber(in: spokenName) else { return spokenName }
        return String(spokenName[..<number.suffix.lowerBound])
    }

    /// The stop number in the name ("13" for "… #13"), if any.
    var stopNumber: String? {
        SpokenName.stopNumber(in: spokenName).map { String(spokenName[$0.number]) }
    }

    /// The suburb unless the name already says it ("Richmond", not "Richmond Richmond").
    var suburbIfNotInName: String {
        suburb.isEmpty || spokenName.lowercased().contains(suburb.lowercased()) ? "" : suburb
    }

    /// Finds the stop's identity, or nil when neither answer has the stop.
    init?(stopID: Int, type: RouteType, details: StopDetailsResponse?, departures: DeparturesResponse?) {
        let fromMap = departures?.stops[String(stopID)]
        if let stop = details?.stop, !stop.stopName.trimmingCharacters(in: .whitespaces).isEmpty {
            self.details = stop
        } else if let fromMap, !fromMap.stopName.trimmingCharacters(in: .whitespaces).isEmpty {
            self.details = StopDetails(stopId: fromMap.stopId, stopName: fromMap.stopName, routeType: type,
                                       stopLandmark: fromMap.stopLandmark,
                                       location: StopLocation(suburb: fromMap.stopSuburb, latitude: fromMap.stopLatitude,
                                                              longitude: fromMap.stopLongitude))
        } else if var stop = details?.stop, stop.stopId == stopID {
            // PTV sent the stop's record without its name: the stop is there, so it is named by its number, as a
            // favourite is until a later answer names it; never "there is no stop".
            stop.stopName = FavouriteStop.placeholderName(stopID: stopID)
            self.details = stop
        } else {
            return nil
        }
        spokenName = SpokenName.stop(self.details.stopName)
        let suburb = self.details.location?.suburb ?? ""
        self.suburb = (suburb.isEmpty ? fromMap?.stopSuburb ?? "" : suburb).trimmingCharacters(in: .whitespaces)
    }

    /// Disruptions at this stop: the ones its details list, and the ones its departures name.
    func disruptions(in departures: DeparturesResponse, details: StopDetailsResponse?) -> [Link] {
        var all = departures.disruptions
        all.merge(details?.disruptions ?? [:]) { first, _ in first }
        let ids = Set(self.details.disruptionIds.map(String.init))
        return all.filter { ids.contains($0.key) }.values
            .sorted { $0.disruptionId < $1.disruptionId }
            .map { Link($0.heardTitle, href: Paths.disruption($0.disruptionId)) }
    }
}

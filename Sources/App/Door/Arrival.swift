import Foundation
import PTV

/// Where a rider is when they get off: the stop in words, which way the vehicle went on, the station's access
/// facts where PTV has them, the next departures of other lines here within 30 minutes (one line each), and the
/// stops near here with links to walk to them. Its first sentence is the answer: "You are at Dandenong Station,
/// platform 1."
struct Arrival: Sendable {
    /// A stop near here, with the link to walk there from here.
    struct Near: Sendable {
        /// Its name, linking to its page.
        let stop: Link
        /// "120 metres northeast, buses 246 and 630".
        let detail: String
        /// Walking there from here.
        let walk: String
    }

    /// How far ahead connections are listed.
    static let connectionWindow: TimeInterval = 30 * 60
    /// Most stops near here listed.
    static let nearbyListed = 5

    /// "You are at Dandenong Station, platform 1."
    let sentence: String
    /// The sentence as a heading, without its full stop.
    let heading: String
    /// Street, landmark, suburb.
    let place: [StopFacts.Fact]
    /// Which way the vehicle went on, as a sentence of its own: "The train goes on towards Pakenham, heading southeast."
    let wentOn: String?
    /// Lift, stairs, step-free access and the like, where PTV has them.
    let access: [StopFacts.Fact]
    /// Said when PTV has no access facts for this stop.
    let accessUnknown: String?
    /// One sentence for each other line leaving within 30 minutes.
    let connections: [String]
    /// Said when none leaves within 30 minutes.
    let noConnections: String?
    /// Stops near here.
    let nearby: [Near]
    /// Said when the stops near here are not on this view (failed, or still being looked up).
    let nearbyUnknown: String?
    /// "All stops near here", when the stop's position is known.
    let nearbyURL: String?
    /// This stop's departures.
    let stopURL: String
    /// Whether PTV knows the stop at all (its details or its departures came back, or a ride named it).
    let known: Bool

    /// Builds the arrival.
    /// - Parameters:
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - detailsAsked: PTV's details of the stop.
    ///   - departuresAsked: Departures here.
    ///   - nearAsked: Stops near here (not asked when the stop's position was not known yet).
    ///   - disruptions: The texts of disruptions the departures name, by id (a connection says works that replace it).
    ///   - ride: The journey ridden and the index of this stop in it, when the rider came from a ride page.
    ///   - words: Time words.
    init(type: RouteType, stopID: Int, details detailsAsked: Evidence<StopDetailsResponse>, departures departuresAsked: Evidence<DeparturesResponse>,
         near nearAsked: Evidence<StopsNearbyResponse>, disruptions: [String: Disruption] = [:], ride: (journey: Journey, index: Int)?,
         words: TimeWords) {
        let details = detailsAsked.value?.stop, departures = departuresAsked.value, near = nearAsked.value?.stops ?? []
        let call = ride.map { $0.journey.calls[$0.index] }
        let official = details?.stopName ?? departures?.stops[String(stopID)]?.stopName ?? ""
        let name = official.isEmpty ? (call?.name ?? "Stop \(stopID)") : SpokenName.stop(official)
        heading = "You are at \(name)" + (call?.platform.map { ", platform \($0)" } ?? "")
        sentence = heading + "."
        var place = StreetWords.facts(official, landmark: details?.stopLandmark ?? "")
        let suburb = details?.location?.suburb.trimmingCharacters(in: .whitespaces) ?? ""
        if !suburb.isEmpty, !name.contains(suburb) { place.append(.init(term: "Suburb", detail: suburb)) }
        wentOn = ride.flatMap { Self.wentOn(ride: $0.journey, from: $0.index, noun: $0.journey.noun) }
        self.place = place
        access = details.map { StopFacts.access($0) } ?? []
        accessUnknown = details == nil ? Self.notHere(detailsAsked, "This stop's access facts")
            : (access.isEmpty ? "PTV lists no lifts, stairs or other access facts for this stop." : nil)
        let ridden = Set(ride?.journey.legs.compactMap { $0.route?.routeId } ?? [])
        let changes = BoardChanges(disruptions: disruptions)
        let rows = departures.map { DepartureBoard($0, routeType: type, stopID: stopID, words: words, changes: changes).next } ?? []
        var lines: [String] = []
        var said = Set<String>()
        for row in rows where !row.departed && !row.cancelled && !ridden.contains(row.routeID)
            && row.at.timeIntervalSince(words.now) <= Self.connectionWindow
            && said.insert("\(row.routeID)-\(row.directionID)").inserted {
            lines.append(row.sentence)
        }
        connections = lines
        noConnections = departures == nil ? Self.notHere(departuresAsked, "Departures from here")
            : (lines.isEmpty ? "No other line leaves this stop in the next 30 minutes." : nil)
        let here = details?.location?.point ?? call?.point
        nearby = here.map { point in
            near.filter { $0.stopId != stopID }
                .compactMap { NearbyStop($0, latitude: point.0, longitude: point.1) }
                .sorted { $0.metres < $1.metres }
                .prefix(Self.nearbyListed)
                .map { stop in
                    let link = stop.link(usualSuburb: nil)
                    return Near(stop: link, detail: [stop.distance, link.detail].compactMap { $0 }.joined(separator: ", "),
                                walk: Paths.walk(stop.stop.routeType, stop.stop.stopId, from: point))
                }
        } ?? []
        nearbyURL = here.map { Paths.nearby(latitude: $0.0, longitude: $0.1) }
        nearbyUnknown = nearAsked.value == nil ? Self.notHere(nearAsked, "Stops near here") : nil
        stopURL = Paths.stop(type, stopID)
        known = !official.isEmpty || call != nil
    }

    /// Why a part is not on this view, in the one wording per outcome: "Departures from here could not be checked just
    /// now, because PTV did not answer in time.", or, for a part not asked yet, that it is being looked up.
    static func notHere<Value>(_ evidence: Evidence<Value>, _ part: String) -> String {
        switch evidence.outcome {
        case .answered: ""
        case .notAsked: "\(part) are being looked up, and show when this page is loaded again."
        case .notFound: "PTV did not find \(part.prefix(1).lowercased() + part.dropFirst()) just now."
        case .failed, .refused: EvidenceWords.notChecked(part, evidence) ?? ""
        }
    }

    /// "The train goes on towards Pakenham, heading southeast.", or "This is the train's last stop." at the last stop.
    static func wentOn(ride journey: Journey, from index: Int, noun: String) -> String? {
        let calls = journey.calls
        guard index + 1 < calls.count else { return "This is the \(noun)'s last stop." }
        let here = calls[index], next = calls[index + 1]
        let heading = here.point.flatMap { from in
            next.point.map { to in Compass.word(Compass.bearing(fromLatitude: from.0, fromLongitude: from.1, toLatitude: to.0, toLongitude: to.1)) }
        }
        let towards = journey.destination.isEmpty ? "" : " towards \(journey.destination)"
        return "The \(noun) goes on\(towards)" + (heading.map { ", heading \($0)" } ?? "") + "."
    }
}

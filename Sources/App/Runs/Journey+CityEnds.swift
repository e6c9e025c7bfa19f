import PTV

/// Where a metro trip starts and ends in the city, as the train's own displays say it.
///
/// PTV's pattern for one run can carry City Loop stops that the train runs as another trip: a Cranbourne run listed
/// from Parliament round the loop to Flinders Street is, in the loop, the train still showing "Flinders Street" (its
/// trip before), and only becomes the Cranbourne train at Flinders Street; a Hurstbridge run listed on from Flinders
/// Street round the loop to Parliament has ended its trip at Flinders Street. A cross-city or Metro Tunnel pattern
/// lists the stop before the handover in both halves (Southern Cross in a Werribee train that becomes a Frankston
/// train at Flinders Street; State Library in a Sunbury train that becomes a Pakenham train at Town Hall). So a trip
/// towards the city ends at its first Flinders Street (else Town Hall), and a trip away from it starts at its last.
/// What lies beyond, if only city stations, is the neighbouring trip's when the pattern holds it (and lists those
/// stops), else a piece of the same run that the page names as where the train comes from or goes on to.
extension Journey {
    /// One trip of a pattern, after its city ends are placed.
    struct TripPart: Sendable {
        /// Its rows, in travel order.
        var rows: [Departure]
        /// Whether it is the City Loop end of a run whose own trip is another part (the same `run_ref`).
        var piece: Bool = false
    }

    /// Flinders Street and Town Hall: where trips start and end in the city.
    static let handoverStops: [Int] = [1071, 1235]

    /// The city stations a trip may run through past where it starts or ends: Flinders Street, Southern Cross and the
    /// loop (``PlatformDestination/cityStops``), and State Library and Town Hall in the Metro Tunnel.
    static let cityStations: Set<Int> = Set(PlatformDestination.cityStops.keys).union([1234, 1235])

    /// The trips of a pattern with their city ends placed (see the type's notes); other modes' trips unchanged.
    /// - Parameters:
    ///   - trips: The pattern's trips in travel order, each its rows (``trip(_:asked:pattern:type:before:through:)``).
    ///   - pattern: The pattern, for each trip's direction.
    ///   - type: The mode: only metro trains run the City Loop.
    static func cityEnds(_ trips: [[Departure]], pattern: PatternResponse, type: RouteType) -> [TripPart] {
        guard type == .train else { return trips.map { TripPart(rows: $0) } }
        var parts: [TripPart] = []
        for (index, trip) in trips.enumerated() {
            let towardCity = trip.first.flatMap { pattern.directions[String($0.directionId)] }?.directionName.contains("City") ?? false
            guard let cut = handover(in: trip, last: !towardCity) else {
                parts.append(TripPart(rows: trip))
                continue
            }
            // The rows past the handover, with the handover itself: the other trip's, or the same run's City Loop piece.
            let beyond = towardCity ? Array(trip[cut...]) : Array(trip[...cut])
            let own = towardCity ? Array(trip[...cut]) : Array(trip[cut...])
            let neighbour = towardCity ? (index + 1 < trips.count ? trips[index + 1] : nil) : (index > 0 ? trips[index - 1] : nil)
            let extra = beyond.filter { $0.stopId != trip[cut].stopId }
            guard !extra.isEmpty, extra.allSatisfy({ cityStations.contains($0.stopId) }) else {
                parts.append(TripPart(rows: trip))
                continue
            }
            if let neighbour {
                // The neighbouring trip lists them as its own: this trip keeps only its own, else it stays as PTV gives it.
                let listed = Set(neighbour.map(\.stopId))
                parts.append(TripPart(rows: extra.allSatisfy { listed.contains($0.stopId) } ? own : trip))
            } else if towardCity {
                parts += [TripPart(rows: own), TripPart(rows: beyond, piece: true)]
            } else {
                parts += [TripPart(rows: beyond, piece: true), TripPart(rows: own)]
            }
        }
        return parts
    }

    /// The index of the row where a trip hands over in the city: its first Flinders Street (a trip towards the city),
    /// or its last (a trip away from it), else the same for Town Hall.
    private static func handover(in rows: [Departure], last: Bool) -> Int? {
        for stop in handoverStops {
            if let index = last ? rows.lastIndex(where: { $0.stopId == stop }) : rows.firstIndex(where: { $0.stopId == stop }) {
                return index
            }
        }
        return nil
    }
}

import Foundation
import PTV

/// What a board says on a row besides its time: the vehicle, replacement buses and the stops an express runs past,
/// each only from what PTV gave (the departure's run, the disruptions it names, and patterns Trakx already holds).
struct BoardChanges: Sendable {
    /// The stops each express run (by `run_ref`) passes after this stop, from its pattern; a run not here says "Express".
    var skipped: [String: [String]] = [:]
    /// Every disruption text at hand by id.
    var disruptions: [String: Disruption] = [:]
    /// Whether the rider chose low floor trams only (tram rows then always say low floor, or that it is not known).
    var lowFloorOnly = false
    /// Whether a bus board may say "Buses are low floor unless marked.": PTV gave a low floor bus among its runs. A row
    /// PTV gave no vehicle for is then marked "low floor not known", so the legend claims nothing PTV did not say.
    var busesMarked = false
    /// Whether a bus board says once "Whether a bus is low floor is not known unless marked.": PTV describes its buses
    /// but none as low floor. Its rows then mark only a bus that is not low floor.
    var busesUnknownSaidOnce = false

    /// Nothing beyond what the departures answer itself carries.
    static let none = BoardChanges()

    /// The notes and the vehicle's low floor for one departure.
    /// - Parameters:
    ///   - departure: The departure.
    ///   - run: Its run, with the vehicle descriptor when PTV sent one.
    ///   - type: The stop's mode.
    ///   - notes: The notes `ServiceWords` gives (with "Express" when the run is express).
    /// - Returns: The notes with "Express" said as the stops it runs past when known, replacement buses added, and
    ///   the vehicle last; the replacement buses alone ("buses replace trains between Caulfield and Frankston"), which
    ///   the row's standalone sentence says too; and the vehicle's low floor (nil when not known).
    func row(_ departure: Departure, run: Run?, type: RouteType, notes: [String]) -> (notes: [String], replacements: [String], lowFloor: Bool?) {
        var notes = notes
        if let express = skipped[departure.runRef].flatMap(ChangeWords.express(skipping:)),
           let index = notes.firstIndex(of: "Express") {
            notes[index] = express
        }
        let replacements = ChangeWords.replacements(departure.disruptionIds.compactMap { disruptions[String($0)] }, at: departure.bestTime)
        notes += replacements
        let vehicle = VehicleWords.said(run?.vehicleDescriptor, type: type, askedLowFloor: lowFloorOnly, busesMarked: busesMarked,
                                         busesUnknownSaidOnce: busesUnknownSaidOnce)
        if let words = vehicle.words { notes.append(words) }
        return (notes, replacements, vehicle.lowFloor)
    }
}

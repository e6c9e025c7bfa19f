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
    /// What a bus board says once of its buses' floors (a row PTV gave no vehicle for, under "Buses are low floor
    /// unless marked.", is marked "low floor not known", so the board claims nothing PTV did not say).
    var busFloors = VehicleWords.BusFloors.eachRow
    /// Departures PTV's latest list left out before their time, whose patterns could not be checked (by `run_ref`).
    var unchecked: Set<String> = []

    /// What a row says of a departure PTV's latest list left out and that could not be checked.
    static let uncheckedNote = "not in PTV's latest list, could not be checked just now"

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
        if unchecked.contains(departure.runRef) { notes.append(Self.uncheckedNote) }
        let vehicle = VehicleWords.said(run?.vehicleDescriptor, type: type, askedLowFloor: lowFloorOnly, busFloors: busFloors)
        if let words = vehicle.words { notes.append(words) }
        return (notes, replacements, vehicle.lowFloor)
    }
}

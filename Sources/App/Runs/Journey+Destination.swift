import PTV

/// What a journey is called from the rider's stop: the part they board, its destination as the platform says it
/// (``PlatformDestination``, the same function the board uses), and the City Loop stops it runs.
extension Journey {
    /// The part that holds call `index`.
    func leg(containing index: Int) -> Leg? { legs.last { $0.start <= index } }

    /// The part a page is about: the one the rider boards (at call `index`), else the run that was asked for, else
    /// the first.
    func leg(for index: Int?) -> Leg? {
        if let index, let leg = leg(containing: index) { return leg }
        return legs.first { $0.runRef == asked } ?? legs.first
    }

    /// Where the train goes, as a rider boarding at call `index` (else at the page's part's first stop) reads it.
    func named(from index: Int?) -> PlatformDestination.Named {
        guard let leg = leg(for: index) else { return PlatformDestination.Named(name: destination, after: nil) }
        return PlatformDestination.name(end: leg.end, boarding: calls[index ?? leg.start].stopID, type: routeType)
    }

    /// "Frankston line to Flinders Street": the part's line and where it goes from the rider's stop.
    func heading(from index: Int?) -> String {
        let service = leg(for: index)?.service ?? ModeWords.service(nil, type: routeType)
        return ServiceWords.caption(service: service, destination: named(from: index).name)
    }

    /// The City Loop stops the train runs after call `index`: "via the City Loop, calling at Parliament, Melbourne
    /// Central, Flagstaff and Southern Cross", or, for a run that ends in the loop, "after Flinders Street, via the City
    /// Loop to Parliament, calling at Southern Cross, Flagstaff and Melbourne Central" (the board's words, with the
    /// stops; no colon, which a screen reader says).
    func cityLoop(from index: Int?) -> String? {
        guard routeType == .train else { return nil }
        let start = index ?? 0
        let flinders = 1071
        func inCity(_ call: Int) -> Bool { PlatformDestination.cityStops[calls[call].stopID].map { $0 != "Flinders Street" } ?? false }
        func inLoop(_ call: Int) -> Bool {
            PlatformDestination.cityStops[calls[call].stopID].map(PlatformDestination.loopStations.contains) ?? false
        }
        guard let first = calls.indices.first(where: { $0 > start && inLoop($0) }) else { return nil }
        var lower = first, upper = first
        while lower - 1 > start, inCity(lower - 1) { lower -= 1 }
        while upper + 1 < calls.count, inCity(upper + 1) { upper += 1 }
        let names = calls[lower ... upper].map(\.name)
        if upper == calls.count - 1, lower > 0, calls[lower - 1].stopID == flinders, let end = names.last {
            let before = Array(names.dropLast())
            return "after Flinders Street, via the City Loop to \(end)" + (before.isEmpty ? "" : ", calling at \(Plural.list(before))")
        }
        return "via the City Loop, calling at \(Plural.list(names))"
    }

    /// What follows the destination on the run and ride pages: the City Loop stops, else the rest of a run that ends
    /// past Flinders Street ("then on to Southern Cross"), where no later part continues it.
    func afterDestination(from index: Int?) -> String? {
        if let loop = cityLoop(from: index) { return loop }
        let part = leg(for: index)
        guard legs.last?.runRef == part?.runRef else { return nil }
        return named(from: index).after
    }
}

extension Journey {
    /// Of works on this run (as said: "buses replace trains between Elsternwick and Sandringham"), those on a ride from
    /// stop `from` to `to` (``ChangeWords/onTheWay(_:stations:from:to:)``). Only a train's stops are stations that works
    /// name; on a tram or bus every one is kept.
    func worksOnRide(_ works: [String], from: Int?, to: Int? = nil) -> [String] {
        routeType == .train || routeType == .vline ? ChangeWords.onTheWay(works, stations: calls.map(\.name), from: from, to: to) : works
    }
}

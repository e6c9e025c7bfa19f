import Foundation
import PTV

/// How far a run has got at one moment, from the evidence PTV gives and nothing more.
///
/// A stop has been departed when its time (live estimate, else timetable) is past, or when the vehicle is
/// known to be beyond it: `at_platform` at a later stop, or a fresh vehicle position that fits this run's
/// route and times. A position that does not fit (a bus still on its previous trip) is not used.
struct JourneyProgress: Sendable {
    /// Where the vehicle is known to be.
    enum Place: Sendable, Equatable {
        /// Standing at a call.
        case at(Int)
        /// Between two consecutive calls.
        case between(Int, Int)

        /// The first call the vehicle has not yet left.
        var nextIndex: Int {
            switch self {
            case .at(let index): index
            case .between(_, let next): next
            }
        }
    }

    /// What the vehicle's place comes from.
    enum Evidence: Sendable, Equatable {
        /// PTV says the train is at the platform.
        case atPlatform
        /// A vehicle position reported this many seconds ago.
        case position(age: Int)
    }

    /// Where the vehicle is, when known.
    let place: Place?
    /// What says so.
    let evidence: Evidence?
    /// When live position information was last good, if it has been lost.
    let lostAt: Date?
    /// Whether PTV reported a fresh position that does not fit this run (a bus still on its previous trip).
    let positionIgnored: Bool
    /// Where a position more than a minute old put the vehicle, and how many seconds ago it was reported (also
    /// when it has expired: where the vehicle was seen, never where it is).
    let lastSeen: (age: Int, place: Place)?
    /// The moment this progress describes.
    let now: Date
    /// When the pattern was fetched, if it is a saved copy shown because PTV could not give a fresh one.
    let staleSince: Date?
    /// Where the vehicle was when the evidence was fresh (equal to `place` on a fresh answer): what it had left
    /// then, it has left now; where it stood then says nothing of now.
    private let placeThen: Place?
    private let journey: Journey
    /// The journey's calls, for naming where the vehicle was.
    var calls: [Journey.Call] { journey.calls }

    /// How long a position without its own expiry stays usable, and the most we trust any position.
    static let positionLifetime: TimeInterval = 120
    /// A call within this distance counts as "at" it.
    static let atStopMetres = 120.0
    /// A position further than this (or a fifth of the segment's length) from the run's line does not belong to it.
    static let offRouteMetres = 400.0

    /// Works out the progress of `journey` at `now`, from a pattern fetched fresh or (`staleSince`) a saved copy:
    /// a saved copy is read as of its fetch time, and nothing in it places the vehicle now.
    init(_ journey: Journey, now: Date, staleSince: Date? = nil) {
        if let staleSince {
            let then = JourneyProgress(journey, now: staleSince)
            self.journey = journey
            self.now = now
            self.staleSince = staleSince
            placeThen = then.place
            place = nil
            evidence = nil
            lostAt = staleSince
            positionIgnored = false
            lastSeen = nil
            return
        }
        self.journey = journey
        self.now = now
        self.staleSince = nil
        var place: Place?
        var evidence: Evidence?
        var lostAt: Date?
        var ignored = false
        var lastSeen: (age: Int, place: Place)?
        if let index = journey.calls.lastIndex(where: { $0.atPlatform && !$0.cancelled }) {
            place = .at(index)
            evidence = .atPlatform
        }
        let positions = journey.legs.compactMap { $0.run?.vehiclePosition }
            .filter { $0.latitude != nil && $0.longitude != nil }
            .sorted { ($0.datetime ?? .distantPast) > ($1.datetime ?? .distantPast) }
        if let position = positions.first {
            let reported = position.datetime ?? now
            let expiry = min(position.expiryTime ?? reported.addingTimeInterval(Self.positionLifetime),
                             reported.addingTimeInterval(Self.positionLifetime))
            let age = max(0, Int(now.timeIntervalSince(reported)))
            // Where it was is fitted to the run's times as they were when it was reported.
            if age >= 60, let seen = Self.fit(position, to: journey, now: reported) { lastSeen = (age, seen) }
            if now > expiry {
                lostAt = expiry
            } else if place == nil, let fitted = Self.fit(position, to: journey, now: now) {
                place = fitted
                evidence = .position(age: age)
            } else if place == nil {
                ignored = true
            }
        }
        self.place = place
        placeThen = place
        self.evidence = evidence
        self.lostAt = lostAt
        positionIgnored = ignored
        self.lastSeen = lastSeen
    }

    /// Whether the vehicle has left call `index`: by where it is (or was, on a saved copy), else by the clock at
    /// the time the evidence describes (a saved copy's later times are "was due", not departed).
    func hasDeparted(_ index: Int) -> Bool {
        if let placeThen, index < placeThen.nextIndex { return true }
        if let placeThen, index >= placeThen.nextIndex { return false }
        guard let time = journey.calls[index].time else { return false }
        return time < (staleSince ?? now).addingTimeInterval(-30)
    }

    /// The call the vehicle is heading for: the one after the stop it stands at, else the first not yet left.
    var headingIndex: Int? {
        if case .at(let index) = place { return index + 1 < journey.calls.count ? index + 1 : nil }
        return nextIndex
    }

    /// When a call not yet departed is due, in words said after its clock time (never the time again): "at the
    /// platform" (live), "in 5 minutes", or, for a time already past without evidence that it has left, "due 4
    /// minutes ago" (never "departed" without evidence): a live estimate already past is "overdue", and a saved
    /// copy's past time "was due".
    func when(_ index: Int, words: TimeWords) -> String {
        let call = journey.calls[index]
        if call.cancelled { return "cancelled" }
        if place == .at(index) && evidence != nil { return "at the platform now" }
        guard let time = call.time else { return "time not known" }
        guard time < now.addingTimeInterval(-30) else { return words.afterClock(time) }
        if staleSince != nil { return "was due " + words.ago(time) }
        return call.isLive ? "overdue, the live estimate was " + words.ago(time) : words.due(time)
    }

    /// The first call not yet departed, or nil when the run has finished.
    var nextIndex: Int? { journey.calls.indices.first { !hasDeparted($0) } }

    /// Whether any call still ahead has a live estimate.
    var hasLiveTimes: Bool {
        journey.calls.indices.contains { !hasDeparted($0) && journey.calls[$0].isLive }
    }

    /// The call nearest to a position on the run's line, if the position belongs to this run now.
    static func fit(_ position: VehiclePosition, to journey: Journey, now: Date) -> Place? {
        guard let latitude = position.latitude, let longitude = position.longitude else { return nil }
        let calls = journey.calls
        var best: (place: Place, distance: Double)?
        for index in calls.indices {
            guard let lat = calls[index].latitude, let lon = calls[index].longitude else { continue }
            let toStop = Compass.distance(fromLatitude: latitude, fromLongitude: longitude, toLatitude: lat, toLongitude: lon)
            if toStop <= atStopMetres, toStop < (best?.distance ?? .infinity) {
                best = (.at(index), toStop)
            }
            guard index + 1 < calls.count, let nextLat = calls[index + 1].latitude, let nextLon = calls[index + 1].longitude else { continue }
            let offLine = distanceToSegment(latitude, longitude, lat, lon, nextLat, nextLon)
            // Track between stops is rarely straight, and an express run's "segment" spans skipped stops.
            let length = Compass.distance(fromLatitude: lat, fromLongitude: lon, toLatitude: nextLat, toLongitude: nextLon)
            if offLine <= max(offRouteMetres, length * 0.2), offLine + atStopMetres < (best?.distance ?? .infinity) {
                best = (.between(index, index + 1), offLine + atStopMetres)
            }
        }
        guard let place = best?.place else { return nil }
        // The position must fit the run's times too: a vehicle still on its previous trip can stand on this
        // run's line long before this run starts.
        let window: (Date?, Date?)
        switch place {
        case .at(let index): window = (calls[index].time, calls[index].time)
        case .between(let from, let to): window = (calls[from].time, calls[to].time)
        }
        let slack: TimeInterval = 10 * 60
        if let start = window.0, now < start.addingTimeInterval(-slack) { return nil }
        if let end = window.1, now > end.addingTimeInterval(slack) { return nil }
        return place
    }

    /// Distance in metres from a point to the segment between two points (flat approximation, fine at city scale).
    static func distanceToSegment(_ lat: Double, _ lon: Double, _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let metresPerDegree = Compass.earthRadius * .pi / 180
        let scale = cos(lat * .pi / 180)
        let (px, py) = (lon * scale * metresPerDegree, lat * metresPerDegree)
        let (ax, ay) = (lon1 * scale * metresPerDegree, lat1 * metresPerDegree)
        let (bx, by) = (lon2 * scale * metresPerDegree, lat2 * metresPerDegree)
        let (dx, dy) = (bx - ax, by - ay)
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / length))
        let (cx, cy) = (ax + t * dx, ay + t * dy)
        return ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
    }
}

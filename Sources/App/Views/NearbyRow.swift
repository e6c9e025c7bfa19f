import PTV

/// One stop in the nearby list: distance and direction first, then the stop.
struct NearbyRow: Sendable {
    /// "120 metres north".
    let distance: String
    /// The stop, with its suburb (when not the usual one) and lines as detail.
    let stop: Link
    /// "Walk", to the walking page (from the point the list was measured from, when the rider gave one).
    var walk: Link? = nil
}

extension NearbyRow {
    /// A listed stop's row: its distance, its link (with which way its services leave, when known) and its walk link.
    /// - Parameters:
    ///   - stop: The stop, measured.
    ///   - usualSuburb: The suburb the list says once.
    ///   - ways: Which way services leave each stop.
    ///   - from: The point the list is measured from.
    init(stop: NearbyStop, usualSuburb: String?, ways: [String: [StopWays.Way]], from: (Double, Double)) {
        let way = ways[StopWays.key(stop.stop.routeType, stop.stop.stopId)].flatMap(WayWords.phrase)
        let link = stop.link(usualSuburb: usualSuburb, way: way)
        self.init(distance: stop.distance, stop: link,
                  walk: Link(link.name, href: Paths.walk(stop.stop.routeType, stop.stop.stopId, from: from)))
    }
}

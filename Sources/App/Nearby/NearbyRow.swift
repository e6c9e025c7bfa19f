import PTV

/// One stop in the nearby list: distance and direction first, then the stop.
struct NearbyRow: Sendable {
    /// "120 metres north".
    let distance: String
    /// The stop, with its suburb (when not the usual one) and lines as detail.
    let stop: Link
    /// "Walk", to the walking page from the point the list was measured from (on rows that share a name); its name,
    /// said after "Walk to", is the stop's with what tells it from its namesake ("Bridge Road at Hoddle Street, on
    /// the north side of the road").
    var walk: Link? = nil
}

extension NearbyRow {
    /// A listed stop's row: its distance and its link. A stop whose name another listed stop shares (the two sides
    /// of a road) also says which way its services leave, and links to walking there: that tells the two apart.
    /// Other rows stay as they were, as the whole list is within its listening budget only so (every row's stop
    /// page says which way and links to walking there).
    /// - Parameters:
    ///   - stop: The stop, measured.
    ///   - usualSuburb: The suburb the list says once.
    ///   - shared: Whether another listed stop has the same name.
    ///   - ways: Which way services leave each stop.
    ///   - from: The point the list is measured from.
    init(stop: NearbyStop, usualSuburb: String?, shared: Bool, ways: [String: [StopWays.Way]], from: (Double, Double)) {
        // A kerbside stop whose ways PTV did not tell in time says so, rather than nothing: its namesake is across the road.
        let unknown = StopWays.kerbside.contains(stop.stop.routeType) ? Self.wayUnchecked : nil
        let way = shared ? ways[StopWays.key(stop.stop.routeType, stop.stop.stopId)].flatMap(WayWords.phrase) ?? unknown : nil
        let link = stop.link(usualSuburb: usualSuburb, way: way)
        let known = ways[StopWays.key(stop.stop.routeType, stop.stop.stopId)] ?? []
        let apart = WayWords.side(known) ?? WayWords.phrase(known) ?? stop.distance
        self.init(distance: stop.distance, stop: link,
                  walk: shared ? Link("\(link.name), \(apart)", href: Paths.walk(stop.stop.routeType, stop.stop.stopId, from: from)) : nil)
    }

    /// Said on a row that shares its name with another listed stop when which way its services leave is not known
    /// (PTV did not answer within the page's second round).
    static let wayUnchecked = "which way its services go could not be checked just now"

    /// The rows of listed stops, noting which share a name with another listed stop. No two walk links say the same
    /// words: where the side of the road or the way does not tell two apart, the distance and direction does.
    static func rows(_ listed: [NearbyStop], usualSuburb: String?, ways: [String: [StopWays.Way]], from: (Double, Double)) -> [NearbyRow] {
        let shared = Set(StopWays.sharingNames(listed.map(\.stop)).map { StopWays.key($0.routeType, $0.stopId) })
        var rows = listed.map { stop in
            NearbyRow(stop: stop, usualSuburb: usualSuburb, shared: shared.contains(StopWays.key(stop.stop.routeType, stop.stop.stopId)),
                      ways: ways, from: from)
        }
        var said: [String: Int] = [:]
        for row in rows { if let walk = row.walk { said[walk.name, default: 0] += 1 } }
        for index in rows.indices {
            guard let walk = rows[index].walk, said[walk.name, default: 0] > 1 else { continue }
            rows[index].walk = Link("\(walk.name), \(rows[index].distance)", href: walk.href)
        }
        return rows
    }
}

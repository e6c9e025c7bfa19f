import PTV

/// The "Alert me on this phone" section of the ride page and the leave-now reminder on a stop page: one form the
/// script completes with the phone's push subscription and sends as an ordinary POST (form token, then a 303 with a
/// notice). Without JavaScript the form stays hidden and the section says what alerts need and what still works.
struct AlertOffer: Sendable {
    /// A hidden field.
    struct Field: Sendable {
        let name, value: String
    }

    /// The section's id, its heading's id being this with `-heading`.
    let id: String
    let heading: String
    let intro: String
    let action, token: String
    /// The server's VAPID public key, the phone's `applicationServerKey`.
    let publicKey: String
    let fields: [Field]
    /// A reminder's lines at the stop.
    let lines: [SelectOption]
    /// A reminder's minutes.
    let minutes: [SelectOption]
    let button: String
    /// What alerts need, and what works without them.
    let needs, without: String
    /// The page to come back to after stopping every alert of this phone.
    let returnPath: String
    /// Whether the section is folded under its heading (a `details`), as on the stop board, whose whole page
    /// has a listening budget; the ride page shows it open.
    let collapsed: Bool

    /// Minutes a reminder may be set to.
    static let minuteChoices = [5, 10, 15, 20, 30]

    /// The ride page's offer, for a rider who has chosen their stop.
    static func ride(type: RouteType, runRef: String, from: Int?, to: Int, publicKey: String, context: PageContext) -> AlertOffer {
        var fields = [Field(name: "mode", value: ModeWords.slug(type)), Field(name: "run", value: runRef), Field(name: "to", value: String(to))]
        if let from { fields.append(Field(name: "from", value: String(from))) }
        return AlertOffer(id: "phone-alerts", heading: "Alert me on this phone",
                          intro: "Get a notification when your stop is next, and another when you are at it, even with the screen off.",
                          action: "/alerts/ride", token: context.token, publicKey: publicKey, fields: fields, lines: [], minutes: [],
                          button: "Alert me on this phone", needs: AlertWords.needs, without: AlertWords.rideWithout, returnPath: context.path,
                          collapsed: false)
    }

    /// A stop page's reminder, one line and direction of the board at a time, the visitor's favourite lines at
    /// this stop first (the first of them chosen); nil when the board lists no line.
    /// - Parameters:
    ///   - favourites: The visitor's favourite lines here: route, and direction (nil: both ways).
    static func leave(type: RouteType, stopID: Int, lines: [LineAtStop], favourites: [(routeID: Int, directionID: Int?)] = [],
                      publicKey: String, context: PageContext) -> AlertOffer? {
        var seen = Set<LineAtStop>()
        let isFavourite = { (line: LineAtStop) in favourites.contains { $0.routeID == line.routeID && ($0.directionID ?? line.directionID) == line.directionID } }
        let unique = lines.filter { seen.insert($0).inserted }
        let ordered = unique.filter(isFavourite) + unique.filter { !isFavourite($0) }
        guard !ordered.isEmpty else { return nil }
        return AlertOffer(id: "leave-alerts", heading: "Remind me to leave",
                          intro: "Get one notification when the next service on your line is due in the minutes you choose, with its time, platform and whether it is live.",
                          action: "/alerts/leave", token: context.token, publicKey: publicKey,
                          fields: [Field(name: "mode", value: ModeWords.slug(type)), Field(name: "stop_id", value: String(stopID))],
                          lines: ordered.enumerated().map { index, line in
                              SelectOption(value: "\(line.routeID)-\(line.directionID)", label: line.spoken + (isFavourite(line) ? ", a favourite" : ""),
                                           selected: index == 0)
                          },
                          minutes: minuteChoices.map { SelectOption(value: String($0), label: "\($0) minutes", selected: $0 == 10) },
                          button: "Remind me on this phone", needs: AlertWords.needs, without: AlertWords.stopWithout, returnPath: context.path,
                          collapsed: true)
    }
}

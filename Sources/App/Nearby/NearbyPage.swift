import Foundation
import HTTPClient
import PTV

/// Stops near a point or place: the heading (with the area most stops are in), one line per stop (distance
/// first, nearest first, within the radius Trakx measured, capped), a short summary, then the forms.
struct NearbyPage: Sendable {
    /// Most stops listed.
    static let cap = 30
    /// Stops asked of PTV, so that how many more there are can be counted.
    static let asked = 100
    /// The radii a rider can step between, in metres.
    static let radii = [250, 500, 1000, 2000, 5000]
    /// The radius when none is asked for.
    static let defaultRadius = 1000

    /// Said for an empty latitude field.
    static let enterLatitude = "Enter a latitude, such as -37.8183."
    /// Said for an empty longitude field.
    static let enterLongitude = "Enter a longitude, such as 144.9671."
    /// Said when PTV answers a point with "not found".
    static let missing = "No stops were found near that point."
    /// Said when no stop matches a place name.
    static func unmatched(_ place: String) -> String {
        "No stop or suburb has a name like \(place). Try another name, or type a latitude and longitude."
    }

    /// What the rider typed or chose, kept in the forms.
    struct Form: Sendable {
        var lat = ""
        var lon = ""
        var place = ""
        var mode: RouteType?
        var radius = NearbyPage.defaultRadius
    }

    /// Where the list is measured from.
    enum Origin: Sendable {
        /// A point the rider gave (or their device's location).
        case point
        /// The best match for a place name.
        case place(PlaceMatch)
    }

    /// "Stops near you"; how many stops, how far, in what order (after the list, so the first stop is heard early).
    let head: PageHead
    /// The stops found, or nil before a search (only the forms are shown).
    let results: NearbyResults?
    let forms: NearbyForms
    let errors: [FieldError]

    /// The forms, with `errors` when what was typed cannot be used.
    init(form: Form, errors: [FieldError], context: PageContext) {
        self.init(form: form, errors: errors, results: nil,
                  head: PageHead(context.chrome(title: "Stops near you", section: .nearby, hasErrors: !errors.isEmpty,
                                                scripts: ["/static/js/location.js"]), heading: "Stops near you"))
    }

    /// The stops PTV found near a point.
    /// - Parameters:
    ///   - form: What the rider asked for.
    ///   - origin: A point, or the stop a place name matched.
    ///   - latitude: The point's latitude.
    ///   - longitude: The point's longitude.
    ///   - found: PTV's answer.
    ///   - context: Words, demo mode, banner and path.
    ///   - ways: Which way services leave each stop, by ``StopWays/key(_:_:)``.
    ///   - within: ``within(_:form:latitude:longitude:)`` of `found`, when the caller has already worked it out.
    init(form: Form, origin: Origin, latitude: Double, longitude: Double, found: Fetched<StopsNearbyResponse>, context: PageContext,
         ways: [String: [StopWays.Way]] = [:], within: [NearbyStop]? = nil) {
        let within = within ?? Self.within(found.value.stops, form: form, latitude: latitude, longitude: longitude)
        let listed = Array(within.prefix(Self.cap))
        let usual = Self.usualSuburb(listed)
        let radius = DistanceWords.metres(Double(form.radius))
        let what = form.mode.map { ModeWords.noun($0) + " stop" } ?? "stop"
        let capped = within.count > listed.count
        // PTV sends at most `asked` stops, so when it sent that many there may be more than it said.
        let atLeast = found.value.stops.count >= Self.asked ? "at least " : ""
        var summary: String
        if listed.isEmpty {
            let place = if case .place(let match) = origin { match.described } else { "that point" }
            summary = "No \(what)s within \(radius) of \(place)."
        } else if capped {
            summary = "The nearest \(listed.count) of \(atLeast)\(Plural.count(within.count, what)) within \(radius)."
        } else {
            summary = "\(Plural.count(listed.count, what)) within \(radius)."
        }
        let rest = within.count - listed.count
        let more = capped ? "\(atLeast)\(Plural.count(rest, "more \(what)", "more \(what)s")) within \(radius) \(rest == 1 ? "is" : "are") further away." : nil
        let index = Self.radii.firstIndex(of: form.radius) ?? 2
        let next = capped ? (index > 0 ? Self.radii[index - 1] : nil) : (index + 1 < Self.radii.count ? Self.radii[index + 1] : nil)
        let nextRadius = next.map { metres in
            // A place search stays a place search, so the next page still names the place.
            var href = if case .place = origin, !form.place.isEmpty {
                "/nearby?place=\(PercentEncoding.encode(form.place))&radius=\(metres)"
            } else {
                Paths.nearby(latitude: latitude, longitude: longitude) + "&radius=\(metres)"
            }
            if let mode = form.mode { href += "&mode=\(ModeWords.slug(mode))" }
            return Link((capped ? "Only stops within " : "Stops within ") + DistanceWords.metres(Double(metres)), href: href)
        }
        var heading: String
        let title: String
        var countInHeading = false
        let area = usual.map { usual in (listed.allSatisfy { $0.stop.stopSuburb == usual } ? "in " : "mostly in ") + usual }
        switch origin {
        case .point where !listed.isEmpty:
            // The count is the answer's first words ("5 bus stops within 1 kilometre, mostly in Elsternwick"): a
            // listener hears how long the list is before it, and no "Stops near you" first.
            heading = String(summary.dropLast())
            countInHeading = true
            title = Self.title(near: listed[0]) ?? (area.map { "\(heading), \($0)" } ?? heading)
        case .point:
            heading = "Stops near you"
            title = heading
        case .place(let match):
            heading = "Stops near \(match.point.name)"
            title = heading
        }
        // The area is part of the heading's one sentence, never a line of its own that starts with a comma.
        if let area { heading += ", \(area)" }
        // A place search says what was searched for and where it was measured from.
        if case .place(let match) = origin, !listed.isEmpty { summary += " Measured from \(match.described)." }
        let results = NearbyResults(
            area: area,
            stops: NearbyRow.rows(listed, usualSuburb: usual, ways: ways, from: (latitude, longitude)),
            more: more.map { $0.capitalisedFirst },
            nextRadius: nextRadius,
            map: listed.isEmpty ? nil : NearbyMap(stops: listed, latitude: latitude, longitude: longitude, radius: form.radius),
            countInHeading: countInHeading)
        self.init(form: form, errors: [], results: results,
                  head: PageHead(context.chrome(title: title, section: .nearby,
                                                stale: context.staleNotice(found),
                                                scripts: ["/static/js/location.js"]), heading: heading, summary: summary))
    }

    /// PTV's stops that are within the radius Trakx measured (of the asked mode, each once), nearest first; the page
    /// lists the first ``cap`` of them.
    static func within(_ stops: [PTV.Stop], form: Form, latitude: Double, longitude: Double) -> [NearbyStop] {
        var seen = Set<String>()
        return stops
            .filter { form.mode == nil || $0.routeType == form.mode }
            .filter { seen.insert("\($0.routeType.rawValue)-\($0.stopId)").inserted }
            .compactMap { NearbyStop($0, latitude: latitude, longitude: longitude) }
            .filter { $0.metres <= Double(form.radius) }
            .sorted { $0.metres < $1.metres }
    }

    private init(form: Form, errors: [FieldError], results: NearbyResults?, head: PageHead) {
        self.head = head
        self.results = results
        let lat = FormField(id: "lat", value: form.lat, errors: errors)
        let lon = FormField(id: "lon", value: form.lon, errors: errors)
        let modes = [SelectOption(value: "", label: "All kinds", selected: form.mode == nil)] + ModeWords.offered.map {
            SelectOption(value: ModeWords.slug($0), label: ModeWords.noun($0).capitalisedFirst, selected: $0 == form.mode)
        }
        forms = NearbyForms(place: FormField(id: "place", value: form.place, errors: errors),
                            point: NearbyPointForm(lat: lat, lon: lon, open: lat.error != nil || lon.error != nil), modes: modes)
        self.errors = errors
    }

    /// A point's title says the place in words, never its coordinates: the nearest stop, "Stops near Flinders Street
    /// Station", when it is at the point (within ``titleNear``); nil when it is further (the page is then titled by its
    /// heading, "4 bus stops within 1 kilometre, in Melbourne City": a point at Flinders Street asking for buses was
    /// titled after a bus stop 800 metres away, which is not where the rider asked about).
    static func title(near nearest: NearbyStop) -> String? {
        nearest.metres <= titleNear ? "Stops near " + SpokenName.stop(nearest.stop.stopName, withStopNumber: false) : nil
    }

    /// How near a point its nearest stop must be for the page to be titled after it, in metres.
    static let titleNear = 200.0

    /// The suburb most of the listed stops share, said once for the list; nil when no suburb is shared.
    static func usualSuburb(_ stops: [NearbyStop]) -> String? {
        var counts: [String: Int] = [:]
        for stop in stops where !stop.stop.stopSuburb.isEmpty { counts[stop.stop.stopSuburb, default: 0] += 1 }
        guard let (suburb, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count >= 2,
              count * 2 >= stops.count else { return nil }
        return suburb
    }
}

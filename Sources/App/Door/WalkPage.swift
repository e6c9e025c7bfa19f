import Foundation
import PTV

/// `/walk/{mode}/{id}`: how to reach a stop on foot. The stop in words (street, cross street, landmark, which side
/// of the road, what calls there), then, from a starting point the rider gives, how far and which way in a straight
/// line; with JavaScript and the rider's consent, the same said again as they walk (walk.js).
struct WalkPage: Sendable {
    /// The stop, as walk.js reads it from data attributes.
    struct Target: Sendable {
        /// The stop's latitude and longitude, as written in the page.
        let latitude, longitude: String
        /// The stop's name as it reads aloud.
        let name: String
    }

    /// "Walk to Hotham Street at Glen Huntly Road", and the answer first.
    let head: PageHead
    /// Facts about where the stop is.
    let facts: [StopFacts.Fact]
    /// The stop's own page.
    let stop: Link
    /// Where walk.js guides to; nil when the stop's position is unknown.
    let target: Target?
    /// The start form's place field.
    let place: FormField
    /// The start form's latitude and longitude fields.
    let lat, lon: FormField
    /// Why what was typed could not be used.
    let errors: [FieldError]
    /// Stops near the start, when one was given.
    let nearby: Link?

    /// Builds the page.
    /// - Parameters:
    ///   - type: The stop's mode.
    ///   - details: PTV's details of the stop.
    ///   - ways: Which way its services leave.
    ///   - start: Where the walk starts, when given and found.
    ///   - form: What was typed (place, latitude, longitude), kept in the form.
    ///   - errors: Why what was typed could not be used.
    ///   - context: Words, demo mode, banner and path.
    init(type: RouteType, details: StopDetails, ways: [StopWays.Way], start: NamedPoint?, form: (place: String, lat: String, lon: String),
         errors: [FieldError], context: PageContext) {
        let name = SpokenName.stop(details.stopName)
        let noun = ModeWords.noun(type)
        var facts = StreetWords.facts(details.stopName, landmark: details.stopLandmark)
        let kerbside = type == .bus || type == .nightBus
        let side = kerbside ? WayWords.side(ways) : nil
        if let side { facts.append(.init(term: "Side of the road", detail: side.capitalisedFirst)) }
        if let way = WayWords.clause(ModeWords.plural(type), ways) { facts.append(.init(term: "Which way", detail: way)) }
        let served = ModeWords.servedBy(details.routes.filter { $0.routeType == type }, limit: 4)
        if !served.isEmpty { facts.append(.init(term: "Services", detail: served.capitalisedFirst)) }
        let suburb = details.location?.suburb.trimmingCharacters(in: .whitespaces) ?? ""
        if !suburb.isEmpty { facts.append(.init(term: "Suburb", detail: suburb)) }
        self.facts = facts
        stop = Link("Departures from \(name)", href: Paths.stop(type, details.stopId))
        let position = details.location?.point
        target = position.map { Target(latitude: String($0.0), longitude: String($0.1), name: name) }
        let summary: String
        // With a start, the heading is the answer: "Walk 240 metres west to …".
        var heading = "Walk to \(name)"
        if let start, let position {
            let metres = Compass.distance(fromLatitude: start.latitude, fromLongitude: start.longitude, toLatitude: position.0, toLongitude: position.1)
            let bearing = Compass.bearing(fromLatitude: start.latitude, fromLongitude: start.longitude, toLatitude: position.0, toLongitude: position.1)
            summary = StreetWords.distance(metres, bearing: bearing, from: start.name)
            if metres >= 15 { heading = "Walk \(Compass.describe(distance: metres, bearing: bearing)) to \(name)" }
        } else if start != nil {
            summary = "PTV does not say where this stop is, so Trakx cannot say how far it is."
        } else {
            let place = [StreetWords.place(details.stopName), side].compactMap { $0 }.joined(separator: ", ")
            summary = !place.isEmpty ? "This \(noun) stop is \(place)."
                : suburb.isEmpty ? "PTV does not say which street or suburb this stop is in." : "This \(noun) stop is in \(suburb)."
        }
        self.place = FormField(id: "place", value: form.place, errors: errors)
        lat = FormField(id: "lat", value: form.lat, errors: errors)
        lon = FormField(id: "lon", value: form.lon, errors: errors)
        self.errors = errors
        nearby = start.map { Link("Stops near \($0.name)", href: Paths.nearby(latitude: $0.latitude, longitude: $0.longitude)) }
        head = PageHead(context.chrome(title: "Walk to \(name)", hasErrors: !errors.isEmpty,
                                       scripts: position == nil ? [] : ["/static/js/walk.js"]),
                        heading: heading, summary: summary)
    }
}

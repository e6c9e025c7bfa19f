import Foundation
import HTTPServer
import PTV
import Storage

/// `GET /stops/{mode}/{stop_id}`: the summary sentence first, then departures by line, then facts.
struct StopController: RouteCollection {
    let site: Site
    /// Favourites, for the stop's own favourite buttons.
    let lists: FavouriteLists
    /// Which way services leave stops.
    let ways: StopWays
    /// Web Push alerts.
    let alerts: Alerts
    /// Each board's departures still to come, so one PTV's next list leaves out before it leaves stays on the board.
    let unlisted: UnlistedDepartures

    /// What the stop page is built from: each PTV question's evidence.
    struct Loaded: Sendable {
        let details: Evidence<StopDetailsResponse>
        let departures: Evidence<DeparturesResponse>
        /// Every disruption text at hand by id: the answers' own, then those looked up because the answers left them out.
        let disruptions: [String: Disruption]
        /// Whether something the page names is still being learnt (it says so, and the next load says it).
        let learning: Bool
        /// Disruption texts said from older copies (the page dates them).
        var dated: DisruptionNotes.Dated?
        /// The stops each express run passes after this stop, from patterns Trakx already holds.
        var skipped: [String: [String]] = [:]
        /// Departures PTV's list left out before they left, whose patterns could not be checked (`UnlistedDepartures`).
        var unchecked: Set<String> = []
    }

    /// Most express runs' patterns one board learns for its next load.
    static let patternsLearntPerPage = 2
    /// How long a held pattern still names the stops a run passes, when they agree with the run's fresh count.
    static let patternHeld: Double = 30 * 60

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/stops/{mode}/{id}", use: stop)
    }

    func stop(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let (type, stopID) = try Params.stop(context)
        let seen = try JustLeft.parse(request.query(JustLeft.parameter))
        let ask = site.ask(context)
        async let loadedCall = Self.load(ask, type: type, stopID: stopID, unlisted: unlisted, now: site.now())
        async let favouritesCall = lists.atStop(request, routeType: type.rawValue, stopID: stopID)
        let loaded = await loadedCall
        let favourites = try await favouritesCall
        // A favourite stored as "Stop 1099" takes the real name now seen; the banner says it as the page does.
        let pageContext = pageContext(for: request, context, type: type, stopID: stopID, favourites: favourites,
                                      details: loaded.details.value, departures: loaded.departures.value)
        let lowFloorOnly = type == .tram && LowFloorChoice.isOn(request)
        let changes = BoardChanges(skipped: loaded.skipped, lowFloorOnly: lowFloorOnly, unchecked: loaded.unchecked)
        var page = try StopPage(type: type, stopID: stopID, details: loaded.details, departures: loaded.departures,
                                disruptions: loaded.disruptions, disruptionsDated: loaded.dated, favourites: favourites, changes: changes,
                                context: pageContext)
        if type == .tram {
            page.lowFloor = LowFloorForm(token: pageContext.token, returnPath: pageContext.path, isOn: lowFloorOnly)
        }
        var leaving: [StopWays.Way] = []
        var learning = loaded.learning
        if let departures = loaded.departures.value {
            let asked = StopDoor.asked(type: type, stopID: stopID, departures: departures, details: loaded.details.value)
            leaving = ways.ways(at: [asked], budget: StopWays.stopBudget, ask: ask)[StopWays.key(type, stopID)] ?? []
            learning = learning || !ways.knows([asked])
        }
        page.door = StopDoor(type: type, stopID: stopID, ways: leaving)
        let left = JustLeft(seen: seen, departures: loaded.departures, shown: page.rows, type: type, words: pageContext.words)
        page.left = left.sentence
        page.refreshURL = left.query.map { "\(pageContext.path)?\($0)" } ?? pageContext.path
        if let key = await alerts.publicKey() {
            page.alerts = AlertOffer.leave(type: type, stopID: stopID, lines: page.lines.compactMap(\.line),
                                           favourites: favourites.compactMap { favourite in favourite.routeID.map { ($0, favourite.directionID) } },
                                           publicKey: key, context: pageContext)
        }
        // The same for every visitor but their form token: kept in the page store (see `VisitorMiddleware`), unless a
        // question went unanswered (a rider who refreshes after a failure gets a fresh try) or something it names is
        // still being learnt (the next load says it), or it answers a refresh link (what left is said to that rider).
        var response = site.templates.render(page, template: "stop")
        response.storable = page.isWhole && !learning && seen.isEmpty
        return response
    }

    /// Asks PTV the stop page's questions in one round: details and departures at once, each kept as evidence
    /// whatever it was; the texts of disruptions the departures (or the stop) name but left out come from what Trakx
    /// already knows, else from one bounded second round (`AppConfiguration.secondRound`), else are learnt for the next load.
    /// Departures PTV's fresh list leaves out before they have left stay, from their patterns (`unlisted`).
    static func load(_ ask: Ask, type: RouteType, stopID: Int, unlisted: UnlistedDepartures? = nil, now: Date = Date()) async -> Loaded {
        // A board whose answers are already held costs its visitor nothing, so it learns nothing either.
        let held = ask.known(PTVQuery.departures(routeType: type.rawValue, stopID: stopID)) != nil
        async let detailsCall = ask(.stop(stopID, routeType: type.rawValue))
        async let departuresCall = ask(.departures(routeType: type.rawValue, stopID: stopID))
        let (details, listed) = await (detailsCall, departuresCall)
        var departures = listed
        var unchecked: Set<String> = [], patternsLearning = false
        if let unlisted, departures.isWhole, let fresh = departures.fetched {
            let looked = await unlisted.look(fresh.value, type: type, stopID: stopID, ask: ask, now: now)
            departures = Evidence(departures.question, Fetched(value: looked.departures, fetchedAt: fresh.fetchedAt))
            (unchecked, patternsLearning) = (looked.unchecked, looked.learning)
        }
        let named = (departures.value.map { answer in answer.departures.map(\.disruptionIds) } ?? []) + [details.value?.stop?.disruptionIds ?? []]
        let known = DisruptionNotes.known(departures.value?.disruptions ?? [:], details.value?.disruptions ?? [:])
        let looked = await ask.disruptionTextsNow(for: DisruptionNotes.unknownIDs(named: named, known: known))
        let skipped = skippedStops(ask, type: type, stopID: stopID, departures: departures.value, learning: held ? 0 : patternsLearntPerPage)
        return Loaded(details: details, departures: departures, disruptions: DisruptionNotes.known(known, looked.found),
                      learning: looked.learning || patternsLearning, dated: looked.dated, skipped: skipped.found, unchecked: unchecked)
    }

    /// The stops each express run leaving here passes, from its pattern when Trakx already holds it fresh, or from an
    /// older copy (up to `patternHeld`) whose stops run past agree in number with the run PTV has just sent: a row
    /// names the same stops on every load, not only in the 30 seconds after a pattern was asked. Up to `limit` others
    /// are learnt in the background, so the next load names them. Until then the row says "Express", which is true,
    /// so such a page may still be kept in the page store.
    static func skippedStops(_ ask: Ask, type: RouteType, stopID: Int, departures: DeparturesResponse?,
                             learning limit: Int) -> (found: [String: [String]], learning: Bool) {
        guard let departures else { return ([:], false) }
        var found: [String: [String]] = [:]
        var learning = 0
        for departure in departures.departures where found[departure.runRef] == nil {
            guard let run = departures.runs[departure.runRef], run.expressStopCount > 0 else { continue }
            let query = PTVQuery.pattern(runRef: departure.runRef, routeType: type.rawValue)
            if let pattern = ask.known(query)?.value
                ?? agreeing(ask.held(query, within: patternHeld)?.value, runRef: departure.runRef, count: run.expressStopCount) {
                found[departure.runRef] = ChangeWords.skipped(in: pattern, after: stopID)
            } else if learning < limit {
                learning += 1
                ask.learn(query)
            }
        }
        return (found, learning > 0)
    }

    /// A held pattern, when it passes `count` stops on run `runRef`'s own trip, as the run PTV has just sent says.
    private static func agreeing(_ pattern: PatternResponse?, runRef: String, count: Int) -> PatternResponse? {
        guard let pattern, pattern.departures.filter({ $0.runRef == runRef }).flatMap(\.skippedStops).count == count else { return nil }
        return pattern
    }

    /// The page's context, with a notice's banner that names the stop as the page's heading does; a favourite
    /// here stored with a placeholder name is noted for renaming in the background (this GET writes nothing).
    private func pageContext(for request: Request, _ context: TrakxContext, type: RouteType, stopID: Int, favourites: [FavouriteStop],
                             details: StopDetailsResponse?, departures: DeparturesResponse?) -> PageContext {
        guard let identity = StopIdentity(stopID: stopID, type: type, details: details, departures: departures) else {
            return site.context(for: request, context)
        }
        if let list = lists.current(request) {
            lists.renames.note(favourites.map { ($0, identity.officialName) }, in: list)
        }
        return site.context(for: request, context, knownNames: [FavouriteKey(routeType: type.rawValue, stopID: stopID): identity.spokenName])
    }
}

import Foundation
import HTTPServer
import PTV

/// `GET /ride/{mode}/{run_ref}[?from=][&at=][&to=][&auto=]`: riding a run, with the rider's stop ahead.
struct RideController: RouteCollection {
    let site: Site
    /// Web Push alerts.
    let alerts: Alerts

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/ride/{mode}/{ref}", use: ride)
    }

    func ride(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let run = try RunAddress(context)
        let fromStop = try request.query("from").map { try Params.id($0, "boarding stop number") }
        let visit = try Params.visit(request.query("at"))
        let toStop = try request.query("to").map { try Params.id($0, "stop number to get off at") }
        let auto = try request.query("auto").map { text in
            guard let seconds = Int(text), RideRefresh.allowed.contains(seconds) else {
                throw HTTPError(400, "Automatic refresh can be every \(Plural.either(RideRefresh.allowed.map(String.init))) seconds.")
            }
            return seconds
        }
        let wasLive = try request.query("was").map { text in
            guard text == "live" else { throw Params.foreignRefreshLink("Open the ride again from its stop.") }
            return true
        } ?? false
        let ask = site.ask(context)
        let loaded = try await run.load(ask, words: site.timeWords())
        // A stop before or past the handover of a through-running train: the rider stays on it, and the ride follows it.
        let journey = run.journey(loaded, from: fromStop, at: visit, to: toStop)
        var from: Int?
        if let fromStop {
            guard let index = journey.boarding(at: fromStop, visit: visit, getOff: toStop) else {
                throw HTTPError(400, await run.notServed(fromStop, in: journey, ask: ask) + " You cannot board it there.")
            }
            from = index
        }
        var to: Int?
        if let toStop {
            guard let index = journey.calls.indices.last(where: { journey.calls[$0].stopID == toStop && $0 > (from ?? -1) }) else {
                throw HTTPError(400, await run.notServed(toStop, in: journey, ask: ask, after: from))
            }
            to = index
        }
        let pageContext = site.context(for: request, context)
        var page = RidePage(journey: journey, from: from, to: to, auto: auto, pattern: loaded.pattern, context: pageContext,
                            disruptions: loaded.disruptions, wasLive: wasLive)
        if let index = page.nextIsYours {
            // One stop before the rider's: learn what the arrival says, so it is known when they get there.
            let call = journey.calls[index]
            _ = await ArrivalLoader.answers(type: journey.routeType, stopID: call.stopID, point: call.point, ask: ask, waiting: false)
        }
        if let index = page.arrivedAt {
            // The ride's own question is the run: the arrival says what is already known and learns the rest.
            let call = journey.calls[index]
            page.door?.arrival = await ArrivalLoader.answers(type: journey.routeType, stopID: call.stopID, point: call.point, ask: ask, waiting: false)
                .arrival(type: journey.routeType, stopID: call.stopID, ride: (journey, index), words: pageContext.words)
        }
        if page.alertable, let to, let key = await alerts.publicKey() {
            page.alerts = AlertOffer.ride(type: run.type, runRef: run.ref, from: fromStop, to: journey.calls[to].stopID, publicKey: key,
                                          context: pageContext)
        }
        var response = site.templates.render(page, template: "ride")
        // The refresh a rider asked for, as the HTTP Refresh header: browsers treat it as a meta refresh, and
        // the page carries no timed-refresh element for a checker to flag. "Stop automatic refresh" is first in main.
        // It reloads the page's own refresh link, which says whether this page had live times (`was=live`).
        if let auto { response.headers.append(("Refresh", page.refreshURL.hasSuffix("was=live") ? "\(auto); url=\(page.refreshURL)" : "\(auto)")) }
        return response
    }
}

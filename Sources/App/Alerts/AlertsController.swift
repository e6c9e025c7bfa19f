import Foundation
import HTTPServer
import Mustache
import PTV
import WebPush

/// Turning alerts on and off. `POST /alerts/ride` and `POST /alerts/leave` take the form the alerts section's script
/// completes with the phone's push subscription; `GET`/`POST /alerts/stop/{code}` stop one alert from the link each
/// notification carries; `POST /alerts/phone/stop` stops every alert of the phone that sends its endpoint. Each change
/// is a POST with the form token and ends in a 303 with a notice.
struct AlertsController: RouteCollection {
    let site: Site
    let alerts: Alerts
    /// The path before an alert's stop code, which the access log never shows (the code stops the alert).
    static let secretPrefix = "/alerts/stop/"

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.post("/alerts/ride", use: ride)
        router.post("/alerts/leave", use: leave)
        router.get("/alerts/stop/{code}", use: confirmStop)
        router.post("/alerts/stop/{code}", use: stop)
        router.post("/alerts/phone/stop", use: stopPhone)
    }

    /// `POST /alerts/ride`: a ride alert for this phone, after checking that the run calls at the rider's stop.
    func ride(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let type = try Params.mode(request.form("mode") ?? "")
        let ref = try Params.runRef(request.form("run") ?? "")
        let from = try request.form("from").flatMap { $0.isEmpty ? nil : $0 }.map { try Params.id($0, "boarding stop number") }
        let to = try Params.id(request.form("to") ?? "", "stop number to get off at")
        let subscription = try subscription(request)
        // The run must call at the rider's stop after their boarding stop, as the ride page itself checks.
        let journey: Journey
        do {
            let loaded = try await RunAddress(type: type, ref: ref).load(site.ask(context), words: site.timeWords())
            journey = Journey.riding(loaded.pattern.value, routeType: type, asked: ref, from: from, to: to)
        } catch var error as HTTPError {
            // PTV failing, the run gone, or the visitor's share spent: nothing is kept, and the page says so before
            // what the failure's own words advise.
            error.advice = "No alert was set. " + (error.advice ?? ErrorPage.advice(for: error.status))
            throw error
        }
        let start = from.flatMap { journey.boarding(at: $0, getOff: to) } ?? -1
        guard journey.calls.indices.contains(where: { journey.calls[$0].stopID == to && $0 > start }) else {
            throw HTTPError(400, "This \(journey.noun) does not stop at stop \(to) after where you board, so Trakx cannot alert you there.")
        }
        try await add(Alert.ride(type: type, runRef: ref, from: from, to: to, subscription: subscription, now: site.now()))
        return site.redirect(to: Paths.ride(type, ref, from: from, to: to), notice: [("done", Banner.Code.alertOn.rawValue), ("what", "ride")],
                             for: context)
    }

    /// `POST /alerts/leave`: a leave-now reminder for a line at a stop.
    func leave(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let type = try Params.mode(request.form("mode") ?? "")
        let stopID = try Params.id(request.form("stop_id") ?? "", "stop number")
        let parts = (request.form("line") ?? "").split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let routeID = Int(parts[0]), routeID > 0, let directionID = Int(parts[1]), directionID >= 0,
              parts.allSatisfy({ $0.count <= 9 }) else {
            throw HTTPError(400, "Choose a line from the list.")
        }
        guard let minutes = Int(request.form("minutes") ?? ""), AlertOffer.minuteChoices.contains(minutes) else {
            throw HTTPError(400, "Choose \(Plural.either(AlertOffer.minuteChoices.map(String.init))) minutes.")
        }
        let subscription = try subscription(request)
        try await add(Alert.leave(type: type, stopID: stopID, routeID: routeID, directionID: directionID, minutes: minutes,
                                  subscription: subscription, now: site.now()))
        return site.redirect(to: Paths.stop(type, stopID), notice: [("done", Banner.Code.alertOn.rawValue), ("what", "leave")], for: context)
    }

    /// `GET /alerts/stop/{code}`: asks before stopping the alert (a GET never changes anything).
    func confirmStop(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let code = try Self.code(context)
        let page = AlertStopPage(head: PageHead(site.chrome(title: "Stop this alert", section: .none, request: request, context),
                                                heading: "Stop this alert"),
                                 action: Paths.alertStop(code), token: context.visitor.token)
        return site.templates.render(page, template: "alert-stop")
    }

    /// `POST /alerts/stop/{code}`: stops the alert, then home with a notice that says whether there was one.
    func stop(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let removed = try await StoreUnavailable.guarding(StoreUnavailable.alerts) { try await alerts.store.remove(stopCode: Self.code(context)) }
        return site.redirect(to: "/", notice: [("done", Banner.Code.alertsOff.rawValue), ("count", removed ? "1" : "0")], for: context)
    }

    /// `POST /alerts/phone/stop`: stops every alert of the phone whose endpoint the form sends.
    func stopPhone(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let endpoint = request.form("endpoint") ?? ""
        let removed = endpoint.isEmpty ? 0 : try await StoreUnavailable.guarding(StoreUnavailable.alerts) { try await alerts.store.remove(endpoint: endpoint) }
        return site.redirect(to: Params.returnPath(request.form("return"), fallback: "/"),
                             notice: [("done", Banner.Code.alertsOff.rawValue), ("count", String(removed))], for: context)
    }

    /// The phone's subscription from the form, checked; a 400 in words when the script could not fill it in.
    private func subscription(_ request: Request) throws -> PushSubscription {
        let endpoint = request.form("endpoint") ?? ""
        guard !endpoint.isEmpty else { throw HTTPError(400, AlertWords.needs) }
        do {
            return try PushSubscription(endpoint: endpoint, p256dh: request.form("p256dh") ?? "", auth: request.form("auth") ?? "",
                                        allowHTTP: alerts.allowPlainHTTP, addresses: alerts.addresses)
        } catch {
            throw HTTPError(400, "This browser's notification subscription could not be used, so no alert was set. Try again, or refresh the page first.")
        }
    }

    private func add(_ alert: Alert) async throws {
        let stored = try await StoreUnavailable.guarding(StoreUnavailable.alerts) { try await alerts.store.add(alert, perPhone: Alerts.perPhone) }
        guard stored != nil else {
            throw HTTPError(409, "This phone already has \(Alerts.perPhone) alerts waiting, the most it may have. Stop one from its notification, or wait for one to finish.")
        }
    }

    /// The alert code in the path, or a 404 that says the alert is gone.
    private static func code(_ context: TrakxContext) throws -> String {
        let code = (try? context.require("code")) ?? ""
        guard code.count == 22, code.utf8.allSatisfy({ $0 == 0x2D || $0 == 0x5F || (0x30 ... 0x39).contains($0) || (0x41 ... 0x5A).contains($0)
            || (0x61 ... 0x7A).contains($0) }) else { throw HTTPError(404, AlertWords.stopGone) }
        return code
    }
}

/// The page that asks before stopping one alert.
struct AlertStopPage: Sendable {
    let head: PageHead
    /// `/alerts/stop/{code}`, posted to.
    let action: String
    /// The visitor's form token.
    let token: String
}

extension AlertStopPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "action": action
        case "token": token
        default: nil
        }
    }
}

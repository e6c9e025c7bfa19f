import Foundation
import HTTPServer
import PTV

/// `GET /runs/{mode}/{run_ref}[?stop=]`: a run's stopping pattern, opened at the traveller's stop.
struct RunController {
    let site: Site

    func addRoutes(to router: inout Router) {
        router.get("/runs/{mode}/{ref}") { request, context in try await run(request, context) }
    }

    func run(_ request: Request, _ context: RequestContext) async throws -> Response {
        let type = try Params.mode(context.require("mode"))
        let ref = try Params.runRef(context.require("ref"))
        let fromStop = try request.query("stop").map { try Params.id($0, "stop number") }
        let missing = "There is no \(ModeWords.noun(type)) run with the reference \(ref). It may have finished for the day."
        let pattern = try await Upstream.call(missing: missing) { try await site.ptv.pattern(runRef: ref, routeType: type.rawValue) }
        let ofRun = pattern.value.departures.filter { $0.runRef == ref }
        let departures = ofRun.isEmpty ? pattern.value.departures : ofRun
        guard !departures.isEmpty else { throw HTTPError(404, missing) }
        let words = site.timeWords()
        let run = pattern.value.runs[ref]
        let route = pattern.value.routes[String(departures[0].routeId)] ?? run.flatMap { pattern.value.routes[String($0.routeId)] }
        let service = ModeWords.service(route, type: type)
        let destination = DepartureBoard.destination(run: run, direction: pattern.value.directions[String(departures[0].directionId)])
        let startIndex = fromStop.flatMap { id in departures.firstIndex { $0.stopId == id } }
        var earlier: [PatternRow] = []
        var ahead: [PatternRow] = []
        for (index, departure) in departures.enumerated() {
            let stop = pattern.value.stops[String(departure.stopId)]
            let when = departure.bestTime ?? words.now
            let beforeChosen = startIndex.map { index < $0 } ?? false
            let passed = beforeChosen || when < words.now.addingTimeInterval(-30)
            let row = PatternRow(
                name: stop.map { SpokenName.stop($0.stopName) } ?? "Stop \(departure.stopId)",
                href: ModeWords.stopURL(type, departure.stopId), time: words.clock(when),
                when: passed ? "departed" : words.until(when),
                status: departure.isCancelled ? "Cancelled" : (departure.isRealtime ? "Live" : "Timetable"),
                platform: departure.platformNumber.flatMap { $0.isEmpty ? nil : "Platform \($0)" },
                isChosen: index == startIndex, anchor: "stop-\(departure.stopId)")
            if beforeChosen { earlier.append(row) } else { ahead.append(row) }
        }
        let summary: String
        if let startIndex, let chosen = ahead.first, let last = departures.last, let startTime = departures[startIndex].bestTime,
           let endTime = last.bestTime {
            let stopsToGo = departures.count - startIndex - 1
            let minutes = max(0, Int((endTime.timeIntervalSince(startTime) / 60).rounded()))
            summary = "From \(chosen.name): \(stopsToGo) \(stopsToGo == 1 ? "stop" : "stops") and \(words.minutes(minutes)) to \(ahead.last?.name ?? destination)."
        } else {
            summary = "\(departures.count) stops, from \(ahead.first?.name ?? earlier.first?.name ?? "") to \(ahead.last?.name ?? destination)."
        }
        let heading = "\(service) to \(destination)"
        let page = RunPage(
            chrome: site.chrome(title: "\(heading), \(words.clock(departures[0].bestTime ?? words.now))", section: .none, request: request,
                                stale: site.staleNotice(pattern)),
            heading: heading, summary: summary, earlier: earlier, hasEarlier: !earlier.isEmpty, earlierCount: earlier.count,
            stops: ahead, lineURL: route.map { ModeWords.lineURL(type, $0.routeId) }, updated: words.clock(pattern.fetchedAt),
            disruptions: pattern.value.disruptions.map { DisruptionLink(href: "/disruptions/\($0.disruptionId)", title: $0.title) },
            hasDisruptions: !pattern.value.disruptions.isEmpty)
        return site.templates.render(page, template: "run")
    }
}

/// One stop in a stopping pattern.
struct PatternRow: Sendable {
    let name: String
    let href: String
    let time: String
    let when: String
    let status: String
    let platform: String?
    let isChosen: Bool
    let anchor: String
}

/// The run page's view model.
struct RunPage: Sendable {
    let chrome: PageChrome
    let heading: String
    let summary: String
    let earlier: [PatternRow]
    let hasEarlier: Bool
    let earlierCount: Int
    let stops: [PatternRow]
    let lineURL: String?
    let updated: String
    let disruptions: [DisruptionLink]
    let hasDisruptions: Bool
}

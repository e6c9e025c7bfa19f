import Foundation
import HTTPClient
import HTTPServer
import PTV
import Storage

/// Favourites: the page, add (a stop or a line at a stop), rename, remove, export and import, always on the
/// request's own list (see `FavouriteLists`).
struct FavouritesController: RouteCollection {
    let site: Site
    /// Favourites: the one local list, or each browser's own list on a shared server.
    let lists: FavouriteLists
    /// The favourites with their next departures.
    let boards: FavouriteBoards

    /// Line types in their fixed order on the page.
    static let order: [RouteType] = [.train, .tram, .bus, .vline, .nightBus]

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/favourites") { request, context in try await page(request, context) }
        router.post("/favourites", use: add)
        router.post("/favourites/import", use: importFile)
        router.get("/favourites/export", use: export)
        router.post("/favourites/{mode}/{id}/rename", use: rename)
        router.post("/favourites/{mode}/{id}/remove", use: remove)
    }

    /// The page, with any field errors and, after a refused rename, the text typed shown again in its field.
    func page(_ request: Request, _ context: TrakxContext, errors: [FieldError] = [], typed: [String: String] = [:],
              status: Int = 200) async throws -> Response {
        let favourites = try await lists.all(request)
        let summaries = await boards.summaries(for: favourites, ask: site.ask(context), list: lists.current(request),
                                            lowFloorOnly: LowFloorChoice.isOn(request), errors: errors, typed: typed)
        var knownNames: [FavouriteKey: String] = [:]
        for summary in summaries { knownNames[FavouriteKey(routeType: summary.key.routeType, stopID: summary.key.stopID)] = summary.spokenStopName }
        let groups = Self.order.compactMap { type -> FavouriteGroup? in
            let items = summaries.filter { $0.key.routeType == type.rawValue }
            guard !items.isEmpty else { return nil }
            return FavouriteGroup(heading: "\(ModeWords.noun(type).capitalisedFirst), \(items.count)", items: items)
        }
        let others = summaries.filter { type in !Self.order.contains { $0.rawValue == type.key.routeType } }
        let allGroups = groups + (others.isEmpty ? [] : [FavouriteGroup(heading: "Other, \(others.count)", items: others)])
        let link = favourites.isEmpty ? nil : lists.id(request).map { PrivateLink(id: $0, request: request) }
        let page = FavouritesPage(
            head: PageHead(site.chrome(title: "Favourite stops", section: .favourites, request: request, context, hasErrors: !errors.isEmpty,
                                       knownNames: knownNames), heading: "Favourite stops"),
            groups: allGroups, token: context.visitor.token, errors: errors,
            shared: lists.shared, privateLink: link, limit: lists.limit, nameLimit: Params.maxNameLength)
        var response = Self.private(site.templates.render(page, template: "favourites", status: status))
        // It may show this browser's private link: never compressed, so that its size tells nothing of the link.
        response.compressible = false
        return response
    }

    func add(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let key = try FavouriteForm.key(mode: request.form("mode") ?? "", stop: request.form("stop_id") ?? "", request)
        let type = RouteType(rawValue: key.routeType)
        let name: String?
        switch Params.ownName(request.form("name")) {
        case .success(let value): name = value
        case .failure(let error): throw error
        }
        let (list, cookie) = try await lists.writable(request)
        // Named from PTV before anything is written: whatever the answers (a failure or a refusal names the stop by
        // its number, renamed when a later page sees its name), the favourite is stored and the notice says so.
        let favourite = await describe(key, ownName: name, ask: site.ask(context))
        switch try await lists.add(favourite, to: list) {
        case .full:
            throw HTTPError(400, "Your favourites list already holds \(lists.limit), the most it can. Remove one before adding another. Nothing was changed.")
        case .added, .alreadyThere:
            var response = redirect(request, context, fallback: Paths.stop(type, key.stopID), notice: Banner.fields(.added, favourite))
            if let cookie { response.headers.append(("Set-Cookie", cookie)) }
            return response
        }
    }

    func rename(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let key = try FavouriteForm.key(mode: context.require("mode"), stop: context.require("id"), request)
        guard let list = lists.current(request), let existing = try await lists.find(key, in: list) else {
            throw HTTPError(404, "That is not in your favourites, so it cannot be renamed.")
        }
        switch Params.ownName(request.form("name")) {
        case .failure(let error):
            // The field shows what was typed, with the error, so it can be corrected rather than retyped.
            let fieldID = FavouriteWords.fieldID(key)
            return try await page(request, context, errors: [FieldError(field: fieldID, message: error.message)],
                                  typed: [fieldID: String((request.form("name") ?? "").prefix(Self.typedLimit))], status: 400)
        case .success(let name):
            try await lists.rename(key, to: name, in: list)
            let notice = name.map { Banner.fields(.renamed, existing, ownName: $0) } ?? Banner.fields(.unnamed, existing)
            return redirect(request, context, fallback: "/favourites", notice: notice)
        }
    }

    func remove(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let key = try FavouriteForm.key(mode: context.require("mode"), stop: context.require("id"), request)
        var notice = [("done", Banner.Code.removed.rawValue)]
        if let list = lists.current(request) {
            if let existing = try await lists.find(key, in: list) { notice = Banner.fields(.removed, existing) }
            try await lists.remove(key, from: list)
        }
        return redirect(request, context, fallback: "/favourites", notice: notice)
    }

    func export(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let favourites = try await lists.all(request)
        let file = FavouritesFile(favourites: favourites)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        var response = Response(status: 200, body: Array(try encoder.encode(file)))
        response.headers = [("Content-Type", "application/json; charset=utf-8"),
                            ("Content-Disposition", "attachment; filename=\"trakx-favourites.json\""), ("Cache-Control", "no-store")]
        return response
    }

    func importFile(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let bytes: [UInt8]
        if let multipart = request.multipart, let part = multipart.parts.first(where: { $0.name == "file" }) {
            bytes = part.body
        } else if let text = request.form("data") {
            bytes = Array(text.utf8)
        } else {
            return try await page(request, context, errors: [FieldError(field: "file", message: "Choose a Trakx favourites file to import.")], status: 400)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard !bytes.isEmpty, let file = try? decoder.decode(FavouritesFile.Lenient.self, from: Data(bytes)),
              let reading = FavouritesFile.read(file, now: site.now()) else {
            return try await page(request, context, errors: [FieldError(field: "file", message: "That file is not a Trakx favourites file, or it is damaged. Nothing was changed.")], status: 400)
        }
        // One bad entry does not stop the rest; but a file of nothing usable changes nothing and says why.
        if reading.favourites.isEmpty, !reading.skipped.isEmpty {
            return try await page(request, context, errors: [FieldError(field: "file", message: Self.nothingUsable(reading.skipped))], status: 400)
        }
        var seen: Set<FavouriteKey> = []
        let favourites = reading.favourites.filter { seen.insert($0.key).inserted }
        guard !favourites.isEmpty else {
            return site.redirect(to: "/favourites", notice: Banner.importFields(added: 0, already: 0, skipped: []), for: context)
        }
        let (list, cookie) = try await lists.writable(request)
        switch try await lists.merge(favourites, into: list) {
        case .full(let wouldHold):
            let message = "Importing that file would give your list \(wouldHold) favourites, but a list holds at most \(lists.limit). Nothing was changed."
            return try await page(request, context, errors: [FieldError(field: "file", message: message)], status: 400)
        case .added(let added):
            let notice = Banner.importFields(added: added, already: reading.favourites.count - added, skipped: reading.skipped)
            var response = site.redirect(to: "/favourites", notice: notice, for: context)
            if let cookie { response.headers.append(("Set-Cookie", cookie)) }
            return response
        }
    }

    /// The favourite to store for `key`, with the stop's and line's names from PTV (or plain fallbacks).
    func describe(_ key: FavouriteKey, ownName: String?, ask: Ask) async -> FavouriteStop {
        let type = RouteType(rawValue: key.routeType)
        // One stop-identity lookup, as on the stop page: the details answer, else the departures answer names the stop;
        // a line not among the departures is asked for in the same round.
        async let detailsCall = ask(.stop(key.stopID, routeType: key.routeType))
        async let departuresCall = ask(.departures(routeType: key.routeType, stopID: key.stopID))
        async let routeCall = ask(ifAny: key.routeID.map { .route($0) })
        let (details, departures, route) = await (detailsCall.value, departuresCall.value, routeCall?.value?.route)
        let identity = StopIdentity(stopID: key.stopID, type: type, details: details, departures: departures)
        let stopName = identity?.officialName ?? FavouriteStop.placeholderName(stopID: key.stopID)
        var lineName, directionName: String?
        if let routeID = key.routeID {
            if let route = departures?.routes[String(routeID)] ?? route {
                lineName = ModeWords.service(route, type: type)
            }
            if let directionID = key.directionID, let departures {
                directionName = LineAtStop.directionName(in: departures, routeID: routeID, directionID: directionID, stopID: key.stopID, type: type)
            }
        }
        return FavouriteStop(routeType: key.routeType, stopID: key.stopID, routeID: key.routeID, directionID: key.directionID,
                             stopName: stopName, lineName: lineName, directionName: directionName, ownName: ownName, createdAt: site.now())
    }

    /// Most characters of a refused own name shown again in its field.
    static let typedLimit = 1000

    /// "None of the 2 entries in that file could be used. Entry 1, …. Entry 2, …. Nothing was changed." (Sentences, not a
    /// colon and semicolons, which a screen reader says.)
    static func nothingUsable(_ skipped: [FavouritesFile.Skip]) -> String {
        let listed = skipped.prefix(Banner.maxSkippedListed).map { "Entry \($0.entry), \($0.reason.words)." }
        let more = skipped.count > listed.count ? ["And \(skipped.count - listed.count) more."] : []
        let head = skipped.count == 1 ? "The one entry in that file could not be used" : "None of the \(skipped.count) entries in that file could be used"
        return head + ". " + (listed + more).joined(separator: " ") + " Nothing was changed."
    }

    /// A 303 to the form's return path (else `fallback`), leaving `notice` for this browser on that page.
    func redirect(_ request: Request, _ context: TrakxContext, fallback: String, notice: Banner.Fields) -> Response {
        var path = Params.returnPath(request.form("return"), fallback: fallback)
        if let mark = path.firstIndex(of: "?") { path = String(path[..<mark]) }
        return site.redirect(to: path, notice: notice, for: context)
    }

    /// Marks a page that shows someone's list as theirs alone: never stored by shared caches.
    static func `private`(_ response: Response) -> Response {
        var response = response
        response.headers.removeAll { $0.0.lowercased() == "cache-control" }
        response.headers.append(("Cache-Control", "private, no-store"))
        return response
    }
}

/// A group of favourites of one line type.
struct FavouriteGroup: Sendable {
    let heading: String
    let items: [FavouriteSummary]
}

/// The favourites page's view model.
struct FavouritesPage: Sendable {
    let head: PageHead
    /// The favourites by line type (empty: the page says how to add one).
    let groups: [FavouriteGroup]
    let token: String
    let errors: [FieldError]
    /// Whether each browser has its own list (a shared server).
    let shared: Bool
    /// The link that opens this list on another device (shared server, list stored).
    let privateLink: PrivateLink?
    /// Most favourites in a list.
    let limit: Int
    /// Most characters in an own name: the field's `maxlength`, its hint and the server's check.
    let nameLimit: Int
}

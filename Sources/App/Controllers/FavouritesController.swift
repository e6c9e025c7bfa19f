import Foundation
import HTTPClient
import HTTPServer
import PTV
import Storage

/// Favourites: the page, add, rename, remove, export and import.
struct FavouritesController {
    let site: Site

    /// Line types in their fixed order on the page.
    static let order: [RouteType] = [.train, .tram, .bus, .vline, .nightBus]

    func addRoutes(to router: inout Router) {
        router.get("/favourites") { request, _ in try await page(request) }
        router.post("/favourites") { request, _ in try await add(request) }
        router.post("/favourites/import") { request, _ in try await importFile(request) }
        router.get("/favourites/export") { _, _ in try await export() }
        router.post("/favourites/{mode}/{id}/rename") { request, context in try await rename(request, context) }
        router.post("/favourites/{mode}/{id}/remove") { request, context in try await remove(request, context) }
    }

    func page(_ request: Request, errors: [FieldError] = [], status: Int = 200) async throws -> Response {
        let favourites = try await site.favourites.all()
        let summaries = await site.summaries(for: favourites, errors: errors)
        let groups = Self.order.compactMap { type -> FavouriteGroup? in
            let items = summaries.filter { $0.routeType == type.rawValue }
            guard !items.isEmpty else { return nil }
            return FavouriteGroup(heading: "\((type.name ?? "Other").capitalisedFirst) (\(items.count))", items: items)
        }
        let others = summaries.filter { type in !Self.order.contains { $0.rawValue == type.routeType } }
        let allGroups = groups + (others.isEmpty ? [] : [FavouriteGroup(heading: "Other (\(others.count))", items: others)])
        let page = FavouritesPage(
            chrome: site.chrome(title: "Favourite stops", section: .favourites, request: request, hasErrors: !errors.isEmpty),
            groups: allGroups, hasFavourites: !favourites.isEmpty, count: favourites.count,
            token: FormToken.value(for: request), errors: errors, hasErrors: !errors.isEmpty)
        return site.templates.render(page, template: "favourites", status: status)
    }

    func add(_ request: Request) async throws -> Response {
        let type = try Params.mode(request.form("mode") ?? "")
        let stopID = try Params.id(request.form("stop_id") ?? "", "stop number")
        let name: String?
        switch Params.ownName(request.form("name")) {
        case .success(let value): name = value
        case .failure(let error): throw error
        }
        let stopName = await officialName(type: type, stopID: stopID)
        defer { site.pages.invalidate() }
        try await site.favourites.add(FavouriteStop(routeType: type.rawValue, stopID: stopID, stopName: stopName, ownName: name,
                                                    createdAt: site.now()))
        return redirect(request, fallback: ModeWords.stopURL(type, stopID), done: .added, stop: SpokenName.stop(stopName))
    }

    func rename(_ request: Request, _ context: RequestContext) async throws -> Response {
        let type = try Params.mode(context.require("mode"))
        let stopID = try Params.id(context.require("id"), "stop number")
        guard let existing = try await site.favourites.find(routeType: type.rawValue, stopID: stopID) else {
            throw HTTPError(404, "That stop is not in your favourites, so it cannot be renamed.")
        }
        switch Params.ownName(request.form("name")) {
        case .failure(let error):
            return try await page(request, errors: [FieldError(field: "name-\(type.rawValue)-\(stopID)", message: error.message)], status: 400)
        case .success(let name):
            defer { site.pages.invalidate() }
            try await site.favourites.rename(routeType: type.rawValue, stopID: stopID, to: name)
            return redirect(request, fallback: "/favourites", done: name == nil ? .unnamed : .renamed, stop: SpokenName.stop(existing.stopName))
        }
    }

    func remove(_ request: Request, _ context: RequestContext) async throws -> Response {
        let type = try Params.mode(context.require("mode"))
        let stopID = try Params.id(context.require("id"), "stop number")
        let existing = try await site.favourites.find(routeType: type.rawValue, stopID: stopID)
        defer { site.pages.invalidate() }
        try await site.favourites.remove(routeType: type.rawValue, stopID: stopID)
        return redirect(request, fallback: "/favourites", done: .removed, stop: SpokenName.stop(existing?.stopName ?? "the stop"))
    }

    func export() async throws -> Response {
        let favourites = try await site.favourites.all()
        let file = FavouritesFile(favourites: favourites)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        var response = Response(status: 200, body: Array(try encoder.encode(file)))
        response.headers = [("Content-Type", "application/json; charset=utf-8"),
                            ("Content-Disposition", "attachment; filename=\"trakx-favourites.json\""), ("Cache-Control", "no-store")]
        return response
    }

    func importFile(_ request: Request) async throws -> Response {
        let bytes: [UInt8]
        if let multipart = MultipartForm(request: request), let part = multipart.parts.first(where: { $0.name == "file" }) {
            bytes = part.body
        } else if let text = request.form("data") {
            bytes = Array(text.utf8)
        } else {
            return try await page(request, errors: [FieldError(field: "file", message: "Choose a Trakx favourites file to import.")], status: 400)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard !bytes.isEmpty, let file = try? decoder.decode(FavouritesFile.self, from: Data(bytes)), let favourites = file.validated() else {
            return try await page(request, errors: [FieldError(field: "file", message: "That file is not a Trakx favourites file, or it is damaged. Nothing was changed.")], status: 400)
        }
        defer { site.pages.invalidate() }
        let added = try await site.favourites.merge(favourites)
        return Response.seeOther("/favourites?done=imported&count=\(added)")
    }

    func officialName(type: RouteType, stopID: Int) async -> String {
        if let details = try? await site.source.stop(stopID, routeType: type.rawValue), let stop = details.value.stop, !stop.stopName.isEmpty {
            return stop.stopName
        }
        return "Stop \(stopID)"
    }

    func redirect(_ request: Request, fallback: String, done: Banner.Code, stop: String) -> Response {
        var path = Params.returnPath(request.form("return"), fallback: fallback)
        if let mark = path.firstIndex(of: "?") { path = String(path[..<mark]) }
        return Response.seeOther(path + "?done=\(done.rawValue)&stop=\(PercentEncoding.encode(stop))")
    }
}

/// The export file format.
struct FavouritesFile: Codable, Sendable {
    struct Entry: Codable, Sendable {
        let mode: String
        let stop_id: Int
        let stop_name: String
        let name: String?
        let created_at: Date?
    }

    let format: String
    let version: Int
    let favourites: [Entry]

    init(favourites: [FavouriteStop]) {
        format = "trakx-favourites"
        version = 1
        self.favourites = favourites.map {
            Entry(mode: RouteType(rawValue: $0.routeType).slug ?? "bus", stop_id: $0.stopID, stop_name: $0.stopName,
                  name: $0.ownName, created_at: $0.createdAt)
        }
    }

    /// Every entry checked; nil when any is invalid, so a bad file changes nothing.
    func validated() -> [FavouriteStop]? {
        guard format == "trakx-favourites", version == 1, favourites.count <= 1000 else { return nil }
        var result: [FavouriteStop] = []
        for entry in favourites {
            guard let type = RouteType(slug: entry.mode), entry.stop_id > 0, entry.stop_id <= Int(Int32.max),
                  entry.stop_name.count <= 200, case .success(let name) = Params.ownName(entry.name) else { return nil }
            result.append(FavouriteStop(routeType: type.rawValue, stopID: entry.stop_id,
                                        stopName: entry.stop_name.isEmpty ? "Stop \(entry.stop_id)" : entry.stop_name,
                                        ownName: name, createdAt: entry.created_at ?? Date()))
        }
        return result
    }
}

/// A group of favourites of one line type.
struct FavouriteGroup: Sendable {
    let heading: String
    let items: [FavouriteSummary]
}

/// The favourites page's view model.
struct FavouritesPage: Sendable {
    let chrome: PageChrome
    let groups: [FavouriteGroup]
    let hasFavourites: Bool
    let count: Int
    let token: String
    let errors: [FieldError]
    let hasErrors: Bool
}

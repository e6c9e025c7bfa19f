import HTTPServer
import Storage

/// `GET /favourites/list/{id}` asks, and `POST` switches this browser to the list behind a private link
/// (shared server only). A guessed or malformed link is a 404 after the same hash and lookup as a real one.
struct PrivateLinkController: RouteCollection {
    let site: Site
    /// Favourites: each browser's own list on a shared server.
    let lists: FavouriteLists
    /// The path before a list's id, which the access log never shows (the id opens the list).
    static let secretPrefix = "/favourites/list/"

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/favourites/list/{id}", use: confirm)
        router.post("/favourites/list/{id}", use: use)
    }

    func confirm(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let id = try await existing(context)
        let count = try await lists.count(in: id.storageKey)
        let current = lists.id(request)
        var ownCount = 0
        if let current { ownCount = try await lists.count(in: current.storageKey) }
        let page = SwitchListPage(
            head: PageHead(site.chrome(title: "Use this favourites list?", section: .favourites, request: request, context),
                           heading: "Use this favourites list?"),
            action: "/favourites/list/\(id.text)", token: context.visitor.token,
            count: count == 1 ? "1 favourite" : "\(count) favourites",
            alreadyUsed: current == id, hasOwnList: current != id && ownCount > 0,
            ownCount: ownCount == 1 ? "1 favourite" : "\(ownCount) favourites")
        return FavouritesController.private(site.templates.render(page, template: "favourites-switch"))
    }

    func use(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let id = try await existing(context)
        var response = site.redirect(to: "/favourites", notice: [("done", Banner.Code.switched.rawValue)], for: context)
        response.headers.append(("Set-Cookie", lists.cookie(for: id)))
        return response
    }

    /// The list named by the path, or a 404. Every request hashes what it was given and looks the hash up,
    /// so a malformed, guessed or real link all cost the same work, and the id is never compared as text.
    private func existing(_ context: TrakxContext) async throws -> ListID {
        let text = (try? context.require("id")) ?? ""
        let key = FavouriteListKey(hash: ListID.hash(String(text.prefix(64))))
        let stored = try await lists.exists(key)
        guard lists.shared, stored, let id = ListID.parse(text) else {
            throw HTTPError(404, "There is no favourites list at this link. Check that you copied the whole link. A list also goes away when its last favourite is removed.")
        }
        return id
    }
}

/// The private link shown on the favourites page of a shared server.
struct PrivateLink: Sendable {
    /// `/favourites/list/{id}`.
    let href: String
    /// The whole address to copy to another device.
    let address: String

    init(id: ListID, request: Request) {
        href = "/favourites/list/\(id.text)"
        let scheme = request.header("X-Forwarded-Proto")?.lowercased() == "https" ? "https" : "http"
        let host = request.header("Host") ?? "localhost"
        address = "\(scheme)://\(host)\(href)"
    }
}

/// The confirmation page before switching lists.
struct SwitchListPage: Sendable {
    let head: PageHead
    let action, token: String
    /// "3 favourites".
    let count: String
    /// Whether this browser already uses the list.
    let alreadyUsed: Bool
    /// Whether this browser has another list with favourites (it stops showing here after the switch).
    let hasOwnList: Bool
    let ownCount: String
}

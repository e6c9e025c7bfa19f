import HTTPServer

/// `GET /`: search, stops near me, favourites with their next departures, and disruptions.
struct HomeController: RouteCollection {
    let site: Site

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/", use: home)
    }

    func home(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let (favourites, total) = try await site.favouriteSummaries(for: request, context, limit: 3)
        let page = HomePage(
            head: PageHead(site.chrome(title: "Melbourne departures", section: .home, request: request, context), heading: "Melbourne departures"),
            favourites: favourites, hasFavourites: !favourites.isEmpty, shownOf: HomePage.shownOf(favourites.count, total: total))
        return FavouritesController.private(site.templates.render(page, template: "home"))
    }
}

/// The home page's view model.
struct HomePage: Sendable {
    let head: PageHead
    let favourites: [FavouriteSummary]
    let hasFavourites: Bool
    /// "The first 3 of your 7 favourites." when the page shows only some; nil when it shows them all.
    let shownOf: String?

    /// Says that only some favourites are shown, and how many there are.
    static func shownOf(_ shown: Int, total: Int) -> String? {
        shown < total ? "The first \(shown) of your \(total) favourites." : nil
    }
}

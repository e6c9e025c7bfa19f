import HTTPServer

/// `GET /`: search, stops near me, favourites with their next departures, and disruptions.
struct HomeController: RouteCollection {
    let site: Site

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/", use: home)
    }

    func home(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let favourites = try await site.favouriteSummaries(for: request, limit: 3)
        let page = HomePage(
            head: PageHead(site.chrome(title: "Melbourne departures", section: .home, request: request, context), heading: "Melbourne departures"),
            favourites: favourites, hasFavourites: !favourites.isEmpty)
        return FavouritesController.private(site.templates.render(page, template: "home"))
    }
}

/// The home page's view model.
struct HomePage: Sendable {
    let head: PageHead
    let favourites: [FavouriteSummary]
    let hasFavourites: Bool
}

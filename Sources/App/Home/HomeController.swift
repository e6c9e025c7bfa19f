import HTTPServer

/// `GET /`: search, stops near me, favourites with their next departures, and disruptions.
struct HomeController: RouteCollection {
    let site: Site
    /// The favourites with their next departures.
    let boards: FavouriteBoards

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/", use: home)
    }

    func home(_ request: Request, _ context: TrakxContext) async throws -> Response {
        var (favourites, total): ([FavouriteSummary], Int) = ([], 0)
        var unreadable: String?
        do {
            (favourites, total) = try await boards.favouriteSummaries(for: request, context, limit: 3)
        } catch let error as HTTPError where error.status == 503 {
            // The database cannot be reached just now: the rest of the page still works, and says so.
            unreadable = StoreUnavailable.homeFavourites
        }
        let page = HomePage(
            head: PageHead(site.chrome(title: "Melbourne departures", section: .home, request: request, context), heading: "Melbourne departures"),
            favourites: favourites, hasFavourites: !favourites.isEmpty, shownOf: HomePage.shownOf(favourites.count, total: total),
            unreadable: unreadable)
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
    /// Said in place of the favourites when the database cannot be reached just now; nil when they were read.
    var unreadable: String? = nil

    /// Says that only some favourites are shown, and how many there are.
    static func shownOf(_ shown: Int, total: Int) -> String? {
        shown < total ? "The first \(shown) of your \(total) favourites." : nil
    }
}

import HTTPServer

/// `GET /robots.txt`: keeps crawlers off every page that asks PTV (a crawl of `/stops/bus/1…99999` would spend the
/// shared PTV key) and off private favourites lists; the home page stays open to them.
struct RobotsController: RouteCollection {
    /// Path prefixes crawlers are asked to leave alone.
    static let disallowed = ["/stops/", "/runs/", "/ride/", "/walk/", "/arrive", "/nearby", "/search", "/lines/",
                             "/disruptions", "/favourites"]

    func addRoutes(to router: inout Router<TrakxContext>) {
        let body = "User-agent: *\n" + Self.disallowed.map { "Disallow: \($0)\n" }.joined() + "Allow: /\n"
        router.get("/robots.txt") { _, _ in Response.text(body) }
    }
}

import HTTPServer

/// Registers the PTV-backed pages and favourites.
func addPageRoutes(site: Site, to router: inout Router) {
    DisruptionsController(site: site).addRoutes(to: &router)
    NearbyController(site: site).addRoutes(to: &router)
    StopController(site: site).addRoutes(to: &router)
    router.get("/runs/{mode}/{ref}", use: RunController(site: site).run)
    router.get("/ride/{mode}/{ref}", use: RideController(site: site).ride)
    SearchController(site: site).addRoutes(to: &router)
    router.get("/lines/{mode}/{id}", use: LineController(site: site).line)
    FavouritesController(site: site).addRoutes(to: &router)
    WalkController(site: site).addRoutes(to: &router)
    ArrivalController(site: site).addRoutes(to: &router)
}

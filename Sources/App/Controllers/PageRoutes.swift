import HTTPServer

/// Registers the PTV-backed pages and favourites.
func addPageRoutes(site: Site, to router: inout Router) {
    DisruptionsController(site: site).addRoutes(to: &router)
    NearbyController(site: site).addRoutes(to: &router)
    StopController(site: site).addRoutes(to: &router)
    RunController(site: site).addRoutes(to: &router)
    RideController(site: site).addRoutes(to: &router)
    SearchController(site: site).addRoutes(to: &router)
    LineController(site: site).addRoutes(to: &router)
    FavouritesController(site: site).addRoutes(to: &router)
}

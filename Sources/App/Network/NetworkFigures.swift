/// How much of the network an instance knows, as `/healthz` and `/metrics` say it: the kerbside routes (tram, bus and
/// night bus, whose paired stops are told apart by which way their services leave) whose directions and stops are
/// known, of those in PTV's route list.
struct NetworkFigures: Sendable, Equatable {
    /// Routes whose ways are known (when no route list is known yet, every route known).
    let known: Int
    /// Kerbside routes in PTV's route list; nil until a list is known.
    let total: Int?

    /// For `/healthz`: "37 of 52 routes known", or "3 routes known, PTV's route list not learnt yet".
    var words: String {
        guard let total else { return "\(known) routes known, PTV's route list not learnt yet" }
        return "\(known) of \(total) routes known"
    }

    /// Prometheus gauges: `trakx_network_routes_known` and `trakx_network_routes_total` (0 until a list is known).
    func render() -> String {
        "# HELP trakx_network_routes_known Tram, bus and night bus routes whose directions and stops this instance knows.\n"
            + "# TYPE trakx_network_routes_known gauge\n"
            + "trakx_network_routes_known \(known)\n"
            + "# HELP trakx_network_routes_total Tram, bus and night bus routes in PTV's route list (0 until it is learnt).\n"
            + "# TYPE trakx_network_routes_total gauge\n"
            + "trakx_network_routes_total \(total ?? 0)\n"
    }
}

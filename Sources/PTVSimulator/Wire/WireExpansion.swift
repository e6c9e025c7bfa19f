import Foundation
import PTV

/// The expanded maps of a departures or pattern response, keyed by id (`runs` by `run_ref`); every map is
/// present, `{}` unless expanded.
struct WireExpansion: Sendable {
    var stops: [String: WireStop] = [:]
    var routes: [String: WireRoute] = [:]
    var runs: [String: WireRun] = [:]
    var directions: [String: WireDirection] = [:]

    /// The response's fields: these maps, the departures, and the disruptions (a map in departures responses,
    /// a list in patterns).
    func fields(departures: [WireDeparture], disruptions: some Encodable & Sendable) -> [String: any Encodable & Sendable] {
        ["departures": departures, "stops": stops, "routes": routes, "runs": runs, "directions": directions,
         "disruptions": disruptions]
    }
}

import Foundation
import PTV

/// The expanded maps of a departures or pattern response, keyed by id (`runs` by `run_ref`); every map is
/// present, `{}` unless expanded.
struct ExpandedMaps: Sendable {
    var stops: [String: JSON] = [:]
    var routes: [String: JSON] = [:]
    var runs: [String: JSON] = [:]
    var directions: [String: JSON] = [:]

    /// The response's fields: these maps, the departures, and the disruptions (a map in departures responses,
    /// a list in patterns).
    func fields(departures: [JSON], disruptions: some JSONValue) -> KeyValuePairs<String, any JSONValue> {
        ["departures": departures, "stops": stops, "routes": routes, "runs": runs, "directions": directions,
         "disruptions": disruptions]
    }
}

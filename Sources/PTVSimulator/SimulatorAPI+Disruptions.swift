import Foundation
import PTV

/// `/v3/disruptions` and its by-route, by-stop, single and modes forms.
extension SimulatorAPI {
    /// PTV's disruption modes: bucket name and code.
    static let disruptionModes: [(name: String, code: Int)] = [
        ("metro_train", 1), ("metro_bus", 2), ("metro_tram", 3), ("regional_coach", 4), ("regional_train", 5),
        ("regional_bus", 7), ("school_bus", 8), ("telebus", 9), ("night_bus", 10), ("ferry", 11),
        ("interstate_train", 12), ("skybus", 13), ("taxi", 14), ("general", 100),
    ]

    /// The buckets each route type's disruptions are listed under.
    private static func buckets(for routeType: RouteType) -> [String] {
        switch routeType {
        case .train: ["metro_train"]
        case .tram: ["metro_tram"]
        case .bus: ["metro_bus", "school_bus", "skybus"]
        case .vline: ["regional_train", "regional_coach", "regional_bus"]
        default: ["night_bus"]
        }
    }

    /// All disruptions in PTV's mode buckets, filtered by `disruption_status`, `route_types` and `disruption_modes`.
    func disruptions(query: QueryParameters, now: Date) throws(APIError) -> String {
        var entries = try statusFiltered(DisruptionBoard(network: network, now: now), query: query)
        let types = try query.routeTypes()
        if !types.isEmpty {
            let allowed = Set(types.flatMap(Self.buckets))
            entries = entries.filter { allowed.contains($0.record.mode) }
        }
        let modes = query.values("disruption_modes")
        if !modes.isEmpty {
            var names = Set<String>()
            for text in modes {
                guard let code = Int(text), let mode = Self.disruptionModes.first(where: { $0.code == code }) else {
                    throw .badRequest("disruption_modes '\(text)' is invalid.")
                }
                names.insert(mode.name)
            }
            entries = entries.filter { names.contains($0.record.mode) }
        }
        return try Self.bucketed(entries)
    }

    /// Disruptions of a route, of a stop (including its routes'), or of a route at a stop.
    func disruptions(routeID: String?, stopID: String?, query: QueryParameters, now: Date) throws(APIError) -> String {
        var routeIDs = Set<Int>(), stopIDs = Set<Int>()
        if let routeID { routeIDs.insert(try requireRoute(routeID).routeID) }
        if let stopID {
            let stop = try requireStop(stopID)
            stopIDs.insert(stop.stopID)
            if routeID == nil { routeIDs.formUnion(network.routes(servingStop: stop.stopID).map(\.routeID)) }
        }
        let entries = try statusFiltered(DisruptionBoard(network: network, now: now), query: query).filter {
            $0.record.routeIDs.contains(where: routeIDs.contains) || $0.record.stopIDs.contains(where: stopIDs.contains)
        }
        return try Self.bucketed(entries)
    }

    /// `/v3/disruptions/{id}`.
    func disruption(_ idText: String, now: Date) throws(APIError) -> String {
        guard let id = Int64(idText) else { throw .badRequest("disruption_id '\(idText)' is invalid.") }
        guard let entry = DisruptionBoard(network: network, now: now).entries.first(where: { $0.record.disruptionID == id }) else {
            throw .notFound("disruption_id \(id) was not found.")
        }
        return try Self.encode(["disruption": entry.json])
    }

    /// `/v3/disruptions/modes`.
    func disruptionModes() throws(APIError) -> String {
        try Self.encode(["disruption_modes": Self.disruptionModes.map {
            JSON.keyed(["disruption_mode_name": $0.name, "disruption_mode": $0.code])
        }])
    }

    /// The listed disruptions, with `disruption_status` applied (current or planned; 400 otherwise).
    private func statusFiltered(_ board: DisruptionBoard, query: QueryParameters) throws(APIError) -> [DisruptionBoard.Entry] {
        let entries = board.listed
        switch query.value("disruption_status")?.lowercased() {
        case nil, "": return entries
        case "current": return entries.filter(\.isCurrent)
        case "planned": return entries.filter { !$0.isCurrent }
        case let other?: throw .badRequest("disruption_status '\(other)' is invalid.")
        }
    }

    /// PTV's bucket shape: every bucket present, empty ones as `[]`, and an empty `telebus` as `null` (a live quirk).
    private static func bucketed(_ entries: [DisruptionBoard.Entry]) throws(APIError) -> String {
        var groups: [String: [JSON]] = [:]
        for entry in entries { groups[entry.record.mode, default: []].append(entry.json) }
        var buckets: [String: JSON] = [:]
        for name in Set(DisruptionBuckets.bucketOrder).union(groups.keys) {
            let list = groups[name] ?? []
            buckets[name] = name == "telebus" && list.isEmpty ? .null : .array(list)
        }
        return try encode(["disruptions": buckets])
    }
}

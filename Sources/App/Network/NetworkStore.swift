import Foundation
import PTV
import Storage

/// The network kept in the database (`network_route`, on SQLite and PostgreSQL alike): PTV's route list, and each
/// route's directions with their stops in order as `StopWays` learns them. With PostgreSQL every instance of a fleet
/// reads and writes the same rows, so a route one instance has learnt is known to the others without asking PTV.
/// Rows are kept by `source` (PTV's address, or "demo"), so a copy learnt from another PTV is never said.
struct NetworkStore: Sendable {
    /// One route as kept.
    struct Route: Sendable {
        /// PTV's route id.
        let routeID: Int
        /// Its mode.
        let routeType: RouteType
        /// When PTV's route list last named it (nil when only a page has asked about it).
        let listedAt: Date?
        /// Its directions with their stops in order, and when they were learnt (nil until learnt).
        let ways: (lines: [StopWays.Line], learntAt: Date)?
    }

    let database: any SQLDatabase
    /// Whose network: PTV's address, or "demo" for the simulator (whose address changes with each start).
    let source: String

    /// Keeps PTV's route list as of `time`, and forgets the routes it no longer names (with what was learnt of them).
    /// - Parameters:
    ///   - routes: Every route PTV listed.
    ///   - time: When PTV sent the list.
    func keepList(_ routes: [PTV.Route], at time: Date) async throws {
        let (source, seconds) = (self.source, Int64(time.timeIntervalSince1970))
        let rows = routes.map { [SQLValue.text(source), .integer(Int64($0.routeId)), .integer(Int64($0.routeType.rawValue)), .integer(seconds)] }
        try await database.withConnection { db in
            try db.transaction {
                for row in rows {
                    try db.run("""
                        INSERT INTO network_route (source, route_id, route_type, listed_at) VALUES (?, ?, ?, ?)
                        ON CONFLICT (source, route_id) DO UPDATE SET route_type = excluded.route_type, listed_at = excluded.listed_at
                        WHERE network_route.listed_at IS NULL OR network_route.listed_at < excluded.listed_at
                        """, row)
                }
                try db.run("DELETE FROM network_route WHERE source = ? AND listed_at < ?", [.text(source), .integer(seconds)])
            }
        }
    }

    /// Keeps a route's directions and their stops as learnt at `time`, unless a newer copy is already kept (another
    /// instance of the fleet may have learnt it meanwhile).
    /// - Parameters:
    ///   - routeID: The route.
    ///   - type: Its mode.
    ///   - lines: Its directions, each with its stops in order.
    ///   - time: When they were learnt.
    func keepWays(routeID: Int, type: RouteType, lines: [StopWays.Line], at time: Date) async throws {
        let values: [SQLValue] = [.text(source), .integer(Int64(routeID)), .integer(Int64(type.rawValue)),
                                  .text(try KeptLines.encode(lines)), .integer(Int64(time.timeIntervalSince1970))]
        try await database.withConnection { db in
            try db.run("""
                INSERT INTO network_route (source, route_id, route_type, ways, learnt_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (source, route_id) DO UPDATE SET ways = excluded.ways, learnt_at = excluded.learnt_at
                WHERE network_route.learnt_at IS NULL OR network_route.learnt_at < excluded.learnt_at
                """, values)
        }
    }

    /// Every route kept from this source.
    func all() async throws -> [Route] {
        try await read("SELECT route_id, route_type, listed_at, ways, learnt_at FROM network_route WHERE source = ?", [.text(source)])
    }

    /// One route as kept, or nil.
    /// - Parameter routeID: The route.
    func route(_ routeID: Int) async throws -> Route? {
        try await read("SELECT route_id, route_type, listed_at, ways, learnt_at FROM network_route WHERE source = ? AND route_id = ?",
                       [.text(source), .integer(Int64(routeID))]).first
    }

    /// The routes `sql` selects, read as kept (a route whose ways no longer read is kept as not learnt).
    private func read(_ sql: String, _ values: [SQLValue]) async throws -> [Route] {
        let rows = try await database.withConnection { db in try db.rows(sql, values) }
        return rows.map { row in
            let type = RouteType(rawValue: Int(row.int(1)))
            let date = { (index: Int) -> Date? in row.text(index) == nil ? nil : Date(timeIntervalSince1970: TimeInterval(row.int(index))) }
            let lines = row.text(3).flatMap { try? KeptLines.decode($0, routeType: type) }
            return Route(routeID: Int(row.int(0)), routeType: type, listedAt: date(2),
                         ways: lines.flatMap { lines in date(4).map { (lines: lines, learntAt: $0) } })
        }
    }
}

import Foundation
import Storage

/// Places searched for, kept in the database (`kept_place`, on SQLite and PostgreSQL alike): the place each typed
/// query was matched to, by `source` (PTV's address, or "demo") and the query folded, so that a restarted instance,
/// or any instance of a fleet on the same PostgreSQL, names the place without asking PTV's search again.
struct PlaceStore: Sendable {
    /// One place as kept.
    struct Kept: Sendable, Equatable {
        /// Where the place is and what it is called.
        let point: NamedPoint
        /// Whether it is a suburb's middle, not one stop.
        let isSuburb: Bool
        /// When PTV's search last gave it.
        let learntAt: Date
    }

    let database: any SQLDatabase
    /// Whose places: PTV's address, or "demo" for the simulator.
    let source: String

    /// The key a query is kept by: lower case, single spaces, as PTV's search reads it alike.
    /// - Parameter query: What the rider typed.
    static func key(_ query: String) -> String { PlaceMatch.folded(query) }

    /// Keeps `match` as the place its query names, learnt at `time`, unless a newer copy is kept already (another
    /// instance of the fleet may have searched meanwhile).
    /// - Parameters:
    ///   - match: The place PTV's search gave.
    ///   - time: When.
    func keep(_ match: PlaceMatch, at time: Date) async throws {
        let values: [SQLValue] = [.text(source), .text(Self.key(match.query)), .text(match.point.name),
                                  .text(String(match.point.latitude)), .text(String(match.point.longitude)),
                                  .integer(match.isSuburb ? 1 : 0), .integer(Int64(time.timeIntervalSince1970))]
        try await database.withConnection { db in
            try db.run("""
                INSERT INTO kept_place (source, query, name, latitude, longitude, is_suburb, learnt_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (source, query) DO UPDATE SET name = excluded.name, latitude = excluded.latitude,
                    longitude = excluded.longitude, is_suburb = excluded.is_suburb, learnt_at = excluded.learnt_at
                WHERE kept_place.learnt_at <= excluded.learnt_at
                """, values)
        }
    }

    /// The place kept for `query`, however old, or nil.
    /// - Parameter query: What the rider typed.
    func place(_ query: String) async throws -> Kept? {
        let values: [SQLValue] = [.text(source), .text(Self.key(query))]
        let rows = try await database.withConnection { db in
            try db.rows("SELECT name, latitude, longitude, is_suburb, learnt_at FROM kept_place WHERE source = ? AND query = ?", values)
        }
        guard let row = rows.first, let name = row.text(0), let latitude = row.text(1).flatMap(Double.init),
              let longitude = row.text(2).flatMap(Double.init) else { return nil }
        return Kept(point: NamedPoint(name: name, latitude: latitude, longitude: longitude), isSuburb: row.int(3) != 0,
                    learntAt: Date(timeIntervalSince1970: TimeInterval(row.int(4))))
    }

    /// Forgets the place kept for `query` when it was learnt no later than `time` (PTV's search no longer finds it).
    /// - Parameters:
    ///   - query: What the rider typed.
    ///   - time: When PTV's search said so.
    func forget(_ query: String, asOf time: Date) async throws {
        let values: [SQLValue] = [.text(source), .text(Self.key(query)), .integer(Int64(time.timeIntervalSince1970))]
        try await database.withConnection { db in
            try db.run("DELETE FROM kept_place WHERE source = ? AND query = ? AND learnt_at <= ?", values)
        }
    }

    /// How many places are kept from this source.
    func count() async throws -> Int {
        let source = self.source
        return Int(try await database.withConnection { db in
            try db.integer("SELECT count(*) FROM kept_place WHERE source = ?", [.text(source)]) ?? 0
        })
    }
}

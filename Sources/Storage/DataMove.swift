import Foundation

/// Copying what a SQLite file keeps (lists, favourites, alerts, the push key, kept PTV answers) into PostgreSQL, for
/// `trakx move-data`. Idempotent: what PostgreSQL already holds is kept and not counted, so a second run moves nothing.
public enum DataMove {
    /// How much was copied (only what PostgreSQL did not hold already).
    public struct Moved: Sendable, Equatable {
        /// Lists made.
        public var lists = 0
        /// Favourites added.
        public var favourites = 0
        /// Alerts added.
        public var alerts = 0
        /// PTV answers kept across restarts, added or newer.
        public var keptAnswers = 0
        /// Whether the push (VAPID) key was copied; false when there was none or PostgreSQL had one already.
        public var pushKey = false

        /// "Moved 3 lists with 7 favourites, 2 alerts, 1 kept PTV answer and the push key."
        public var sentence: String {
            var parts = ["\(Self.count(lists, "list")) with \(Self.count(favourites, "favourite"))", Self.count(alerts, "alert"),
                         Self.count(keptAnswers, "kept PTV answer")]
            if pushKey { parts.append("the push key") }
            let last = parts.removeLast()
            return "Moved \(parts.joined(separator: ", ")) and \(last)."
        }

        private static func count(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
    }

    /// Everything read from SQLite, every column as text.
    private struct Source: Sendable {
        var lists: [SQLRow] = []
        var favourites: [SQLRow] = []
        var alerts: [SQLRow] = []
        var keys: [SQLRow] = []
        var kept: [SQLRow] = []
        /// The highest alert id SQLite ever issued (its AUTOINCREMENT sequence).
        var alertSequence: Int64 = 0
    }

    private static let favouriteColumns = "route_type, stop_id, route_id, direction_id, stop_name, line_name, direction_name, own_name, created_at"
    private static let alertColumns = """
        stop_code, kind, route_type, run_ref, from_stop, stop_id, route_id, direction_id, minutes, endpoint, p256dh, auth, sent, \
        created_at, expires_at
        """

    /// Copies everything in `source` into `target` in one PostgreSQL transaction (all or nothing).
    /// - Parameters:
    ///   - source: The SQLite database (opened, so migrated).
    ///   - target: The PostgreSQL database (opened, so migrated).
    public static func move(from source: Database, to target: PostgresDatabase) async throws -> Moved {
        let read = try await source.withConnection { db in
            Source(lists: try db.rows("SELECT key_hash, created_at FROM favourite_list ORDER BY id", []),
                   favourites: try db.rows("SELECT l.key_hash, f.\(favouriteColumns.replacingOccurrences(of: ", ", with: ", f.")) FROM favourite f JOIN favourite_list l ON l.id = f.list_id", []),
                   alerts: try db.rows("SELECT id, \(alertColumns) FROM push_alert ORDER BY id", []),
                   keys: try db.rows("SELECT private_key, created_at FROM push_key WHERE id = 1", []),
                   kept: try db.rows("SELECT key, body, fetched_at FROM kept_answer", []),
                   alertSequence: try db.integer("SELECT seq FROM sqlite_sequence WHERE name = 'push_alert'") ?? 0)
        }
        return try await target.withConnection { db in try db.transaction { try write(read, into: db) } }
    }

    private static func write(_ source: Source, into db: any SQLConnection) throws -> Moved {
        var moved = Moved()
        for list in source.lists {
            moved.lists += try db.run("INSERT INTO favourite_list (key_hash, created_at) VALUES (?, ?) ON CONFLICT (key_hash) DO NOTHING",
                                      values(list))
        }
        for favourite in source.favourites {
            let values = values(favourite)
            guard let listID = try db.integer("SELECT id FROM favourite_list WHERE key_hash = ?", [values[0]]) else { continue }
            moved.favourites += try db.run("""
                INSERT INTO favourite (list_id, \(favouriteColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (list_id, route_type, stop_id, route_id, direction_id) DO NOTHING
                """, [.integer(listID)] + values.dropFirst())
        }
        for alert in source.alerts {
            moved.alerts += try copy(alert: alert, into: db)
        }
        // New alerts follow every id SQLite issued or PostgreSQL holds, so none is issued twice.
        try db.run("""
            SELECT setval(pg_get_serial_sequence('push_alert', 'id'),
                GREATEST(CAST(? AS BIGINT), (SELECT coalesce(max(id), 1) FROM push_alert), nextval(pg_get_serial_sequence('push_alert', 'id')) - 1))
            """, [.integer(source.alertSequence)])
        for key in source.keys {
            moved.pushKey = try db.run("INSERT INTO push_key (id, private_key, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING",
                                       values(key)) > 0
        }
        for kept in source.kept {
            moved.keptAnswers += try db.run("""
                INSERT INTO kept_answer (key, body, fetched_at) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                WHERE kept_answer.fetched_at < excluded.fetched_at
                """, values(kept))
        }
        return moved
    }

    /// Copies one alert unless PostgreSQL holds it (by its stop code), keeping its id when that id is free there.
    private static func copy(alert: SQLRow, into db: any SQLConnection) throws -> Int {
        let values = values(alert)
        guard try db.integer("SELECT count(*) FROM push_alert WHERE stop_code = ?", [values[1]]) == 0 else { return 0 }
        let idFree = try db.integer("SELECT count(*) FROM push_alert WHERE id = ?", [values[0]]) == 0
        let columns = (idFree ? "id, " : "") + alertColumns
        let bound = idFree ? values : Array(values.dropFirst())
        return try db.run("INSERT INTO push_alert (\(columns)) VALUES (\(Array(repeating: "?", count: bound.count).joined(separator: ", ")))", bound)
    }

    /// A row's columns as values to bind (text; PostgreSQL reads each as its column's type).
    private static func values(_ row: SQLRow) -> [SQLValue] {
        row.columns.map { $0.map(SQLValue.text) ?? .null }
    }
}

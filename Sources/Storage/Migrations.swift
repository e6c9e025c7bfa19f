/// The ordered schema migrations; migration N brings `user_version` from N-1 to N.
public enum Migrations {
    /// Every migration in order. Never edit a released one; append a new one.
    public static let all: [String] = [
        // 1: favourite stops, grouped by line type (PTV route type), with an optional own name.
        """
        CREATE TABLE favourite_stop (
            route_type INTEGER NOT NULL CHECK (route_type BETWEEN 0 AND 99),
            stop_id INTEGER NOT NULL CHECK (stop_id > 0),
            stop_name TEXT NOT NULL,
            own_name TEXT,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (route_type, stop_id)
        );
        CREATE INDEX favourite_stop_by_type ON favourite_stop (route_type, created_at);
        """,
        // 2: lists (one on your own machine, one per browser on a shared server) and a line at a stop.
        // A list is stored only while it has favourites; `key_hash` is "local" or the SHA-256 of a browser's
        // list id, never the id itself. `route_id` 0 means the whole stop; `direction_id` -1 means both ways.
        """
        CREATE TABLE favourite_list (
            id INTEGER PRIMARY KEY,
            key_hash TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE favourite (
            list_id INTEGER NOT NULL REFERENCES favourite_list (id) ON DELETE CASCADE,
            route_type INTEGER NOT NULL CHECK (route_type BETWEEN 0 AND 99),
            stop_id INTEGER NOT NULL CHECK (stop_id > 0),
            route_id INTEGER NOT NULL DEFAULT 0 CHECK (route_id >= 0),
            direction_id INTEGER NOT NULL DEFAULT -1 CHECK (direction_id >= -1),
            stop_name TEXT NOT NULL,
            line_name TEXT,
            direction_name TEXT,
            own_name TEXT,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (list_id, route_type, stop_id, route_id, direction_id)
        );
        CREATE INDEX favourite_by_type ON favourite (list_id, route_type, created_at);
        INSERT INTO favourite_list (key_hash, created_at)
            SELECT 'local', created_at FROM favourite_stop ORDER BY created_at LIMIT 1;
        INSERT INTO favourite (list_id, route_type, stop_id, stop_name, own_name, created_at)
            SELECT (SELECT id FROM favourite_list WHERE key_hash = 'local'), route_type, stop_id, stop_name, own_name, created_at
            FROM favourite_stop;
        DROP TABLE favourite_stop;
        """,
        // 3: Web Push alerts (issue 32) and the server's VAPID key, made on first start and kept. An alert is a ride
        // (`run_ref`, boarding `from_stop`, the rider's `stop_id`) or a leave-now reminder (`stop_id`, the line as
        // `route_id` 0 for any and `direction_id` -1 for both ways, and `minutes`); `sent` is what has been said.
        // `stop_code` is the random part of the alert's stop link.
        """
        CREATE TABLE push_key (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            private_key TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE push_alert (
            id INTEGER PRIMARY KEY,
            stop_code TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK (kind IN ('ride', 'leave')),
            route_type INTEGER NOT NULL CHECK (route_type BETWEEN 0 AND 99),
            run_ref TEXT NOT NULL DEFAULT '',
            from_stop INTEGER NOT NULL DEFAULT 0,
            stop_id INTEGER NOT NULL CHECK (stop_id > 0),
            route_id INTEGER NOT NULL DEFAULT 0,
            direction_id INTEGER NOT NULL DEFAULT -1,
            minutes INTEGER NOT NULL DEFAULT 0,
            endpoint TEXT NOT NULL,
            p256dh TEXT NOT NULL,
            auth TEXT NOT NULL,
            sent TEXT NOT NULL DEFAULT '',
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        );
        CREATE INDEX push_alert_by_endpoint ON push_alert (endpoint);
        """,
        // 4: PTV answers kept across restarts (the list of every disruption): `key` is PTV's address with the request's
        // path and query, `body` the JSON PTV sent, `fetched_at` when (seconds since 1970).
        """
        CREATE TABLE kept_answer (
            key TEXT PRIMARY KEY,
            body TEXT NOT NULL,
            fetched_at INTEGER NOT NULL
        );
        """,
        // 5: alert ids never reused (issue 56). An alert's id is its Web Push topic and notification tag, and
        // `INTEGER PRIMARY KEY` alone hands a deleted last alert's id to the next one. Rebuilt with AUTOINCREMENT,
        // every row kept: the sequence starts past the highest id still stored (ids deleted above it left no trace).
        """
        CREATE TABLE push_alert_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            stop_code TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK (kind IN ('ride', 'leave')),
            route_type INTEGER NOT NULL CHECK (route_type BETWEEN 0 AND 99),
            run_ref TEXT NOT NULL DEFAULT '',
            from_stop INTEGER NOT NULL DEFAULT 0,
            stop_id INTEGER NOT NULL CHECK (stop_id > 0),
            route_id INTEGER NOT NULL DEFAULT 0,
            direction_id INTEGER NOT NULL DEFAULT -1,
            minutes INTEGER NOT NULL DEFAULT 0,
            endpoint TEXT NOT NULL,
            p256dh TEXT NOT NULL,
            auth TEXT NOT NULL,
            sent TEXT NOT NULL DEFAULT '',
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        );
        INSERT INTO push_alert_new SELECT id, stop_code, kind, route_type, run_ref, from_stop, stop_id, route_id, direction_id,
            minutes, endpoint, p256dh, auth, sent, created_at, expires_at FROM push_alert;
        DROP TABLE push_alert;
        ALTER TABLE push_alert_new RENAME TO push_alert;
        CREATE INDEX push_alert_by_endpoint ON push_alert (endpoint);
        """,
        // 6: alert leases for a fleet (issue 53 part 3): which instance looks at a watched run or stop (`target`) this
        // interval, until `expires_at` (seconds since 1970); a dead instance's lease passes when it expires.
        """
        CREATE TABLE alert_lease (
            target TEXT PRIMARY KEY,
            holder TEXT NOT NULL,
            expires_at INTEGER NOT NULL
        );
        """,
        // 7: notifications decided but not yet delivered (issue 53 part 3): written with the decision, in its
        // transaction, deleted when the push service has answered; a row whose sender died is claimed by another
        // instance once `held_until` passes, and sent again (same Topic and tag) until `expires_at`.
        """
        CREATE TABLE alert_outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            alert_id INTEGER NOT NULL,
            payload TEXT NOT NULL,
            ttl INTEGER NOT NULL,
            urgency TEXT NOT NULL,
            topic TEXT NOT NULL,
            endpoint TEXT NOT NULL,
            p256dh TEXT NOT NULL,
            auth TEXT NOT NULL,
            holder TEXT NOT NULL,
            held_until INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        );
        """,
        // 8: the network kept ahead (issue 54): PTV's route list and, once learnt, each route's directions with their
        // stops in order (`ways`, JSON), by `source` (PTV's address, or "demo"), so a copy from another PTV is never
        // said. `listed_at` is when PTV's route list last named the route (NULL when only a page has asked about it),
        // `learnt_at` when its ways were learnt (seconds since 1970; NULL with `ways` until then).
        """
        CREATE TABLE network_route (
            source TEXT NOT NULL,
            route_id INTEGER NOT NULL,
            route_type INTEGER NOT NULL,
            listed_at INTEGER,
            ways TEXT,
            learnt_at INTEGER,
            PRIMARY KEY (source, route_id)
        );
        """,
        // 9: places searched for (issue 54): the place a typed query was matched to (`/nearby?place=`), by `source` and
        // the query folded (lower case, single spaces), so a restarted instance, or another of the fleet, answers the
        // place in one round. `latitude` and `longitude` are Swift's shortest exact text for the Double, so the point
        // read back is the point kept on either engine; `is_suburb` is 1 for a suburb's middle; `learnt_at` is when
        // PTV's search last gave it (seconds since 1970).
        """
        CREATE TABLE kept_place (
            source TEXT NOT NULL,
            query TEXT NOT NULL,
            name TEXT NOT NULL,
            latitude TEXT NOT NULL,
            longitude TEXT NOT NULL,
            is_suburb INTEGER NOT NULL,
            learnt_at INTEGER NOT NULL,
            PRIMARY KEY (source, query)
        );
        """,
    ]

    /// Applies every migration newer than the file's `user_version`, all in one transaction: a failure rolls
    /// everything back and leaves the file exactly as it was.
    /// - Parameter connection: An open connection.
    public static func migrate(_ connection: SQLiteConnection) throws {
        try migrate(connection, to: all.count)
    }

    /// Applies the migrations up to `target` (tests build older files this way).
    /// - Parameters:
    ///   - connection: An open connection.
    ///   - target: The version to reach.
    public static func migrate(_ connection: SQLiteConnection, to target: Int) throws {
        let current = try connection.userVersion
        guard current <= all.count else {
            throw SQLiteError(code: 1, message: "the database was made by a newer Trakx (schema version \(current); this Trakx knows up to \(all.count)), so it was not changed")
        }
        guard current < target else { return }
        do {
            try connection.transaction {
                for version in current ..< target {
                    try connection.execute(all[version])
                }
                try connection.execute("PRAGMA user_version = \(target)")
            }
        } catch let error as SQLiteError {
            throw SQLiteError(code: error.code, message: "upgrading the database from schema version \(current) to \(target) failed (\(error.message)); the file was left as it was")
        }
    }
}

import Storage

/// A favourites database as the first Trakx made it (schema version 1), written with raw SQL rather than with
/// `Migrations`, so upgrade tests start from the real old file.
public enum Version1Database {
    /// Writes the file: Flinders Street Station (own name "Work") and a tram stop, then `extra` SQL.
    /// - Parameters:
    ///   - path: The file.
    ///   - extra: More SQL run before the version is set (more rows, or something that breaks the upgrade).
    public static func write(at path: String, extra: String = "") throws {
        let connection = try SQLiteConnection(path: path)
        defer { connection.close() }
        try connection.execute("""
            CREATE TABLE favourite_stop (
                route_type INTEGER NOT NULL CHECK (route_type BETWEEN 0 AND 99),
                stop_id INTEGER NOT NULL CHECK (stop_id > 0),
                stop_name TEXT NOT NULL,
                own_name TEXT,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (route_type, stop_id)
            );
            CREATE INDEX favourite_stop_by_type ON favourite_stop (route_type, created_at);
            INSERT INTO favourite_stop VALUES (0, 1071, 'Flinders Street Station', 'Work', 1795728600000);
            INSERT INTO favourite_stop VALUES (1, 2218, 'Swanston St/Flinders St #1', NULL, 1795728700000);
            \(extra)
            PRAGMA user_version = 1;
            """)
    }
}

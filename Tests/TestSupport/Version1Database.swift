import Storage

/// A favourites database as the first Trakx made it (schema version 1): the first migration's own SQL (released
/// migrations are never edited, so it is the schema the first Trakx wrote) and rows written with raw SQL, with
/// the version set by hand rather than by `Database`, so upgrade tests start from the real old file.
public enum Version1Database {
    /// Writes the file: Flinders Street Station (own name "Work") and a tram stop, then `extra` SQL.
    /// - Parameters:
    ///   - path: The file.
    ///   - extra: More SQL run before the version is set (more rows, or something that breaks the upgrade).
    public static func write(at path: String, extra: String = "") throws {
        let connection = try SQLiteConnection(path: path)
        defer { connection.close() }
        try connection.execute(Migrations.all[0])
        try connection.execute("""
            INSERT INTO favourite_stop VALUES (0, 1071, 'Flinders Street Station', 'Work', 1795728600000);
            INSERT INTO favourite_stop VALUES (1, 2218, 'Swanston St/Flinders St #1', NULL, 1795728700000);
            \(extra)
            PRAGMA user_version = 1;
            """)
    }
}

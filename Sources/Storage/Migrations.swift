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
    ]

    /// Applies every migration newer than the file's `user_version`, each in its own transaction.
    /// - Parameter connection: An open connection.
    public static func migrate(_ connection: SQLiteConnection) throws {
        let current = try connection.userVersion
        guard current < all.count else { return }
        for version in current ..< all.count {
            try connection.transaction {
                try connection.execute(all[version])
                try connection.execute("PRAGMA user_version = \(version + 1)")
            }
        }
    }
}

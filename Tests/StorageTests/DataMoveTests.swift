import Foundation
import Storage
import Testing
import TestSupport

/// `trakx move-data`: a SQLite file's lists, favourites, alerts, push key and kept answers land in PostgreSQL once,
/// and the sentence says what moved.
@Suite(.enabled(if: TestServices.postgresEnabled))
struct DataMoveTests {
    static let other = FavouriteListKey(hash: String(repeating: "c", count: 64))

    /// A SQLite file holding two lists with three favourites, two alerts (the first finished), a push key and an answer.
    static func fill(_ database: Database) async throws {
        let store = SQLFavouritesStore(database: database)
        _ = try await store.add(FavouriteStop(routeType: 0, stopID: 1071, stopName: "Flinders Street Station", ownName: "Work"))
        _ = try await store.add(FavouriteStop(routeType: 1, stopID: 2001, stopName: "Swanston St/Flinders St #1"), to: other, limit: 10)
        _ = try await store.add(FavouriteStop(routeType: 0, stopID: 1071, routeID: 14, directionID: 0, stopName: "Flinders Street Station",
                                              lineName: "Sandringham"), to: other, limit: 10)
        try await database.perform { db in
            for code in ["gone", "kept", "also"] {
                try db.run("""
                    INSERT INTO push_alert (stop_code, kind, route_type, stop_id, minutes, endpoint, p256dh, auth, created_at, expires_at)
                    VALUES (?, 'leave', 0, 1071, 5, 'https://push.example/1', 'key', 'auth', 1795728600, 1795732200)
                    """, [.text(code)])
            }
            try db.run("DELETE FROM push_alert WHERE stop_code = 'gone'")
            try db.run("INSERT INTO push_key (id, private_key, created_at) VALUES (1, 'private', 1795728600)")
            try db.run("INSERT INTO kept_answer (key, body, fetched_at) VALUES ('https://ptv/disruptions', '{}', 1795728600)")
        }
    }

    @Test func everythingMovesOnceAndTheSentenceSaysWhat() async throws {
        try await withTemporaryDirectory { folder in
            let source = try Database(path: folder + "/trakx.sqlite")
            defer { source.close() }
            try await Self.fill(source)
            try await withTemporaryPostgres { url in
                let target = try PostgresDatabase(url: url)
                defer { target.close() }
                let first = try await DataMove.move(from: source, to: target)
                #expect(first.sentence == "Moved 2 lists with 3 favourites, 2 alerts, 1 kept PTV answer and the push key.")
                let again = try await DataMove.move(from: source, to: target)
                #expect(again.sentence == "Moved 0 lists with 0 favourites, 0 alerts and 0 kept PTV answers.")
                for list in [FavouriteListKey.local, Self.other] {
                    let moved = try await SQLFavouritesStore(database: target).all(in: list)
                    #expect(moved == (try await SQLFavouritesStore(database: source).all(in: list)))
                }
                let alerts = try await target.withConnection { db in
                    try db.rows("SELECT id, stop_code FROM push_alert ORDER BY id", []).map { "\($0.int(0)) \($0.text(1) ?? "")" }
                }
                #expect(alerts == ["2 kept", "3 also"])
                // The next alert follows every id SQLite issued, the finished first one's too.
                let next = try await target.withConnection { db in
                    try db.integer("""
                        INSERT INTO push_alert (stop_code, kind, route_type, stop_id, endpoint, p256dh, auth, created_at, expires_at)
                        VALUES ('new', 'ride', 0, 1071, 'e', 'k', 'a', 0, 0) RETURNING id
                        """)
                }
                #expect(next == 4)
                let key = try await target.withConnection { try $0.rows("SELECT private_key FROM push_key", []).first?.text(0) }
                #expect(key == "private")
            }
        }
    }
}

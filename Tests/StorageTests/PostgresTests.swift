import Foundation
import Storage
import Synchronization
import Testing
import TestSupport

/// PostgreSQL's own behaviour: migrating once when instances start together, refusing a newer schema, saying the server
/// is unavailable (with no password in the words) and coming back by itself when it returns.
@Suite(.enabled(if: TestServices.postgresEnabled))
struct PostgresTests {
    /// Runs `sql` on `url` over a connection of its own.
    static func admin(_ url: String, _ sql: String) throws {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        try connection.execute(sql)
    }

    @Test func instancesStartingTogetherMigrateOnce() async throws {
        try await withTemporaryPostgres { url in
            // Each migration creates its tables without IF NOT EXISTS: a second run of any would fail.
            let opened = await withTaskGroup(of: Result<PostgresDatabase, any Error>.self) { group in
                for _ in 0 ..< 4 { group.addTask { Result { try PostgresDatabase(url: url) } } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let databases = try opened.map { try $0.get() }
            defer { databases.forEach { $0.close() } }
            #expect(databases.count == 4)
            let version = try await databases[0].withConnection { try $0.integer("SELECT version FROM schema_version") }
            #expect(version == Int64(PostgresMigrations.all.count))
            #expect(PostgresMigrations.all.count == Migrations.all.count)
        }
    }

    @Test func aDatabaseFromANewerTrakxIsRefusedUnchanged() async throws {
        try await withTemporaryPostgres { url in
            try Self.admin(url, "CREATE TABLE schema_version (id INTEGER PRIMARY KEY, version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1, 99)")
            #expect { try PostgresDatabase(url: url).close() } throws: { ($0 as? PostgresError)?.isNewerSchema == true }
            let connection = try PostgresConnection(url: url)
            defer { connection.close() }
            #expect(try PostgresMigrations.version(connection) == 99)
            #expect(try connection.integer("SELECT count(*) FROM information_schema.tables WHERE table_name = 'favourite_list'") == 0)
        }
    }

    @Test func anUnreachableServerIsUnavailableAndItsPasswordIsNeverSaid() throws {
        let url = "postgres://trakx:hunter2secret@127.0.0.1:1/trakx"
        #expect(PostgresURL.redacted(url) == "postgres://trakx:***@127.0.0.1:1/trakx")
        #expect(PostgresURL.redacted("postgres://h/db?user=a&password=hunter2secret&x=1") == "postgres://h/db?user=a&password=***&x=1")
        do {
            _ = try PostgresDatabase(url: url)
            Issue.record("a closed port opened")
        } catch let error as PostgresError {
            #expect(error.isUnavailable)
            #expect(!error.description.contains("hunter2secret"))
        }
    }

    /// `trakx serve` started while PostgreSQL cannot be reached comes up all the same (`waitForServer`): calls say the
    /// database is unavailable, and once the server answers the first connection migrates it and calls work, no restart.
    /// (The database not existing yet stands for the server being down: libpq refuses both at connect.)
    @Test func aServerNotThereAtStartIsMigratedWhenItFirstAnswers() async throws {
        let base = try TestServices.requirePostgres()
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let url = postgresURL(base, database: name)
        #expect { try PostgresDatabase(url: url).close() } throws: { ($0 as? PostgresError)?.isUnavailable == true }
        let database = try PostgresDatabase(url: url, backoff: .init(first: 0.05, most: 0.1), waitForServer: true)
        defer { database.close() }
        await #expect { try await database.withConnection { try $0.integer("SELECT 1") } } throws: {
            ($0 as? PostgresError)?.isUnavailable == true
        }
        try Self.admin(base, "CREATE DATABASE \(name)")
        defer { try? Self.admin(base, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        var version: Int64?
        try await waitUntil("the database to answer once made", within: .seconds(10)) {
            version = try? await database.withConnection { try $0.integer("SELECT version FROM schema_version") }
            return version != nil
        }
        #expect(version == Int64(PostgresMigrations.all.count))
        let lists = try await database.withConnection { try $0.integer("SELECT count(*) FROM favourite_list") }
        #expect(lists == 0)
    }

    @Test func whenTheServerGoesAwayCallsSayUnavailableThenWorkAgainWhenItIsBack() async throws {
        try await withTemporaryPostgres { url in
            let base = try TestServices.requirePostgres()
            let name = String(url.split(separator: "/").last ?? "")
            let told = Mutex<[Bool]>([])
            let database = try PostgresDatabase(url: url, backoff: .init(first: 0.05, most: 0.2)) { available, reason in
                told.withLock { $0.append(available) }
                #expect(available || reason.contains("unavailable"))
            }
            defer { database.close() }
            let store = SQLFavouritesStore(database: database)
            #expect(try await store.add(FavouriteStop(routeType: 0, stopID: 1071, stopName: "Flinders Street Station")))
            // The database refuses connections and every one it had is ended, as when the server stops.
            try Self.admin(base, "ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
            try Self.admin(base, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
            for _ in 0 ..< 3 {
                await #expect { try await store.all() } throws: { ($0 as? PostgresError)?.isUnavailable == true }
            }
            try Self.admin(base, "ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
            var back: [FavouriteStop]?
            for _ in 0 ..< 50 where back == nil {
                back = try? await store.all()
                if back == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(back?.map(\.stopID) == [1071])
            // Told once that it went, and once that it came back, for the log.
            #expect(told.withLock { $0 } == [false, true])
        }
    }

    @Test func onlyAPostgresURLChoosesPostgreSQL() async throws {
        #expect(PostgresURL.isPostgres("postgres://h/db") && PostgresURL.isPostgres("postgresql://h/db"))
        #expect(!PostgresURL.isPostgres("/var/lib/trakx/trakx.sqlite") && !PostgresURL.isPostgres("postgres.sqlite"))
        try await withTemporaryDirectory { folder in
            let database = try openDatabase(at: folder + "/postgres.sqlite")
            #expect(database is Database)
            await database.shutdown()
        }
        try await withTemporaryPostgres { url in
            let database = try openDatabase(at: url)
            #expect(database is PostgresDatabase)
            await database.shutdown()
        }
    }

    /// A version-1 database (favourite_stop only) upgrades in one go keeping every favourite, as a SQLite file does;
    /// an upgrade that fails half way leaves it exactly as it was (PostgreSQL's DDL is transactional too).
    @Test func aVersionOneDatabaseUpgradesKeepingItsFavouritesOrIsLeftAsItWas() async throws {
        let rows = """
            INSERT INTO favourite_stop VALUES (0, 1071, 'Flinders Street Station', 'Work', 1795728600000),
                (2, 13142, 'Bus stop', 'Home – “Café”', 1795728500000);
            """
        try await withTemporaryPostgres { url in
            let connection = try PostgresConnection(url: url)
            try PostgresMigrations.migrate(connection, to: 1)
            try connection.execute(rows)
            connection.close()
            let database = try PostgresDatabase(url: url)
            defer { database.close() }
            let all = try await SQLFavouritesStore(database: database).all()
            #expect(all.map(\.stopID) == [1071, 13142])
            #expect(all.map(\.ownName) == ["Work", "Home – “Café”"])
        }
        try await withTemporaryPostgres { url in
            let connection = try PostgresConnection(url: url)
            defer { connection.close() }
            try PostgresMigrations.migrate(connection, to: 1)
            try connection.execute(rows + "CREATE TABLE favourite (x INTEGER);")
            #expect(throws: PostgresError.self) { try PostgresDatabase(url: url).close() }
            #expect(try PostgresMigrations.version(connection) == 1)
            #expect(try connection.integer("SELECT count(*) FROM favourite_stop") == 2)
            #expect(try connection.integer("SELECT count(*) FROM information_schema.tables WHERE table_name = 'favourite_list'") == 0)
        }
    }
}

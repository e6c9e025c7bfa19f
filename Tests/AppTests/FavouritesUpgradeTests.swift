import App
import Foundation
import HTTPServer
import Logging
import Storage
import Testing
import TestSupport

/// Trakx started on a database from the previous schema keeps every favourite, or refuses to start and says why.
struct FavouritesUpgradeTests {
    /// A schema-version-1 file written with raw SQL, as the previous Trakx made it.
    static func writeVersion1(at path: String, extra: String = "") throws {
        try Version1Database.write(at: path, extra: extra)
    }

    @Test func aVersionOneDatabaseOpensWithEveryFavouriteAndItsName() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/old.sqlite"
            try Self.writeVersion1(at: path)
            try await TestApp.with(configure: { $0.databasePath = path }) { app in
                let page = try await app.get("/favourites").text
                #expect(page.contains("Work, Flinders Street Station"))
                #expect(page.contains("<h2>Train, 1</h2>") && page.contains("<h2>Tram, 1</h2>"))
                let home = try await app.get("/").text
                #expect(home.contains("Work, Flinders Street Station"))
            }
        }
    }

    @Test func aFailedUpgradeStopsStartUpSayingSoAndLeavesTheFile() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/blocked.sqlite"
            try Self.writeVersion1(at: path, extra: "CREATE TABLE favourite_list (x INTEGER);")
            var configuration = AppConfiguration(databasePath: path, templatesDirectory: repositoryRoot + "/Templates",
                                                 publicDirectory: repositoryRoot + "/Public",
                                                 ptvBaseURL: "http://127.0.0.1:9", ptvDevID: "1", ptvKey: "k", fixedNow: fixedNow)
            configuration.server.port = 0
            do {
                let app = try buildApplication(configuration: configuration, logger: Logger(label: "upgrade-test"))
                await app.shutdown()
                Issue.record("Trakx started on a database it could not upgrade")
            } catch {
                let message = String(describing: error)
                #expect(message.contains("Could not open the database at \(path)"))
                #expect(message.contains("from schema version 1 to \(Migrations.all.count) failed"))
                #expect(message.contains("the file was left as it was"))
            }
            let connection = try SQLiteConnection(path: path)
            defer { connection.close() }
            #expect(try connection.userVersion == 1)
            let statement = try connection.prepare("SELECT COUNT(*) FROM favourite_stop")
            #expect(try statement.step() && statement.int(0) == 2)
        }
    }
}

import App
import Foundation
import Storage
import Testing
import TestSupport

/// Limits that say so: 100 favourites a list, and a few new lists a minute per address on a shared server.
struct FavouritesLimitTests {
    /// A version 2 export file with `count` bus stops.
    static func file(count: Int, from first: Int = 1) -> String {
        let entries = (first ..< first + count).map { #"{"mode":"bus","stop_id":\#($0),"stop_name":"Stop \#($0)"}"# }
        return #"{"format":"trakx-favourites","version":2,"favourites":["# + entries.joined(separator: ",") + "]}"
    }

    static func count(_ app: TestApp) async throws -> Int {
        try await SQLiteFavouritesStore(database: app.app.database).all().count
    }

    @Test func aListHoldsAHundredAndSaysSoWithoutWritingHalf() async throws {
        try await TestApp.with { app in
            let browser = Browser(port: app.port)
            let tooMany = try await browser.upload(Self.file(count: 101))
            #expect(tooMany.status == 400)
            #expect(tooMany.text.contains("Importing that file would give your list 101 favourites, but a list holds at most 100. Nothing was changed."))
            #expect(try await Self.count(app) == 0)
            #expect(try await browser.upload(Self.file(count: 100)).status == 303)
            #expect(try await Self.count(app) == 100)
            let more = try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
            #expect(more.status == 400)
            #expect(more.text.contains("already holds 100, the most it can"))
            #expect(try await Self.count(app) == 100)
            // Starring one already there is fine.
            #expect(try await browser.post("/favourites", form: [("mode", "bus"), ("stop_id", "7")]).status == 303)
            #expect(try await browser.get("/favourites").text.contains("A list holds at most 100 favourites."))
        }
    }

    @Test func aSharedServerStartsOnlyAFewListsAMinutePerAddress() async throws {
        try await TestApp.shared(perMinute: 2) { app in
            for _ in 0 ..< 2 {
                #expect(try await Browser(port: app.port).post("/favourites", form: [("mode", "train"), ("stop_id", "1071")]).status == 303)
            }
            let third = Browser(port: app.port)
            let refused = try await third.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
            #expect(refused.status == 429)
            #expect(refused.text.contains("Too many new favourites lists were started from your network in the last minute"))
            #expect(refused.text.contains("<title>Too many just now, Trakx</title>"))
            #expect(third.cookies["trakx_list"] == nil)
            let importRefused = try await third.upload(Self.file(count: 2))
            #expect(importRefused.status == 429)
            let lists = try await app.app.database.withConnection { db in try db.integer("SELECT COUNT(*) FROM favourite_list") ?? -1 }
            #expect(lists == 2)
        }
    }
}

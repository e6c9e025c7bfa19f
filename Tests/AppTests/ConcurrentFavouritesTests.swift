import App
import Foundation
import PTV
import PTVSimulator
import Storage
import Testing
import TestSupport

/// Saved data under concurrency: many browsers changing favourites at once end exactly where a serial model says.
struct ConcurrentFavouritesTests {
    static let clients = 32
    // 3,200 changes a run, 32 at a time: 200 each doubled the CPU of `make test`'s longest suite, not the interleavings.
    static let operationsPerClient = 100
    static let stopsPerClient = 4

    /// One favourite change and what the model says it must answer.
    enum Operation: Sendable {
        case add(mode: String, stopID: Int)
        case rename(mode: String, stopID: Int, name: String)
        case remove(mode: String, stopID: Int)
    }

    /// On one list, and with `--shared` (32 browsers, each on its own list, all changing the same four stops at
    /// once): each list ends exactly as that browser's serial model predicts, and no change lands in another
    /// browser's list.
    @Test(.timeLimit(.minutes(3)), arguments: [false, true])
    func concurrentClientsEndInTheStateASerialModelPredicts(shared: Bool) async throws {
        let seed = SeededGenerator.seed(from: "TRAKX_STORAGE_SEED")
        print("ConcurrentFavouritesTests (shared: \(shared)) seed \(seed) (replay with TRAKX_STORAGE_SEED=\(seed))")
        try await TestApp.with(configure: { configuration in
            configuration.sharedFavourites = shared
            configuration.listsPerMinutePerAddress = 100_000
            // One list holds every client's stops here (128), beyond the usual 100 a list may hold.
            configuration.favouritesPerList = Self.clients * Self.stopsPerClient
        }) { app in
            let simulator = try #require(app.simulator)
            // Real stops with a mode that serves them, so each official name is fetched once and then cached.
            let stops: [(RouteType, Int)] = simulator.network.stops.compactMap { stop in
                simulator.network.routeTypes(atStop: stop.stopID).first.map { ($0, stop.stopID) }
            }
            try #require(stops.count >= Self.clients * Self.stopsPerClient, "the demo network has \(stops.count) stops")
            let port = app.port
            let failures = Collector<String>()
            let models = Collector<ClientModel>()

            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0 ..< Self.clients {
                    // One list: each client owns its stops. Shared: every client changes the same stops in its own list.
                    let first = shared ? 0 : client * Self.stopsPerClient
                    let owns = stops[first ..< first + Self.stopsPerClient]
                        .map { OwnedStop(slug: $0.0.slug ?? "bus", routeType: $0.0.rawValue, stopID: $0.1) }
                    group.addTask {
                        try await onThread {
                            var generator = SeededGenerator(seed: seed &+ UInt64(client))
                            let session = try Self.session(port: port)
                            var cookie = session.cookie
                            var model: [String: String?] = [:]
                            for index in 0 ..< Self.operationsPerClient {
                                let stop = owns.randomElement(using: &generator)!
                                let key = "\(stop.routeType)/\(stop.stopID)"
                                let roll = Int.random(in: 0 ..< 10, using: &generator)
                                let target: String
                                var fields: [(String, String)] = [("token", session.token)]
                                let expected: Int
                                if roll < 4 {
                                    target = "/favourites"
                                    fields += [("mode", stop.slug), ("stop_id", String(stop.stopID))]
                                    if model[key] == nil { model[key] = .some(nil) }
                                    expected = 303
                                } else if roll < 8 {
                                    let name = ["", "Home \(client)-\(index)", "Café \(index) – Bahnhof ✓", String(repeating: "n", count: 60)]
                                        .randomElement(using: &generator)!
                                    target = "/favourites/\(stop.slug)/\(stop.stopID)/rename"
                                    fields.append(("name", name))
                                    if model[key] != nil {
                                        model[key] = .some(name.isEmpty ? nil : name)
                                        expected = 303
                                    } else {
                                        expected = 404
                                    }
                                } else {
                                    target = "/favourites/\(stop.slug)/\(stop.stopID)/remove"
                                    model[key] = nil
                                    expected = 303
                                }
                                let body = Browser.urlencoded(fields)
                                let request = RawHTTP.message("POST", target, host: "127.0.0.1:\(port)", headers: [
                                    ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", cookie),
                                    ("Origin", "http://127.0.0.1:\(port)"),
                                ], body: Array(body.utf8))
                                let response = try RawHTTP.exchange(request, port: port, timeout: 30)
                                if response.status != expected {
                                    failures.append("client \(client) op \(index) POST \(target): \(response.status), expected \(expected)")
                                }
                                if response.text.localizedCaseInsensitiveContains("database is locked") || response.text.contains("SQLITE") {
                                    failures.append("client \(client) op \(index) POST \(target): database error in the page")
                                }
                                // A shared server names the browser's list in a cookie the first time it stores one.
                                if let list = response.header("Set-Cookie"), list.hasPrefix("trakx_list="), let pair = list.split(separator: ";").first {
                                    if !cookie.contains("trakx_list=") { cookie += "; " + pair } else if !cookie.contains(String(pair)) {
                                        failures.append("client \(client) op \(index): its list id changed")
                                    }
                                }
                            }
                            models.append(ClientModel(cookie: cookie, favourites: model))
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(failures.all.isEmpty, "\(failures.all.count) failures: \(failures.all.prefix(10))")
            #expect(models.all.count == Self.clients)
            if shared {
                try await Self.checkEachList(app, models.all)
            } else {
                var predicted: [String: String?] = [:]
                for model in models.all { predicted.merge(model.favourites) { first, _ in first } }
                let saved = try await SQLiteFavouritesStore(database: app.app.database).all()
                #expect(Self.difference(saved: saved, predicted: predicted, count: saved.count).isEmpty)
            }

            // The favourites page shows every saved stop, and the database is still healthy.
            let page = try await app.get("/favourites")
            #expect(page.status == 200)
            let integrity = try await app.app.database.withConnection { db in
                try db.rows("PRAGMA integrity_check", []).first?.text(0) ?? ""
            }
            #expect(integrity == "ok")
        }
    }

    /// Shared server: each browser's export is exactly its model; the database holds one list per non-empty
    /// model and nothing else (no local list, no empty lists).
    static func checkEachList(_ app: TestApp, _ models: [ClientModel]) async throws {
        for (client, model) in models.enumerated() {
            let export = try await app.get("/favourites/export", headers: [("Cookie", model.cookie)])
            let file = try JSONSerialization.jsonObject(with: Data(export.body)) as? [String: Any]
            let entries = file?["favourites"] as? [[String: Any]] ?? []
            let saved = entries.compactMap { entry -> FavouriteStop? in
                guard let mode = (entry["mode"] as? String).flatMap(RouteType.init(slug:)), let stop = entry["stop_id"] as? Int else { return nil }
                return FavouriteStop(routeType: mode.rawValue, stopID: stop, stopName: "", ownName: entry["name"] as? String)
            }
            let differences = difference(saved: saved, predicted: model.favourites, count: entries.count)
            #expect(differences.isEmpty, "client \(client): \(differences)")
        }
        let store = SQLiteFavouritesStore(database: app.app.database)
        #expect(try await store.all().isEmpty, "a shared server wrote to the local list")
        let (lists, rows) = try await app.app.database.withConnection { db -> (Int64, Int64) in
            let row = try db.rows("SELECT (SELECT COUNT(*) FROM favourite_list), (SELECT COUNT(*) FROM favourite)", []).first
            return row.map { ($0.int(0), $0.int(1)) } ?? (-1, -1)
        }
        #expect(lists == Int64(models.filter { !$0.favourites.isEmpty }.count))
        #expect(rows == Int64(models.map(\.favourites.count).reduce(0, +)))
    }

    /// Keys whose saved own name differs from the prediction (also reports duplicate rows).
    static func difference(saved: [FavouriteStop], predicted: [String: String?], count: Int) -> [String] {
        var actual: [String: String?] = [:]
        for favourite in saved { actual["\(favourite.routeType)/\(favourite.stopID)"] = .some(favourite.ownName) }
        var problems = Set(actual.keys).union(predicted.keys).filter { actual[$0] != predicted[$0] }.sorted()
            .prefix(10).map { "\($0): saved \(String(describing: actual[$0])) predicted \(String(describing: predicted[$0]))" }
        if count != actual.count { problems.append("\(count - actual.count) duplicate rows") }
        return problems
    }

    /// What one client ended with: its cookies and its model of its list.
    struct ClientModel: Sendable {
        let cookie: String
        let favourites: [String: String?]
    }

    struct OwnedStop: Sendable {
        let slug: String
        let routeType, stopID: Int
    }

    /// A browser holding a form token and cookie from the search form (no PTV call), loaded on the calling plain thread.
    static func session(port: UInt16) throws -> Browser {
        let browser = Browser(port: port)
        _ = try browser.getBlocking("/search")
        guard !browser.token.isEmpty else { throw TestFailure("no form cookie on /search") }
        return browser
    }
}

import App
import Foundation
import PTV
import PTVSimulator
import Storage
import Testing
import TestSupport

/// Saved data under concurrency: many browsers changing favourites at once end exactly where a serial model says.
struct HardeningStorageTests {
    static let clients = 32
    static let operationsPerClient = 200
    static let stopsPerClient = 4

    /// One favourite change and what the model says it must answer.
    enum Operation: Sendable {
        case add(mode: String, stopID: Int)
        case rename(mode: String, stopID: Int, name: String)
        case remove(mode: String, stopID: Int)
    }

    @Test(.timeLimit(.minutes(3)))
    func concurrentClientsEndInTheStateASerialModelPredicts() async throws {
        let seed = SeededGenerator.seed(from: "TRAKX_STORAGE_SEED")
        print("HardeningStorageTests seed \(seed) (replay with TRAKX_STORAGE_SEED=\(seed))")
        try await TestApp.with { app in
            let simulator = try #require(app.app.simulator)
            // Real stops with a mode that serves them, so each official name is fetched once and then cached.
            let stops: [(RouteType, Int)] = simulator.network.stops.compactMap { stop in
                simulator.network.routeTypes(atStop: stop.stopID).first.map { ($0, stop.stopID) }
            }
            try #require(stops.count >= Self.clients * Self.stopsPerClient, "the demo network has \(stops.count) stops")
            let port = app.port
            let failures = Collector<String>()
            let models = Collector<[String: String?]>()  // "type/stop" → own name, per client

            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0 ..< Self.clients {
                    let owned = Array(stops[(client * Self.stopsPerClient) ..< ((client + 1) * Self.stopsPerClient)])
                        .map { ($0.0.slug ?? "bus", $0.0.rawValue, $0.1) }
                    let owns = owned.map { OwnedStop(slug: $0.0, routeType: $0.1, stopID: $0.2) }
                    group.addTask {
                        try await onThread {
                            var generator = SeededGenerator(seed: seed &+ UInt64(client))
                            let session = try Self.session(port: port)
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
                                let body = fields.map { PercentEncodingForTests.encode($0.0) + "=" + PercentEncodingForTests.encode($0.1) }
                                    .joined(separator: "&")
                                let request = Wire.request("POST", target, host: "127.0.0.1:\(port)", headers: [
                                    ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", session.cookie),
                                    ("Origin", "http://127.0.0.1:\(port)"),
                                ], body: Array(body.utf8))
                                let response = try Wire.exchange(request, port: port, timeout: 30)
                                if response.status != expected {
                                    failures.append("client \(client) op \(index) POST \(target): \(response.status), expected \(expected)")
                                }
                                if response.text.localizedCaseInsensitiveContains("database is locked") || response.text.contains("SQLITE") {
                                    failures.append("client \(client) op \(index) POST \(target): database error in the page")
                                }
                            }
                            models.append(model)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(failures.all.isEmpty, "\(failures.all.count) failures: \(failures.all.prefix(10))")

            var predicted: [String: String?] = [:]
            for model in models.all { predicted.merge(model) { first, _ in first } }
            let saved = try await SQLiteFavouritesStore(database: app.app.database).all()
            var actual: [String: String?] = [:]
            for favourite in saved { actual["\(favourite.routeType)/\(favourite.stopID)"] = .some(favourite.ownName) }
            #expect(models.all.count == Self.clients)
            #expect(saved.count == actual.count, "duplicate rows")
            #expect(actual.count == predicted.count)
            let differences = Set(actual.keys).union(predicted.keys).filter { actual[$0] != predicted[$0] }.sorted()
            #expect(differences.isEmpty, "\(differences.prefix(10).map { "\($0): saved \(String(describing: actual[$0])) predicted \(String(describing: predicted[$0]))" })")

            // The favourites page shows every saved stop, and the database is still healthy.
            let page = try await app.fetch("/favourites")
            #expect(page.status == 200)
            let integrity = try await app.app.database.perform { db -> String in
                let statement = try db.prepare("PRAGMA integrity_check")
                return try statement.step() ? statement.text(0) ?? "" : ""
            }
            #expect(integrity == "ok")
        }
    }

    struct OwnedStop: Sendable {
        let slug: String
        let routeType: Int
        let stopID: Int
    }

    /// A form token and cookie from any page (the search form is the cheapest), fetched on the calling plain thread.
    static func session(port: UInt16) throws -> Session {
        let page = try Wire.exchange(Wire.request("GET", "/search", host: "127.0.0.1:\(port)"), port: port, timeout: 30)
        let cookie = try require_(page.header("Set-Cookie")?.split(separator: ";").first.map(String.init), "form cookie")
        return Session(token: String(cookie.split(separator: "=")[1]), cookie: cookie)
    }
}

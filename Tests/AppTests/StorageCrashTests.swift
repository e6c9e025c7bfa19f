import App
import Foundation
import PTVSimulator
import Storage
import Synchronization
import Testing
import TestSupport

/// The real `trakx serve` binary killed with SIGKILL while favourites are being written, twenty times on one
/// database file: the file stays intact and every write that was answered is still there.
struct StorageCrashTests {
    static let cycles = 20
    static let writers = 4

    /// On one list, and with `--shared` (each writer a browser with its own list, kept across the kills): every
    /// answered write is still there, in that browser's list and in no other.
    @Test(.timeLimit(.minutes(4)), arguments: [false, true])
    func sigkillMidWriteKeepsEveryAnsweredFavouriteAndAnIntactFile(shared: Bool) async throws {
        let binary = repositoryRoot + "/.build/debug/trakx"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the trakx binary first (swift build)")
        let seed = SeededGenerator.seed(from: "TRAKX_CRASH_SEED")
        print("StorageCrashTests (shared: \(shared)) seed \(seed) (replay with TRAKX_CRASH_SEED=\(seed))")
        var generator = SeededGenerator(seed: seed)
        var environment = ProcessInfo.processInfo.environment
        for name in ["PTV_DEVID", "PTV_KEY", "PTV_BASE_URL"] { environment.removeValue(forKey: name) }
        let childEnvironment = environment

        try await withTemporaryDirectory { folder in
            let path = folder + "/crash.sqlite"
            var acknowledged = Set<Int>()
            var attempted = 0
            let lists = (0 ..< Self.writers).map { _ in ListCookie() }
            var answeredBy = [Set<Int>](repeating: [], count: Self.writers)
            for cycle in 0 ..< Self.cycles {
                let child = try ChildProcess.launch(binary, arguments: [
                    "serve", "--host", "127.0.0.1", "--port", "0", "--database", path,
                    "--templates", repositoryRoot + "/Templates", "--public", repositoryRoot + "/Public",
                    "--seed", "7", "--log-level", "error", "--favourites-per-list", "1000000",
                ] + (shared ? ["--shared", "--lists-per-minute", "100000"] : []), environment: childEnvironment, errorLog: folder + "/cycle-\(cycle).log")
                let ready = try await onThread { child.waitForLine(containing: "Trakx is running at http://127.0.0.1:", timeout: 30) }
                guard let ready, let port = UInt16(ready.split(separator: ":").last?.filter(\.isNumber) ?? "") else {
                    child.kill()
                    _ = try await onThread { child.waitForExit(timeout: 10) }
                    let log = (try? String(contentsOfFile: folder + "/cycle-\(cycle).log", encoding: .utf8)) ?? ""
                    Issue.record("cycle \(cycle): trakx did not start: \(child.standardOutput) \(log.suffix(2000))")
                    return
                }
                let session = try await onThread { try ConcurrentFavouritesTests.session(port: port) }
                let stop = StopFlag()
                let answered = Collector<Int>()
                let sent = Collector<Int>()
                // A write takes a few milliseconds here, so any moment from 0.1 s on finds the four writers mid-write:
                // a longer window adds writes (the CPU of make test), not kinds of moment.
                let killAfter = Double.random(in: 0.1 ... 0.4, using: &generator)

                async let writes: Void = withThrowingTaskGroup(of: Void.self) { group in
                    for writer in 0 ..< Self.writers {
                        group.addTask {
                            try await onThread {
                                var n = 0
                                while !stop.isSet {
                                    let stopID = cycle * 100_000 + writer * 10_000 + n + 1
                                    n += 1
                                    let body = "token=\(session.token)&mode=bus&stop_id=\(stopID)&name=w\(writer)"
                                    let request = RawHTTP.message("POST", "/favourites", host: "127.0.0.1:\(port)", headers: [
                                        ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", session.cookie + lists[writer].header),
                                        ("Origin", "http://127.0.0.1:\(port)"),
                                    ], body: Array(body.utf8))
                                    sent.append(stopID)
                                    guard let response = try? RawHTTP.exchange(request, port: port, timeout: 10) else { break }
                                    if let cookie = response.header("Set-Cookie"), cookie.hasPrefix("trakx_list=") { lists[writer].remember(cookie) }
                                    if response.status == 303 { answered.append(stopID) }
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                try await Task.sleep(for: .milliseconds(Int(killAfter * 1000)))
                child.kill(SIGKILL)
                stop.set()
                try await writes
                let exited = try await onThread { child.waitForExit(timeout: 10) }
                #expect(exited, "cycle \(cycle): trakx still running after SIGKILL")
                acknowledged.formUnion(answered.all)
                for stopID in answered.all { answeredBy[stopID % 100_000 / 10_000].insert(stopID) }
                attempted += sent.all.count

                let database = try Database(path: path)
                do {
                    let integrity = try await database.perform { db -> String in
                        let statement = try db.prepare("PRAGMA integrity_check")
                        return try statement.step() ? statement.text(0) ?? "" : ""
                    }
                    #expect(integrity == "ok", "cycle \(cycle): \(integrity)")
                    let store = SQLiteFavouritesStore(database: database)
                    var saved = Set(try await store.all().map(\.stopID))
                    if shared {
                        #expect(saved.isEmpty, "a shared server wrote to the local list")
                        for writer in 0 ..< Self.writers {
                            guard let key = lists[writer].key else { continue }
                            let own = Set(try await store.all(in: key).map(\.stopID))
                            #expect(own.allSatisfy { $0 % 100_000 / 10_000 == writer }, "cycle \(cycle): writer \(writer)'s list has others' stops")
                            let lost = answeredBy[writer].subtracting(own)
                            #expect(lost.isEmpty, "cycle \(cycle): writer \(writer) lost \(lost.count) answered writes from its own list")
                            saved.formUnion(own)
                        }
                    }
                    let lost = acknowledged.subtracting(saved)
                    #expect(lost.isEmpty, "cycle \(cycle) (killed after \(killAfter) s): \(lost.count) answered writes lost, e.g. \(lost.sorted().prefix(5))")
                    // Nothing appears that was never sent.
                    #expect(saved.subtracting(Set(sent.all)).filter { $0 / 100_000 == cycle }.isEmpty)
                } catch {
                    database.close()
                    throw error
                }
                database.close()
            }
            print("StorageCrashTests (shared: \(shared)): \(Self.cycles) kills, \(attempted) writes sent, \(acknowledged.count) answered and all kept")
            #expect(acknowledged.count >= Self.cycles, "too few writes were answered to prove anything")
        }
    }
}

/// One browser's `trakx_list` cookie, learnt from the server's answer and kept across restarts.
final class ListCookie: Sendable {
    private let value = Mutex<String?>(nil)

    /// Keeps the id from a `Set-Cookie: trakx_list=…` line.
    func remember(_ line: String) {
        guard let pair = line.split(separator: ";").first else { return }
        value.withLock { $0 = String(pair.dropFirst("trakx_list=".count)) }
    }

    /// "; trakx_list=…" to append to a Cookie header, or "".
    var header: String { value.withLock { $0.map { "; trakx_list=\($0)" } ?? "" } }

    /// The list's storage key.
    var key: FavouriteListKey? { value.withLock { $0.flatMap(FavouriteListKey.init(listID:)) } }
}

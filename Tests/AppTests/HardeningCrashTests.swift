import App
import Foundation
import PTVSimulator
import Storage
import Testing
import TestSupport

/// The real `trakx serve` binary killed with SIGKILL while favourites are being written, twenty times on one
/// database file: the file stays intact and every write that was answered is still there.
struct HardeningCrashTests {
    static let cycles = 20
    static let writers = 4

    @Test(.timeLimit(.minutes(4)))
    func sigkillMidWriteKeepsEveryAnsweredFavouriteAndAnIntactFile() async throws {
        let binary = repositoryRoot + "/.build/debug/trakx"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the trakx binary first (swift build)")
        let seed = SeededGenerator.seed(from: "TRAKX_CRASH_SEED")
        print("HardeningCrashTests seed \(seed) (replay with TRAKX_CRASH_SEED=\(seed))")
        var generator = SeededGenerator(seed: seed)
        var environment = ProcessInfo.processInfo.environment
        for name in ["PTV_DEVID", "PTV_KEY", "PTV_BASE_URL"] { environment.removeValue(forKey: name) }
        let childEnvironment = environment

        try await withTemporaryDirectory { folder in
            let path = folder + "/crash.sqlite"
            var acknowledged = Set<Int>()
            var attempted = 0
            for cycle in 0 ..< Self.cycles {
                let child = try ChildProcess.launch(binary, arguments: [
                    "serve", "--host", "127.0.0.1", "--port", "0", "--database", path,
                    "--templates", repositoryRoot + "/Templates", "--public", repositoryRoot + "/Public",
                    "--seed", "7", "--log-level", "error",
                ], environment: childEnvironment, errorLog: folder + "/cycle-\(cycle).log")
                let ready = try await onThread { child.waitForLine(containing: "Trakx is running at http://127.0.0.1:", timeout: 30) }
                guard let ready, let port = UInt16(ready.split(separator: ":").last?.filter(\.isNumber) ?? "") else {
                    child.kill()
                    _ = try await onThread { child.waitForExit(timeout: 10) }
                    let log = (try? String(contentsOfFile: folder + "/cycle-\(cycle).log", encoding: .utf8)) ?? ""
                    Issue.record("cycle \(cycle): trakx did not start: \(child.standardOutput) \(log.suffix(2000))")
                    return
                }
                let session = try await onThread { try HardeningStorageTests.session(port: port) }
                let stop = StopFlag()
                let answered = Collector<Int>()
                let sent = Collector<Int>()
                let killAfter = Double.random(in: 0.15 ... 0.8, using: &generator)

                async let writes: Void = withThrowingTaskGroup(of: Void.self) { group in
                    for writer in 0 ..< Self.writers {
                        group.addTask {
                            try await onThread {
                                var n = 0
                                while !stop.isSet {
                                    let stopID = cycle * 100_000 + writer * 10_000 + n + 1
                                    n += 1
                                    let body = "token=\(session.token)&mode=bus&stop_id=\(stopID)&name=w\(writer)"
                                    let request = Wire.request("POST", "/favourites", host: "127.0.0.1:\(port)", headers: [
                                        ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", session.cookie),
                                        ("Origin", "http://127.0.0.1:\(port)"),
                                    ], body: Array(body.utf8))
                                    sent.append(stopID)
                                    guard let response = try? Wire.exchange(request, port: port, timeout: 10) else { break }
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
                attempted += sent.all.count

                let database = try Database(path: path)
                do {
                    let integrity = try await database.perform { db -> String in
                        let statement = try db.prepare("PRAGMA integrity_check")
                        return try statement.step() ? statement.text(0) ?? "" : ""
                    }
                    #expect(integrity == "ok", "cycle \(cycle): \(integrity)")
                    let saved = Set(try await SQLiteFavouritesStore(database: database).all().map(\.stopID))
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
            print("HardeningCrashTests: \(Self.cycles) kills, \(attempted) writes sent, \(acknowledged.count) answered and all kept")
            #expect(acknowledged.count >= Self.cycles, "too few writes were answered to prove anything")
        }
    }
}

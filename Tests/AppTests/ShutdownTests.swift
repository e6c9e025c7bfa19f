import App
import Foundation
import Testing
import TestSupport

/// A stopped Trakx leaves nothing running: the database's thread and the PTV client's transfer threads end
/// with it (tests start and stop dozens of apps in one process).
struct ShutdownTests {
    @Test func aStoppedAppLeavesNoThreadOfItsOwn() async throws {
        var threads: Set<Int32> = []
        try await TestApp.with { (app: TestApp) async throws in
            // A cold stop page (PTV transfers) and a favourite (SQLite) start both pools' threads.
            #expect(try await app.get("/stops/train/1071").status == 200)
            #expect(try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")]).status == 303)
            threads = app.app.threadIDs
            #expect(threads.count >= 2)
        }
        #expect(await threadsStillRunning(threads).isEmpty)
    }
}

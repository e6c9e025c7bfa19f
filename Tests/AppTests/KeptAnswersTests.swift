import Foundation
import PTV
import Storage
import Testing
import TestSupport
@testable import App

/// PTV's list of every disruption is kept in the database on both engines, a newer copy replacing the older.
struct KeptAnswersTests {
    @Test(arguments: StorageEngine.all) func aKeptAnswerIsReplacedByANewerOne(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let work = BackgroundWork()
            let kept = KeptAnswers(database: database, baseURL: "http://ptv.test", now: { fixedNow }, work: work)
            #expect(KeptAnswers.kept.request.pathAndQuery.hasPrefix("/v3/disruptions"))
            let key = "http://ptv.test" + KeptAnswers.kept.request.pathAndQuery
            let read = { try await database.withConnection { db in try db.rows("SELECT body FROM kept_answer WHERE key = ?", [.text(key)]).first?.text(0) } }
            // Each write is tracked: waited for by its handle, not by polling.
            kept.keep(KeptAnswers.kept.request, body: Array("first".utf8), at: fixedNow)
            await work.settled()
            #expect(try await read() == "first")
            kept.keep(KeptAnswers.kept.request, body: Array("second".utf8), at: fixedNow.addingTimeInterval(60))
            await work.settled()
            #expect(try await read() == "second")
            let rows = try await database.withConnection { db in try db.integer("SELECT count(*) FROM kept_answer") }
            #expect(rows == 1)
        }
    }
}

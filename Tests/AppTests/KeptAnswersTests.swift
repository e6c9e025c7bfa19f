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
            let kept = KeptAnswers(database: database, baseURL: "http://ptv.test", now: { fixedNow })
            #expect(KeptAnswers.kept.request.pathAndQuery.hasPrefix("/v3/disruptions"))
            let key = "http://ptv.test" + KeptAnswers.kept.request.pathAndQuery
            kept.keep(KeptAnswers.kept.request, body: Array("first".utf8), at: fixedNow)
            var read: String?
            for _ in 0 ..< 100 where read == nil {
                read = try await database.withConnection { db in try db.rows("SELECT body FROM kept_answer WHERE key = ?", [.text(key)]).first?.text(0) }
                if read == nil { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(read == "first")
            kept.keep(KeptAnswers.kept.request, body: Array("second".utf8), at: fixedNow.addingTimeInterval(60))
            for _ in 0 ..< 100 where read != "second" {
                try await Task.sleep(for: .milliseconds(20))
                read = try await database.withConnection { db in try db.rows("SELECT body FROM kept_answer WHERE key = ?", [.text(key)]).first?.text(0) }
            }
            #expect(read == "second")
            let rows = try await database.withConnection { db in try db.integer("SELECT count(*) FROM kept_answer") }
            #expect(rows == 1)
        }
    }
}

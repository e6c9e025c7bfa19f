import Foundation
import PTV
import Storage

/// PTV's list of every disruption, kept in the database across restarts. Real answers name disruptions by id only, so
/// the first pages after a restart could say only that their details were asked for; now a copy up to
/// `Ask.disruptionTextDated` old goes back into the cache at start, and pages say its texts dated, as after a quiet
/// spell, while a fresh list is learnt. Kept by PTV's address, so a copy from another PTV is never said.
struct KeptAnswers: Sendable {
    let database: any SQLDatabase
    /// PTV's address.
    let baseURL: String
    /// The clock.
    let now: @Sendable () -> Date
    /// Where each write is tracked until it is done (shutdown finishes it; tests wait for it by this handle).
    let work: BackgroundWork

    /// The question kept.
    static let kept = PTVQuery.disruptions()

    /// Its cache key, which every answer the client hands over is compared with.
    private static let keptKey = kept.request.cacheKey

    private var key: String { baseURL + Self.kept.request.pathAndQuery }

    /// Keeps `body` when it answers the kept question (written on the database's thread, tracked in `work`, not waited
    /// for).
    /// - Parameters:
    ///   - request: What it answers.
    ///   - body: The body as PTV sent it.
    ///   - time: When.
    func keep(_ request: PTVRequest, body: [UInt8], at time: Date) {
        guard request.cacheKey == Self.keptKey else { return }
        let values: [SQLiteValue] = [.text(key), .text(String(decoding: body, as: UTF8.self)), .integer(Int64(time.timeIntervalSince1970))]
        work.start { [database] in
            _ = try? await database.withConnection { db in
                try db.run("""
                    INSERT INTO kept_answer (key, body, fetched_at) VALUES (?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                    """, values)
            }
        }
    }

    /// Puts the kept copy into `client`'s cache when it is no older than `Ask.disruptionTextDated`.
    /// - Returns: Whether a copy was put back.
    @discardableResult
    func restore(into client: PTVClient) async -> Bool {
        let key = self.key
        let kept = try? await database.withConnection { db -> (String, Int64)? in
            guard let row = try db.rows("SELECT body, fetched_at FROM kept_answer WHERE key = ?", [.text(key)]).first,
                  let body = row.text(0) else { return nil }
            return (body, row.int(1))
        }
        guard let (body, seconds) = kept ?? nil else { return false }
        let fetchedAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        let now = now()
        guard now.timeIntervalSince(fetchedAt) < Ask.disruptionTextDated, fetchedAt <= now else { return false }
        return (try? client.restore(Self.kept, body: Array(body.utf8), fetchedAt: fetchedAt)) != nil
    }
}

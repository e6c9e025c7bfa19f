import Foundation
import Storage
import WebPush

/// Notifications decided and not yet answered (`alert_outbox`, migration 7), the same statements on both engines.
extension SQLAlertStore {
    private static let outgoingColumns = "id, alert_id, payload, ttl, urgency, topic, endpoint, p256dh, auth, expires_at"

    func record(_ step: AlertStep, for alert: Alert, outgoing: OutgoingPush?, holder: String, heldUntil: Date) async throws -> [OutgoingPush]? {
        try await database.withConnection { db in
            try db.transaction { () throws -> [OutgoingPush]? in
                // Compare and set: of two instances deciding the same step, one changes the row and the other finds
                // it moved on, and sends nothing.
                let changed = step.done
                    ? try db.run("DELETE FROM push_alert WHERE id = ? AND sent = ?", [.integer(alert.id), .text(alert.sent)])
                    : try db.run("UPDATE push_alert SET sent = ? WHERE id = ? AND sent = ?", [.text(step.sent), .integer(alert.id), .text(alert.sent)])
                guard changed > 0 else { return nil }
                guard var outgoing else { return [] }
                // A newer notice of the same alert supersedes one not yet answered (its sender died, or is still
                // trying): "Get ready" is never sent after "You are at" (a push service replaces an undelivered
                // message of the same Topic the same way).
                try db.run("DELETE FROM alert_outbox WHERE alert_id = ?", [.integer(outgoing.alertID)])
                let id = try db.integer("""
                    INSERT INTO alert_outbox (alert_id, payload, ttl, urgency, topic, endpoint, p256dh, auth, holder, held_until, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                    """, [.integer(outgoing.alertID), .text(String(decoding: outgoing.message.payload, as: UTF8.self)),
                          .integer(Int64(outgoing.message.ttl)), .text(outgoing.message.urgency.rawValue),
                          .text(outgoing.message.topic ?? ""), .text(outgoing.subscription.endpoint),
                          .text(outgoing.subscription.p256dh), .text(outgoing.subscription.auth), .text(holder),
                          .integer(Self.seconds(heldUntil)), .integer(Self.seconds(outgoing.expiresAt))])
                outgoing.id = id ?? 0
                return [outgoing]
            }
        }
    }

    func claimOutgoing(holder: String, until: Date, now: Date) async throws -> [OutgoingPush] {
        try await database.withConnection { db in
            try db.run("DELETE FROM alert_outbox WHERE expires_at <= ?", [.integer(Self.seconds(now))])
            // One statement: on PostgreSQL the update locks each row, so of two instances claiming at once the second,
            // rechecking `held_until`, gets none of the first one's rows.
            return try db.rows("""
                UPDATE alert_outbox SET holder = ?, held_until = ? WHERE held_until <= ? RETURNING \(Self.outgoingColumns)
                """, [.text(holder), .integer(Self.seconds(until)), .integer(Self.seconds(now))]).compactMap(Self.outgoing)
        }
    }

    func answered(outgoing id: Int64) async throws {
        try await database.withConnection { db in _ = try db.run("DELETE FROM alert_outbox WHERE id = ?", [.integer(id)]) }
    }

    func release(outgoing id: Int64) async throws {
        try await database.withConnection { db in _ = try db.run("UPDATE alert_outbox SET held_until = 0 WHERE id = ?", [.integer(id)]) }
    }

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.up)) }

    /// A kept row; nil when its keys no longer read (they were checked when the alert was stored).
    private static func outgoing(_ row: SQLRow) -> OutgoingPush? {
        guard let urgency = PushMessage.Urgency(rawValue: row.text(4) ?? ""),
              let subscription = try? PushSubscription(endpoint: row.text(6) ?? "", p256dh: row.text(7) ?? "", auth: row.text(8) ?? "",
                                                       allowHTTP: true) else { return nil }
        let topic = row.text(5) ?? ""
        return OutgoingPush(id: row.int(0), alertID: row.int(1),
                            message: PushMessage(payload: Array((row.text(2) ?? "").utf8), ttl: Int(row.int(3)), urgency: urgency,
                                                 topic: topic.isEmpty ? nil : topic),
                            subscription: subscription, expiresAt: Date(timeIntervalSince1970: Double(row.int(9))))
    }
}

import Foundation
import Storage
import WebPush

/// Alerts in SQLite (`push_alert`, `push_key`; migration 3), on the database's one writer thread.
struct SQLiteAlertStore: AlertStore {
    let database: Database

    private static let columns = """
        id, stop_code, kind, route_type, run_ref, from_stop, stop_id, route_id, direction_id, minutes, endpoint, p256dh, auth,
        sent, created_at, expires_at
        """

    func add(_ alert: Alert, perPhone: Int) async throws -> Alert? {
        try await database.perform { db in
            try db.transaction {
                // The same alert asked again (a second press) replaces the first, so it is never said twice.
                try db.run("""
                    DELETE FROM push_alert WHERE endpoint = ? AND kind = ? AND route_type = ? AND run_ref = ? AND stop_id = ?
                        AND route_id = ? AND direction_id = ?
                    """, [.text(alert.subscription.endpoint), .text(alert.kind.rawValue), .integer(Int64(alert.routeType)), .text(alert.runRef),
                          .integer(Int64(alert.stopID)), .integer(Int64(alert.routeID ?? 0)), .integer(Int64(alert.directionID ?? -1))])
                let count = try db.prepare("SELECT count(*) FROM push_alert WHERE endpoint = ?")
                try count.bind([.text(alert.subscription.endpoint)])
                guard try count.step(), count.int(0) < perPhone else { return nil }
                try db.run("""
                    INSERT INTO push_alert (stop_code, kind, route_type, run_ref, from_stop, stop_id, route_id, direction_id, minutes,
                        endpoint, p256dh, auth, sent, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(alert.stopCode), .text(alert.kind.rawValue), .integer(Int64(alert.routeType)), .text(alert.runRef),
                          .integer(Int64(alert.fromStop ?? 0)), .integer(Int64(alert.stopID)), .integer(Int64(alert.routeID ?? 0)),
                          .integer(Int64(alert.directionID ?? -1)), .integer(Int64(alert.minutes)), .text(alert.subscription.endpoint),
                          .text(alert.subscription.p256dh), .text(alert.subscription.auth), .text(alert.sent),
                          .integer(Int64(alert.createdAt.timeIntervalSince1970)), .integer(Int64(alert.expiresAt.timeIntervalSince1970))])
                var stored = alert
                stored.id = db.lastInsertRowID
                return stored
            }
        }
    }

    func active(at now: Date) async throws -> [Alert] {
        try await database.perform { db in
            try db.run("DELETE FROM push_alert WHERE expires_at <= ?", [.integer(Int64(now.timeIntervalSince1970))])
            let statement = try db.prepare("SELECT \(Self.columns) FROM push_alert ORDER BY id")
            var alerts: [Alert] = []
            while try statement.step() {
                // A row whose keys no longer read is skipped (it was checked when stored).
                guard let kind = Alert.Kind(rawValue: statement.text(2) ?? ""),
                      let subscription = try? PushSubscription(endpoint: statement.text(10) ?? "", p256dh: statement.text(11) ?? "",
                                                               auth: statement.text(12) ?? "", allowHTTP: true) else { continue }
                let from = Int(statement.int(5)), route = Int(statement.int(7)), direction = Int(statement.int(8))
                alerts.append(Alert(id: statement.int(0), stopCode: statement.text(1) ?? "", kind: kind, routeType: Int(statement.int(3)),
                                    runRef: statement.text(4) ?? "", fromStop: from > 0 ? from : nil, stopID: Int(statement.int(6)),
                                    routeID: route > 0 ? route : nil, directionID: direction >= 0 ? direction : nil,
                                    minutes: Int(statement.int(9)), subscription: subscription, sent: statement.text(13) ?? "",
                                    createdAt: Date(timeIntervalSince1970: Double(statement.int(14))),
                                    expiresAt: Date(timeIntervalSince1970: Double(statement.int(15)))))
            }
            return alerts
        }
    }

    func setSent(_ sent: String, for id: Int64) async throws {
        try await database.perform { db in try db.run("UPDATE push_alert SET sent = ? WHERE id = ?", [.text(sent), .integer(id)]) }
    }

    func remove(id: Int64) async throws {
        try await database.perform { db in try db.run("DELETE FROM push_alert WHERE id = ?", [.integer(id)]) }
    }

    func remove(stopCode code: String) async throws -> Bool {
        try await database.perform { db in
            try db.run("DELETE FROM push_alert WHERE stop_code = ?", [.text(code)])
            return db.changes > 0
        }
    }

    func remove(endpoint: String) async throws -> Int {
        try await database.perform { db in
            try db.run("DELETE FROM push_alert WHERE endpoint = ?", [.text(endpoint)])
            return Int(db.changes)
        }
    }

    func vapidKey(orKeep made: String, at now: Date) async throws -> String {
        try await database.perform { db in
            try db.run("INSERT OR IGNORE INTO push_key (id, private_key, created_at) VALUES (1, ?, ?)",
                       [.text(made), .integer(Int64(now.timeIntervalSince1970))])
            let statement = try db.prepare("SELECT private_key FROM push_key WHERE id = 1")
            guard try statement.step(), let kept = statement.text(0) else { return made }
            return kept
        }
    }
}

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
        let row = alert.watch.row
        return try await database.perform { db in
            try db.transaction {
                // The same alert asked again (a second press) replaces the first, so it is never said twice.
                try db.run("""
                    DELETE FROM push_alert WHERE endpoint = ? AND kind = ? AND route_type = ? AND run_ref = ? AND stop_id = ?
                        AND route_id = ? AND direction_id = ?
                    """, [.text(alert.subscription.endpoint), .text(row.kind), .integer(Int64(alert.routeType)), .text(row.runRef),
                          .integer(Int64(alert.stopID)), .integer(row.routeID), .integer(row.directionID)])
                let count = try db.prepare("SELECT count(*) FROM push_alert WHERE endpoint = ?")
                try count.bind([.text(alert.subscription.endpoint)])
                guard try count.step(), count.int(0) < perPhone else { return nil }
                try db.run("""
                    INSERT INTO push_alert (stop_code, kind, route_type, run_ref, from_stop, stop_id, route_id, direction_id, minutes,
                        endpoint, p256dh, auth, sent, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(alert.stopCode), .text(row.kind), .integer(Int64(alert.routeType)), .text(row.runRef),
                          .integer(row.fromStop), .integer(Int64(alert.stopID)), .integer(row.routeID),
                          .integer(row.directionID), .integer(row.minutes), .text(alert.subscription.endpoint),
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
                guard let watch = Alert.Watch(kind: statement.text(2) ?? "", runRef: statement.text(4) ?? "", fromStop: statement.int(5),
                                              routeID: statement.int(7), directionID: statement.int(8), minutes: statement.int(9)),
                      let subscription = try? PushSubscription(endpoint: statement.text(10) ?? "", p256dh: statement.text(11) ?? "",
                                                               auth: statement.text(12) ?? "", allowHTTP: true) else { continue }
                alerts.append(Alert(id: statement.int(0), stopCode: statement.text(1) ?? "", watch: watch, routeType: Int(statement.int(3)),
                                    stopID: Int(statement.int(6)), subscription: subscription, sent: statement.text(13) ?? "",
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

/// An alert's watch as `push_alert` keeps it: a kind and the columns of both kinds, the other kind's left at their
/// "none" (0 for a stop or line, -1 for a direction, "" for a run).
private extension Alert.Watch {
    /// The columns for this watch.
    var row: (kind: String, runRef: String, fromStop: Int64, routeID: Int64, directionID: Int64, minutes: Int64) {
        switch self {
        case let .ride(runRef, from): ("ride", runRef, Int64(from ?? 0), 0, -1, 0)
        case let .leave(routeID, directionID, minutes): ("leave", "", 0, Int64(routeID ?? 0), Int64(directionID ?? -1), Int64(minutes))
        }
    }

    /// The watch a row keeps; nil for a kind this Trakx does not know.
    init?(kind: String, runRef: String, fromStop: Int64, routeID: Int64, directionID: Int64, minutes: Int64) {
        switch kind {
        case "ride": self = .ride(runRef: runRef, from: fromStop > 0 ? Int(fromStop) : nil)
        case "leave": self = .leave(routeID: routeID > 0 ? Int(routeID) : nil, directionID: directionID >= 0 ? Int(directionID) : nil,
                                    minutes: Int(minutes))
        default: return nil
        }
    }
}

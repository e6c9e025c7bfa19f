import Foundation
import Storage
import WebPush

/// The alert store's earlier name, from when SQLite was its only engine.
typealias SQLiteAlertStore = SQLAlertStore

/// Alerts in SQL (`push_alert`, `push_key`; migrations 3 and 5), the same statements on SQLite and PostgreSQL.
struct SQLAlertStore: AlertStore {
    let database: any SQLDatabase

    private static let columns = """
        id, stop_code, kind, route_type, run_ref, from_stop, stop_id, route_id, direction_id, minutes, endpoint, p256dh, auth,
        sent, created_at, expires_at
        """

    func add(_ alert: Alert, perPhone: Int) async throws -> Alert? {
        let row = alert.watch.row
        return try await database.withConnection { db in
            try db.transaction {
                // The same alert asked again (a second press) replaces the first, so it is never said twice.
                try db.run("""
                    DELETE FROM push_alert WHERE endpoint = ? AND kind = ? AND route_type = ? AND run_ref = ? AND stop_id = ?
                        AND route_id = ? AND direction_id = ?
                    """, [.text(alert.subscription.endpoint), .text(row.kind), .integer(Int64(alert.routeType)), .text(row.runRef),
                          .integer(Int64(alert.stopID)), .integer(row.routeID), .integer(row.directionID)])
                guard try db.integer("SELECT count(*) FROM push_alert WHERE endpoint = ?", [.text(alert.subscription.endpoint)]) ?? 0 < perPhone
                else { return nil }
                let id = try db.integer("""
                    INSERT INTO push_alert (stop_code, kind, route_type, run_ref, from_stop, stop_id, route_id, direction_id, minutes,
                        endpoint, p256dh, auth, sent, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    RETURNING id
                    """, [.text(alert.stopCode), .text(row.kind), .integer(Int64(alert.routeType)), .text(row.runRef),
                          .integer(row.fromStop), .integer(Int64(alert.stopID)), .integer(row.routeID),
                          .integer(row.directionID), .integer(row.minutes), .text(alert.subscription.endpoint),
                          .text(alert.subscription.p256dh), .text(alert.subscription.auth), .text(alert.sent),
                          .integer(Int64(alert.createdAt.timeIntervalSince1970)), .integer(Int64(alert.expiresAt.timeIntervalSince1970))])
                var stored = alert
                stored.id = id ?? 0
                return stored
            }
        }
    }

    func active(at now: Date) async throws -> [Alert] {
        try await database.withConnection { db in
            try db.run("DELETE FROM push_alert WHERE expires_at <= ?", [.integer(Int64(now.timeIntervalSince1970))])
            // A row whose keys no longer read is skipped (it was checked when stored).
            return try db.rows("SELECT \(Self.columns) FROM push_alert ORDER BY id", []).compactMap { row -> Alert? in
                guard let watch = Alert.Watch(kind: row.text(2) ?? "", runRef: row.text(4) ?? "", fromStop: row.int(5),
                                              routeID: row.int(7), directionID: row.int(8), minutes: row.int(9)),
                      let subscription = try? PushSubscription(endpoint: row.text(10) ?? "", p256dh: row.text(11) ?? "",
                                                               auth: row.text(12) ?? "", allowHTTP: true) else { return nil }
                return Alert(id: row.int(0), stopCode: row.text(1) ?? "", watch: watch, routeType: Int(row.int(3)),
                             stopID: Int(row.int(6)), subscription: subscription, sent: row.text(13) ?? "",
                             createdAt: Date(timeIntervalSince1970: Double(row.int(14))),
                             expiresAt: Date(timeIntervalSince1970: Double(row.int(15))))
            }
        }
    }

    func lease(_ targets: [String], holder: String, until: Date, now: Date) async throws -> Set<String> {
        let seconds = Int64(now.timeIntervalSince1970), expires = Int64(until.timeIntervalSince1970)
        return try await database.withConnection { db in
            // One statement a target: taken when free, expired or already ours. On PostgreSQL the upsert locks the
            // row, so of two instances at once one takes it and the other, rechecking the condition, gets no row.
            var held: Set<String> = []
            for target in targets {
                let taken = try db.rows("""
                    INSERT INTO alert_lease (target, holder, expires_at) VALUES (?, ?, ?)
                    ON CONFLICT (target) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                    WHERE alert_lease.expires_at <= ? OR alert_lease.holder = excluded.holder
                    RETURNING target
                    """, [.text(target), .text(holder), .integer(expires), .integer(seconds)])
                if !taken.isEmpty { held.insert(target) }
            }
            try db.run("DELETE FROM alert_lease WHERE expires_at <= ?", [.integer(seconds - 3600)])
            return held
        }
    }

    func remove(id: Int64) async throws {
        try await database.withConnection { db in _ = try db.run("DELETE FROM push_alert WHERE id = ?", [.integer(id)]) }
    }

    func remove(stopCode code: String) async throws -> Bool {
        try await database.withConnection { db in
            try db.run("DELETE FROM push_alert WHERE stop_code = ?", [.text(code)]) > 0
        }
    }

    func remove(endpoint: String) async throws -> Int {
        try await database.withConnection { db in
            try db.run("DELETE FROM push_alert WHERE endpoint = ?", [.text(endpoint)])
        }
    }

    func vapidKey(orKeep made: String, at now: Date) async throws -> String {
        try await database.withConnection { db in
            try db.run("INSERT INTO push_key (id, private_key, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING",
                       [.text(made), .integer(Int64(now.timeIntervalSince1970))])
            return try db.rows("SELECT private_key FROM push_key WHERE id = 1", []).first?.text(0) ?? made
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

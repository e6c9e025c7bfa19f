import Foundation
import WebPush

/// One alert a phone asked for: a ride ("get ready" and "you are at" for the rider's stop) or a leave-now reminder
/// (the next service on a line at a stop, some minutes away). Kept in SQLite until it is done or expires.
struct Alert: Sendable, Equatable {
    /// What the alert watches, with what only that kind of alert has.
    enum Watch: Sendable, Equatable {
        /// A ride on run `runRef`, boarded at stop `from` when the rider chose one; the alert's stop is where they get off.
        case ride(runRef: String, from: Int?)
        /// The next service at the alert's stop on line `routeID` (nil: any line) in direction `directionID` (nil: both
        /// ways), said when it is `minutes` away.
        case leave(routeID: Int?, directionID: Int?, minutes: Int)
    }

    /// The row id (0 before it is stored).
    var id: Int64
    /// The random part of the alert's stop link (`/alerts/stop/{code}`).
    let stopCode: String
    let watch: Watch
    /// PTV route type.
    let routeType: Int
    /// A ride's stop to get off at, or a reminder's stop.
    let stopID: Int
    /// Where the phone receives pushes.
    let subscription: PushSubscription
    /// What has been said so far (a ride's `ready`, `at`; a reminder's departure being watched).
    var sent: String
    let createdAt, expiresAt: Date

    /// The longest any alert is kept.
    static let lifetime: TimeInterval = 3 * 3600
}

/// Where alerts are kept: SQLite, or memory in tests.
protocol AlertStore: Sendable {
    /// Stores `alert` (its id is set), in place of the same alert for the same phone; nil when the phone already
    /// has `perPhone` alerts.
    func add(_ alert: Alert, perPhone: Int) async throws -> Alert?
    /// Every alert not yet expired at `now`, oldest first; expired ones are deleted.
    func active(at now: Date) async throws -> [Alert]
    /// Removes alert `id`.
    func remove(id: Int64) async throws
    /// Records `step` for `alert` if what was said is still `alert.sent` (removing the alert when the step finishes
    /// it) and, in the same transaction, keeps `outgoing`, claimed by `holder` until `heldUntil`: nil when another
    /// instance recorded first (then it sends), else what this instance is to send, with its row id.
    func record(_ step: AlertStep, for alert: Alert, outgoing: OutgoingPush?, holder: String, heldUntil: Date) async throws -> [OutgoingPush]?
    /// The kept notifications no live instance is sending (their claim passed), claimed by `holder` until `until`;
    /// those past their use are deleted.
    func claimOutgoing(holder: String, until: Date, now: Date) async throws -> [OutgoingPush]
    /// Deletes kept notification `id`: the push service answered.
    func answered(outgoing id: Int64) async throws
    /// Gives kept notification `id` up to any instance now (this one is stopping before it was answered).
    func release(outgoing id: Int64) async throws
    /// The watched runs and stops (`targets`) this instance (`holder`) looks at this interval: those whose lease it
    /// holds, or that no live instance holds, leased to it until `until`.
    func lease(_ targets: [String], holder: String, until: Date, now: Date) async throws -> Set<String>
    /// Removes the alert whose stop link has `code`; whether there was one.
    func remove(stopCode code: String) async throws -> Bool
    /// Removes every alert of the phone at `endpoint`; how many.
    func remove(endpoint: String) async throws -> Int
    /// The server's VAPID private key as kept, or `made` stored now as the key when none is kept yet.
    func vapidKey(orKeep made: String, at now: Date) async throws -> String
}

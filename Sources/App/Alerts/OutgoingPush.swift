import Foundation
import WebPush

/// A notification decided and kept, not yet answered by the push service (`alert_outbox`, migration 7).
///
/// The decision ("Get ready" is said) and this row are written in one transaction, and the row is deleted only when
/// the push service has answered. An instance that dies between the two leaves the row behind, claimed until
/// `heldUntil`; once that passes, another instance claims it and sends it. So a notification is never lost to a
/// dead instance, and at worst reaches the push service twice (the dead one may have sent it before dying): both
/// copies carry the alert's Topic and notification tag, so the push service keeps one undelivered copy and the
/// phone shows one notification.
struct OutgoingPush: Sendable {
    /// The row id (0 before it is kept).
    var id: Int64
    /// The alert it is for (which may be finished and removed by the time it is sent).
    let alertID: Int64
    let message: PushMessage
    /// Where it goes, copied from the alert.
    let subscription: PushSubscription
    /// When it is no use any more (its TTL from when it was decided): not sent after that.
    let expiresAt: Date

    /// How long an instance holds a claimed notification before another may send it: longer than one delivery with
    /// its retries (`PushSender.Retries`: 4 attempts, 2 + 4 + 8 s apart, 15 s each at most), so a live sender is not
    /// doubled, and short against a ride's three-minute TTL, so a dead one's is still worth sending.
    static func claim(interval: Double) -> TimeInterval { max(2 * interval, 60) }

    /// The notification `notice` for `alert`, decided at `now`.
    init(_ notice: AlertNotice, for alert: Alert, at now: Date) {
        // Stale in a few minutes: a ride's moment passes, and a reminder is for its minutes.
        let ttl = if case .leave(_, _, let minutes) = alert.watch { max(60, minutes * 60) } else { 180 }
        self.init(id: 0, alertID: alert.id, message: PushMessage(payload: notice.payload(), ttl: ttl, urgency: .high, topic: "a\(alert.id)"),
                  subscription: alert.subscription, expiresAt: now.addingTimeInterval(TimeInterval(ttl)))
    }

    /// A kept notification.
    init(id: Int64, alertID: Int64, message: PushMessage, subscription: PushSubscription, expiresAt: Date) {
        self.id = id
        self.alertID = alertID
        self.message = message
        self.subscription = subscription
        self.expiresAt = expiresAt
    }
}

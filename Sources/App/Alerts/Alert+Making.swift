import Foundation
import PTV
import WebPush

extension Alert {
    /// A new ride alert: "get ready" and "you are at" for the rider's stop, kept at most `lifetime`.
    static func ride(type: RouteType, runRef: String, from: Int?, to: Int, subscription: PushSubscription, now: Date) -> Alert {
        Alert(id: 0, stopCode: newCode(), watch: .ride(runRef: runRef, from: from), routeType: type.rawValue, stopID: to,
              subscription: subscription, sent: "", createdAt: now, expiresAt: now.addingTimeInterval(lifetime))
    }

    /// A new leave-now reminder for a line at a stop, kept at most `lifetime`.
    static func leave(type: RouteType, stopID: Int, routeID: Int, directionID: Int, minutes: Int, subscription: PushSubscription,
                      now: Date) -> Alert {
        Alert(id: 0, stopCode: newCode(), watch: .leave(routeID: routeID, directionID: directionID, minutes: minutes),
              routeType: type.rawValue, stopID: stopID, subscription: subscription, sent: "", createdAt: now,
              expiresAt: now.addingTimeInterval(lifetime))
    }

    /// 16 random bytes, base64url: the alert's stop link.
    static func newCode() -> String { Base64URL.encode(PayloadEncryption.randomBytes(16)) }
}

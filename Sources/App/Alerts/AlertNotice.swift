import Foundation

/// What one notification says and where it leads, as the service worker reads it (`Public/js/alerts-sw.js`).
struct AlertNotice: Sendable, Equatable, Encodable {
    /// The first line, read first: "Get ready, Richmond is next".
    let title: String
    /// The page's own sentence, with the time and whether it is live.
    let body: String
    /// The page the notification opens.
    let url: String
    /// The page that stops this alert.
    let stopURL: String
    /// One notification per alert: a later one replaces an earlier one still showing.
    let tag: String

    /// The JSON the push carries.
    func payload() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { [UInt8]($0) } ?? []
    }
}

/// What a check decided for one alert: a notification to send (if any), what has been said now, and whether the
/// alert is finished (then it is removed).
struct AlertStep: Sendable, Equatable {
    /// The notification to send now, if any.
    var notice: AlertNotice?
    /// What the alert has said, with this step.
    var sent: String
    /// Whether the alert is finished (removed before anything is sent).
    var done: Bool
}

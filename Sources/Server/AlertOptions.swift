import App
import ArgumentParser

/// `trakx serve`'s options for Web Push alerts: how often the watcher asks PTV about watched runs and stops, and
/// who push services may contact about this server's pushes.
struct AlertOptions: ParsableArguments {
    @Option(help: """
        Seconds between the alert watcher's looks: each look asks PTV once per watched run or stop, however many \
        phones watch it, on its own share of --ptv-calls-per-minute. At least 10.
        """)
    var alertInterval: Double = 30

    @Option(help: """
        Who push services may contact about this server's alerts, a mailto: address or an https URL (the VAPID \
        subject). Apple's push service asks for a real one.
        """)
    var vapidSubject: String = "mailto:trakx@example.invalid"

    func validate() throws {
        guard alertInterval >= 10 else { throw ValidationError("--alert-interval must be at least 10 seconds") }
        guard vapidSubject.hasPrefix("mailto:") || vapidSubject.hasPrefix("https://") else {
            throw ValidationError("--vapid-subject must start with mailto: or https://")
        }
    }

    /// Sets the watcher's interval and the VAPID subject.
    /// - Parameter configuration: The app's configuration.
    func apply(to configuration: inout AppConfiguration) {
        configuration.alerts.interval = alertInterval
        configuration.alerts.subject = vapidSubject
    }
}

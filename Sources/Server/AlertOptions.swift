import App
import Foundation
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

    @Option(help: """
        A block of addresses push services may be on although it is private, loopback or local, such as \
        10.1.0.0/16 for a push service on your own network (repeatable). Without it such pushes are never sent.
        """)
    var allowPrivateAddress: [String] = []

    @Option(help: """
        A file of PEM certificates to trust for push services instead of the system's: a push service on your own \
        network with its own certificate authority (with --allow-private-address).
        """)
    var pushCAFile: String?

    func validate() throws {
        guard alertInterval >= 10 else { throw ValidationError("--alert-interval must be at least 10 seconds") }
        guard vapidSubject.hasPrefix("mailto:") || vapidSubject.hasPrefix("https://") else {
            throw ValidationError("--vapid-subject must start with mailto: or https://")
        }
        var alerts = AlertConfiguration()
        for block in allowPrivateAddress {
            do { try alerts.allowPrivateAddresses(block) } catch { throw ValidationError("--allow-private-address: \(error)") }
        }
        if let pushCAFile, !FileManager.default.isReadableFile(atPath: pushCAFile) {
            throw ValidationError("--push-ca-file: \(pushCAFile) cannot be read")
        }
    }

    /// Sets the watcher's interval, the VAPID subject and the allowed private blocks (checked by `validate()`).
    /// - Parameter configuration: The app's configuration.
    func apply(to configuration: inout AppConfiguration) {
        configuration.alerts.interval = alertInterval
        configuration.alerts.subject = vapidSubject
        for block in allowPrivateAddress { try? configuration.alerts.allowPrivateAddresses(block) }
        configuration.alerts.trustedCertificates = pushCAFile
    }
}

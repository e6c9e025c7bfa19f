/// What Trakx says about alerts on a phone: the banners after a change, and what works where push does not.
enum AlertWords {
    /// The banner after an alert is turned on or alerts are stopped.
    /// - Parameters:
    ///   - code: `alertOn` or `alertsOff`.
    ///   - what: For `alertOn`, ride or leave.
    ///   - count: For `alertsOff`, how many were stopped.
    static func banner(_ code: Banner.Code, what: String?, count: Int) -> String? {
        switch code {
        case .alertOn where what == "ride":
            return "Alerts are on for this ride. This phone will be told once when your stop is next and once when you are at it, even with its screen off. Each notification has a way to stop them."
        case .alertOn:
            return "The reminder is on. This phone will be told once when the next service on your line is due in the minutes you chose, and if it is cancelled or delayed while you wait."
        case .alertsOff:
            switch count {
            case 0: return "There was no alert to stop. It may have finished already."
            case 1: return "Stopped 1 alert on this phone."
            default: return "Stopped \(count) alerts on this phone."
            }
        default:
            return nil
        }
    }

    /// Said in the alerts section until the script finds push available, and whenever it is not.
    static let needs = "Alerts on this phone need JavaScript and a browser that allows notifications. On an iPhone or iPad, add Trakx to the home screen first, then open it from there."

    /// What still works on a ride without push. It names what it is without ("them" after "No alert was set." had
    /// nothing to refer to: the script says it after its failure sentence).
    static let rideWithout = "Without alerts on this phone, this page still announces the next stop, get ready and your stop while it is open in front of you, and with JavaScript it can keep the screen on."

    /// What still works at a stop without push, naming what it is without, as ``rideWithout`` does.
    static let stopWithout = "Without alerts on this phone, the departures on this page still say when each service leaves, and with JavaScript they refresh themselves."

    /// Said on a finished or stopped alert's link.
    static let stopGone = "This alert has already finished or been stopped, so there is nothing to stop."
}

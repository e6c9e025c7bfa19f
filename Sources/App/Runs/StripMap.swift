import Foundation

/// A run's journey as a picture for sighted and partially sighted riders: the stops in order along one line, the
/// part already travelled, the vehicle where the evidence puts it (nowhere when it does not know), and the rider's
/// stop. Drawn by the server as SVG numbers (the template only places them); hidden from screen readers, as the
/// list of stops says all of it.
struct StripMap: Sendable {
    /// A stop's dot.
    struct Dot: Sendable {
        let x: String
        /// "strip-done", "strip-ahead" or "strip-yours".
        let kind: String
        /// Radius in user units.
        let r: String
    }

    /// A name under or over the line.
    struct Label: Sendable {
        let x, y: String
        /// "start", "middle" or "end".
        let anchor: String
        let text: String
    }

    /// User units across (the height is fixed).
    static let width = 640.0
    static let height = 136
    /// The labels' size in user units: on a phone (the picture about 360 pixels wide) it is about 14 pixels, and it
    /// grows with the picture, which is as wide as 48 rem allows, so with the text size too.
    static let fontSize = 24
    /// The line's height in user units.
    static let lineY = 60
    private static let margin = 16.0

    /// The view box's width and height.
    let width = String(Int(StripMap.width)), height = StripMap.height
    /// The labels' size in user units.
    let fontSize = StripMap.fontSize
    let lineY = String(StripMap.lineY)
    /// Where the travelled part ends (x), when any of it is travelled.
    let travelledTo: String?
    /// The line's two ends.
    let start, end: String
    let dots: [Dot]
    /// The vehicle's marker as SVG polygon points, only where the evidence puts it.
    let vehicle: String?
    let labels: [Label]

    /// Draws a journey.
    /// - Parameters:
    ///   - journey: The run's journey.
    ///   - progress: How far it has got.
    ///   - yours: The rider's stop (index), if chosen.
    ///   - noun: "train", "tram" or "bus", for the vehicle's label.
    init?(journey: Journey, progress: JourneyProgress, yours: Int?, noun: String) {
        let calls = journey.calls
        guard calls.count >= 2 else { return nil }
        let step = (Self.width - 2 * Self.margin) / Double(calls.count - 1)
        func x(_ index: Double) -> Double { Self.margin + index * step }
        func text(_ value: Double) -> String { String(format: "%.1f", value) }
        start = text(x(0))
        end = text(x(Double(calls.count - 1)))
        // No train leaves a stop where it is cancelled.
        func done(_ index: Int) -> Bool { !calls[index].cancelled && progress.hasDeparted(index) }
        let departed = calls.indices.filter(done)
        var reached: Double? = departed.last.map(Double.init)
        var vehicleX: Double?
        if progress.evidence != nil, let place = progress.place {
            switch place {
            case .at(let index): vehicleX = Double(index)
            case .between(let from, let to): vehicleX = (Double(from) + Double(to)) / 2
            }
            reached = max(reached ?? 0, vehicleX ?? 0)
        }
        travelledTo = reached.flatMap { $0 > 0 ? text(x($0)) : nil }
        dots = calls.indices.map { index in
            let kind = index == yours ? "strip-yours" : (done(index) ? "strip-done" : "strip-ahead")
            return Dot(x: text(x(Double(index))), kind: kind, r: index == yours ? "9" : "5")
        }
        vehicle = vehicleX.map { at in
            let cx = x(at), top = Double(Self.lineY) - 32, tip = Double(Self.lineY) - 12
            return "\(text(cx - 9)),\(text(top)) \(text(cx + 9)),\(text(top)) \(text(cx)),\(text(tip))"
        }
        var labels = [Label(x: start, y: "98", anchor: "start", text: calls[0].name),
                      Label(x: end, y: "98", anchor: "end", text: calls[calls.count - 1].name)]
        if let yours {
            let at = x(Double(yours))
            let anchor = at < Self.width / 3 ? "start" : (at > 2 * Self.width / 3 ? "end" : "middle")
            labels.append(Label(x: text(at), y: "128", anchor: anchor, text: "Your stop, \(calls[yours].name)"))
        }
        if let vehicleX {
            let at = x(vehicleX)
            let anchor = at < Self.width / 3 ? "start" : (at > 2 * Self.width / 3 ? "end" : "middle")
            labels.append(Label(x: text(at), y: "22", anchor: anchor, text: "The \(noun)"))
        }
        self.labels = labels
    }
}

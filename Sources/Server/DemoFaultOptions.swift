import ArgumentParser
import Foundation
import PTVSimulator

/// `trakx serve`'s options for meeting PTV's misbehaviour on demo data: the built-in simulator starts failing one
/// way after a while (so pages opened first have saved copies), for a while or until Trakx stops.
struct DemoFaultOptions: ParsableArguments {
    /// The ways PTV misbehaves that the demo can show.
    enum Fault: String, ExpressibleByArgument, CaseIterable {
        /// PTV's 403 "Throttling limit reached", with `Retry-After: 60`, on every call.
        case throttle
        /// PTV's 403 "Supplied signature is invalid", as for a wrong key, on every call.
        case refusedKey = "refused-key"
        /// A 200 whose body is only `{"message": …}`, on every call.
        case messageOnly = "message-only"
        /// A 200 without the `departures` list, on departures and stopping patterns.
        case noList = "no-list"
    }

    /// The way to misbehave, if any.
    @Option(help: ArgumentHelp("With demo data, make the built-in PTV simulator misbehave one way.",
                               discussion: "throttle, refused-key, message-only or no-list (see README, What Trakx knows)."))
    var demoFault: Fault?

    /// Seconds of normal answers first.
    @Option(help: "Seconds of normal answers before --demo-fault starts, so pages opened first have saved copies.")
    var demoFaultAfter: Double = 30

    /// Seconds the fault lasts (nil: until Trakx stops).
    @Option(help: "Seconds --demo-fault lasts before the simulator answers normally again (default: until Trakx stops).")
    var demoFaultFor: Double?

    /// Switches the chosen fault on after `demoFaultAfter` seconds, and off again after `demoFaultFor` (if given).
    /// - Parameter simulator: The built-in simulator (nil with real PTV credentials: nothing to do).
    func apply(to simulator: PTVSimulator?) {
        guard let simulator, let demoFault else { return }
        let (after, lasting) = (max(0, demoFaultAfter), demoFaultFor)
        Task.detached {
            try? await Task.sleep(for: .seconds(after))
            Self.set(demoFault, on: simulator.faults)
            guard let lasting else { return }
            try? await Task.sleep(for: .seconds(max(0, lasting)))
            simulator.faults.clear()
        }
    }

    /// Sets `fault` on the simulator's injector, for the paths it applies to.
    static func set(_ fault: Fault, on faults: FaultInjector) {
        switch fault {
        case .throttle: faults.set(.throttleRetryAfter(seconds: 60))
        case .refusedKey: faults.set(.badSignature)
        case .messageOnly: faults.set(.messageOnly)
        case .noList:
            faults.set(.listMissing, forPathPrefix: "/v3/departures")
            faults.set(.listMissing, forPathPrefix: "/v3/pattern")
        }
    }
}

import Foundation
import Logging
import PTVSimulator

/// The demo: without PTV credentials, `trakx serve` starts the built-in PTV simulator on a loopback port and
/// points the app at it with made-up credentials the simulator checks, and pages say "Demo data". The tests start
/// their simulator the same way.
public enum DemoUpstream {
    /// Starts the simulator and points `configuration` at it (base URL, credentials, `demo`, and the shared clock).
    /// - Parameters:
    ///   - configuration: The app's settings; on return they name the simulator as PTV.
    ///   - seed: Seed for delays, cancellations and live estimates.
    ///   - logger: The app's logger (the simulator logs warnings only, tagged `ptv-sim`).
    /// - Returns: The running simulator; stop it after the app.
    public static func start(for configuration: inout AppConfiguration, seed: UInt64, logger: Logger) throws -> PTVSimulator {
        let clock = configuration.clock ?? configuration.makeClock()
        let devID = String(UInt32.random(in: 1_000_000 ... 9_999_999))
        let key = UUID().uuidString.lowercased()
        var simulatorLogger = logger
        simulatorLogger[metadataKey: "component"] = "ptv-sim"
        simulatorLogger.logLevel = .warning
        let simulator = try PTVSimulator(devID: devID, key: key, seed: seed, now: clock, logger: simulatorLogger)
        try simulator.start(port: 0)
        configuration.clock = clock
        configuration.ptvBaseURL = simulator.baseURL
        configuration.ptvDevID = devID
        configuration.ptvKey = key
        configuration.demo = true
        logger.notice("No PTV_DEVID/PTV_KEY: using DEMO data from the built-in PTV simulator at \(simulator.baseURL)")
        return simulator
    }
}

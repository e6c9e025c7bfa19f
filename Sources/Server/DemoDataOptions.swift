import App
import ArgumentParser
import Foundation
import PTVSimulator

/// The demo data's seed, start time and (for benchmarks) pace, which `trakx serve` (for its built-in simulator and
/// its pages) and `trakx ptv-sim` share, so that a simulator started on its own answers as the built-in one would.
struct DemoDataOptions: ParsableArguments {
    @Option(help: "Seed for the simulator's demo data: delays, cancellations and live estimates.")
    var seed: UInt64 = 1

    @Option(help: "Fixed start time (ISO 8601) for demo data and pages, for tests and screenshots; the clock runs on from there.")
    var now: String?

    @Option(help: ArgumentHelp("Seconds added to the real clock for demo data and pages, the same in every process that is given it "
                               + "(tests: a fleet and its simulator in the day's service at any hour).", visibility: .hidden))
    var clockShift: Double?

    @Option(help: ArgumentHelp("Latency in milliseconds the simulator adds to every answer (benchmarks).", visibility: .hidden))
    var simulatorLatency: Int = 0

    @Option(help: ArgumentHelp("Seconds after which the simulator stops answering departures (benchmarks: the saved copy's grace).",
                               visibility: .hidden))
    var simulatorHangAfter: Double?

    /// The fixed start time, if one was given.
    /// - Throws: `ValidationError` when `--now` is not an ISO 8601 time.
    func start() throws -> Date? {
        guard let now else { return nil }
        guard let parsed = ISO8601DateFormatter().date(from: now) else {
            throw ValidationError("--now must be an ISO 8601 time such as 2026-11-21T09:30:00+11:00")
        }
        return parsed
    }

    /// The clock for demo data and pages: the real one shifted by `--clock-shift`, else running on from `--now`, else
    /// the real one.
    /// - Throws: `ValidationError` when `--now` is not an ISO 8601 time.
    func clock() throws -> @Sendable () -> Date {
        if let clockShift { return { Date().addingTimeInterval(clockShift) } }
        return AppConfiguration.clock(runningOnFrom: try start())
    }

    /// Sets the simulator's pace: its latency now, and its departures hanging after `--simulator-hang-after`.
    /// - Parameter simulator: The simulator, if one runs.
    /// - Returns: The task that will make departures hang (cancel it on stopping), if any.
    func pace(_ simulator: PTVSimulator?) -> Task<Void, any Error>? {
        guard let simulator else { return nil }
        if simulatorLatency > 0 { simulator.faults.set(.latency(milliseconds: simulatorLatency)) }
        return simulatorHangAfter.map { seconds in
            Task.detached {
                try await Task.sleep(for: .seconds(seconds))
                simulator.faults.set(.hang, forPathPrefix: "/v3/departures")
            }
        }
    }
}

import Foundation
import PTV

/// What the simulated real-time system knows about one run.
public struct RunLiveState: Sendable, Equatable {
    /// The run has real-time tracking (estimates are sent for calls in the next 90 minutes).
    public let isLive: Bool
    /// Delay applied at every stop of the run, in seconds (live runs only).
    public let delaySeconds: Int
    /// The run is cancelled (metro trains only; flags gain "RR_CAN").
    public let isCancelled: Bool
}

/// Deterministic real-time behaviour: everything is a pure function of the seed and the run_ref.
public struct LiveModel: Sendable {
    /// The seed mixed into every draw.
    public let seed: UInt64
    /// Share of metro train runs that are cancelled.
    public static let cancelledShare = 0.03
    /// Estimates are only given for calls scheduled this far ahead, in seconds.
    public static let estimateHorizon: TimeInterval = 90 * 60

    /// Creates a model.
    /// - Parameter seed: The seed.
    public init(seed: UInt64) {
        self.seed = seed
    }

    /// The live state of a run.
    /// - Parameters:
    ///   - runRef: The run_ref.
    ///   - route: The run's route.
    public func state(runRef: String, route: NetworkRoute) -> RunLiveState {
        let draws = self.draws(runRef)
        let (liveDraw, delayKind, delayDraw, cancelDraw) = (draws[0], draws[1], draws[2], draws[3])
        let cancelled = route.routeType == .train && cancelDraw < Self.cancelledShare
        let live = !cancelled && liveDraw < route.liveShare
        // Mostly 0-2 minutes late; one run in six runs 3-8 minutes late.
        let minutes = delayKind < 0.83 ? Int(delayDraw * 3) : 3 + Int(delayDraw * 6)
        let seconds = live ? minutes * 60 : 0
        return RunLiveState(isLive: live, delaySeconds: seconds, isCancelled: cancelled)
    }

    /// The run's nine draws in [0, 1): live, delay kind, delay, cancellation (used by ``state(runRef:route:)``),
    /// then feed lost, where it is lost, previous trip, where it terminates, express (``behaviour(runRef:route:)``).
    /// - Parameter runRef: The run_ref.
    func draws(_ runRef: String) -> [Double] {
        var generator = SplitMix64(seed: Self.fnv1a(runRef) ^ (seed &* 0x9E37_79B9_7F4A_7C15))
        return (0 ..< 9).map { _ in generator.nextUnit() }
    }

    /// The estimate for a call of a run, or nil when PTV would send null.
    /// - Parameters:
    ///   - scheduled: Timetabled time at the stop.
    ///   - state: The run's live state.
    ///   - now: The current time.
    ///
    /// A late train keeps its estimate until the estimated time (not the timetabled one) is a minute past: PTV's stopping
    /// pattern still says when a delayed train that stands at its first stop will leave, after its timetabled time.
    public func estimate(scheduled: Date, state: RunLiveState, now: Date) -> Date? {
        let estimated = scheduled.addingTimeInterval(Double(state.delaySeconds))
        guard state.isLive, estimated >= now.addingTimeInterval(-60),
              scheduled <= now.addingTimeInterval(Self.estimateHorizon) else { return nil }
        return estimated
    }

    /// FNV-1a over UTF-8, so draws do not depend on Swift's per-process hash seed.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// The SplitMix64 generator (Steele, Lea and Flood), small and reproducible everywhere.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator state.
    var state: UInt64

    /// A generator that starts from `seed`.
    /// - Parameter seed: The seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1).
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}

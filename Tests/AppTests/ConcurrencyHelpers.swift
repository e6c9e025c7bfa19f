import Foundation
import PTVSimulator
import Synchronization
import TestSupport

// Helpers for the wire suites: a seeded random generator, a thread-safe collector, a stop flag and a stopwatch.

/// Seeds for replayable fuzz, storage and crash runs; the generator is the simulator's SplitMix64.
typealias SeededGenerator = SplitMix64

extension SplitMix64 {
    /// The seed from the environment variable `name` when set (to replay a failure), else a random one.
    static func seed(from name: String) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment[name], let value = UInt64(text) { return value }
        return UInt64.random(in: 1 ... UInt64.max)
    }
}

/// Collects values from many threads.
final class Collector<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    func append(_ item: Element) { items.withLock { $0.append(item) } }
    func append(contentsOf more: [Element]) { items.withLock { $0.append(contentsOf: more) } }
    var all: [Element] { items.withLock { $0 } }
}

/// A flag that tells helper threads to stop.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// Milliseconds taken by `body`.
func milliseconds<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try await body()
    let elapsed = start.duration(to: .now)
    return (value, Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
}

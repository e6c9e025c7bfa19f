import Synchronization

/// Hands out short request ids: a counter in base 36 from a random start.
final class RequestCounter: Sendable {
    private let value: Atomic<UInt64>

    init() {
        value = Atomic(UInt64(UInt32.random(in: 0 ... .max)) << 16)
    }

    /// The next id.
    func next() -> String {
        String(value.add(1, ordering: .relaxed).newValue, radix: 36)
    }
}

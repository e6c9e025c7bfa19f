/// A test waited for something that did not come in time: thrown, so the test fails saying what it waited for,
/// instead of hanging until the whole run is killed.
public struct WaitedTooLong: Error, CustomStringConvertible {
    /// What was waited for ("the probe to reach PTV").
    public let what: String
    /// How long.
    public let limit: Duration

    /// The failure of a wait for `what` that lasted `limit`.
    public init(_ what: String, limit: Duration) {
        self.what = what
        self.limit = limit
    }

    public var description: String { "waited \(limit) for \(what), which did not come" }
}

/// Waits until `condition` holds, looking again every `interval`.
/// - Parameters:
///   - what: What is waited for, as the failure says it.
///   - limit: The longest wait; a test on two busy cores gets its answer in milliseconds, so this is only a bound.
///   - interval: How often to look.
///   - condition: What to wait for.
/// - Throws: `WaitedTooLong` when `limit` passes first.
public func waitUntil(_ what: String, within limit: Duration = .seconds(30), every interval: Duration = .milliseconds(10),
                      _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw WaitedTooLong(what, limit: limit) }
        try await Task.sleep(for: interval)
    }
}

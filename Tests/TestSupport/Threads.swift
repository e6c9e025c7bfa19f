import Foundation

/// The threads of this process still running among `ids` (kernel ids, as `/proc/self/task` lists them), after
/// waiting up to `seconds` for them to end (a thread that has said it is done still takes a moment to go).
public func threadsStillRunning(_ ids: Set<Int32>, waiting seconds: Double = 5) async -> Set<Int32> {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        let running = Set(((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).compactMap { Int32($0) })
        let left = ids.intersection(running)
        if left.isEmpty || Date() > deadline { return left }
        try? await Task.sleep(for: .milliseconds(20))
    }
}

/// Runs `body` for every item, at most `width` at once, and returns when all have ended. For a timed suite whose cases
/// mostly wait (a hang waited out on an app of their own): run side by side, the waits overlap.
public func concurrently<Item: Sendable>(_ items: [Item], width: Int,
                                         _ body: @escaping @Sendable (Item) async -> Void) async {
    await withTaskGroup(of: Void.self) { group in
        var next = items.makeIterator()
        for _ in 0..<max(1, width) {
            guard let item = next.next() else { break }
            group.addTask { await body(item) }
        }
        while await group.next() != nil {
            if let item = next.next() { group.addTask { await body(item) } }
        }
    }
}

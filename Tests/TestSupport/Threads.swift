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

import Dispatch
import Foundation
import Synchronization

/// SIGTERM and SIGINT, awaited: made before anything starts, so a signal that comes early is not lost; the first one
/// ends `received()`, and a second one while Trakx is still stopping ends the process at once (status 1), as a
/// person pressing Ctrl-C twice expects.
final class Termination: Sendable {
    /// What the signal handlers and `received()` share.
    private final class Arrived: Sendable {
        /// The first signal seen (0 before any), and who waits for it.
        let state = Mutex<(signal: Int32, waiting: CheckedContinuation<Int32, Never>?)>((0, nil))

        /// One signal arrived: the first wakes `received()`, a second ends the process.
        func seen(_ number: Int32) {
            let (first, waiting) = state.withLock { state -> (Bool, CheckedContinuation<Int32, Never>?) in
                guard state.signal == 0 else { return (false, nil) }
                state.signal = number
                defer { state.waiting = nil }
                return (true, state.waiting)
            }
            guard first else {
                FileHandle.standardError.write(Data("Stopping now, without waiting for requests in flight\n".utf8))
                exit(1)
            }
            waiting?.resume(returning: number)
        }
    }

    private let arrived = Arrived()
    /// The signal sources, kept so they stay installed (never read).
    private let sources: Mutex<[any DispatchSourceSignal]>

    /// Installs the handlers (the default action, ending the process at once, is turned off for both signals).
    init() {
        let arrived = arrived
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { arrived.seen(number) }
            source.resume()
            sources.append(source)
        }
        self.sources = Mutex(sources)
    }

    /// Waits, without holding a thread, for the first SIGTERM or SIGINT; returns which it was.
    func received() async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let seen = arrived.state.withLock { state -> Int32 in
                if state.signal == 0 { state.waiting = continuation }
                return state.signal
            }
            if seen != 0 { continuation.resume(returning: seen) }
        }
    }
}

import Foundation

/// A moment on the system's monotonic clock, for timing a request. (`ContinuousClock.Instant` is not a frozen
/// type, so its layout is known only at run time: a request's state holding one was copied and locked through
/// the runtime's generic paths on every call. This is a plain number.)
struct Moment: Sendable {
    let nanoseconds: UInt64

    static var now: Moment {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Moment(nanoseconds: UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec))
    }

    /// The time from this moment until now.
    var elapsed: Duration {
        .nanoseconds(Int64(bitPattern: Moment.now.nanoseconds &- nanoseconds))
    }
}

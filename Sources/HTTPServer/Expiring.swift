import Foundation

/// Something kept until a time (a stored page).
public protocol Expiring {
    /// When it stops being current.
    var expires: Date { get }
}

extension Dictionary where Value: Expiring {
    /// Makes room for one more entry once `capacity` is reached: drops what has expired, and everything when
    /// that is not enough (a bounded memory of a few seconds' pages needs no finer eviction).
    /// - Parameters:
    ///   - capacity: Most entries kept.
    ///   - now: The time entries are measured against.
    public mutating func makeRoom(capacity: Int, now: Date) {
        guard count >= capacity else { return }
        self = filter { $0.value.expires > now }
        if count >= capacity { removeAll(keepingCapacity: true) }
    }
}

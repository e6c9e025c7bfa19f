import Foundation

/// A value that many threads read at once and that changes rarely, behind a reader-writer lock: readers
/// never wait for each other (a `Mutex` would make the request threads queue, and sleep, on every lookup).
/// Writers are preferred, so a steady stream of readers cannot hold a change off.
public final class ReadMostly<Value>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    /// Only touched with `lock` held: shared for reading, exclusive for writing.
    private var value: Value

    /// - Parameter value: The value at first.
    public init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Reads the value; other readers may read at the same time.
    public func read<Result>(_ body: (Value) -> Result) -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body(value)
    }

    /// Changes the value, alone.
    public func write<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body(&value)
    }
}

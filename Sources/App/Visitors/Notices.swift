import Foundation
import HTTPServer
import Synchronization

/// One-time confirmations of a change ("Added Richmond to favourites."), kept on the server for the browser that
/// made the change (by its form token) and said once, on the page the change's redirect leads to. Nothing in an
/// address becomes a confirmation: a link with `?done=added` says nothing.
final class Notices: Sendable {
    private struct Notice: Sendable {
        /// The path the redirect leads to; only a GET of it says the notice.
        let path: String
        /// What the banner names (`Banner.Fields`).
        let fields: Banner.Fields
        let expires: Date
    }

    /// Most notices kept at once; past it the oldest go (a browser that never followed its redirect).
    static let capacity = 10_000
    /// Seconds a notice waits for its page.
    static let lifetime: TimeInterval = 600

    private let pending = Mutex<[FormToken: Notice]>([:])
    /// How many are pending: read without the lock by the warm path, which asks nothing more while it is 0.
    private let count = Atomic<Int>(0)
    private let now: @Sendable () -> Date

    /// - Parameter now: The app's clock.
    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// Leaves a notice for `visitor`, to be said on `path`.
    /// - Parameters:
    ///   - fields: What the banner names.
    ///   - visitor: The browser that made the change.
    ///   - path: Where its redirect leads (no query).
    func leave(_ fields: Banner.Fields, for visitor: Visitor, at path: String) {
        let now = now()
        let notice = Notice(path: path, fields: fields, expires: now.addingTimeInterval(Self.lifetime))
        pending.withLock { pending in
            if pending.count >= Self.capacity {
                pending = pending.filter { $0.value.expires > now }
                if pending.count >= Self.capacity, let oldest = pending.min(by: { $0.value.expires < $1.value.expires }) {
                    pending.removeValue(forKey: oldest.key)
                }
            }
            pending[visitor.formToken] = notice
            count.store(pending.count, ordering: .releasing)
        }
    }

    /// Takes the notice left for the browser with `token` if it is for `path` (said once: it is gone after this).
    /// - Parameters:
    ///   - token: The browser's form token.
    ///   - path: The path asked for.
    func take(for token: FormToken, path: Substring) -> Banner.Fields? {
        guard count.load(ordering: .acquiring) > 0 else { return nil }
        let now = now()
        return pending.withLock { pending -> Banner.Fields? in
            guard let notice = pending[token], notice.path == path else { return nil }
            pending.removeValue(forKey: token)
            count.store(pending.count, ordering: .releasing)
            return notice.expires > now ? notice.fields : nil
        }
    }

    /// Whether a notice waits for the browser whose form token is `token` (the warm path's question: such a
    /// browser's pages go through the chain, which says it).
    /// - Parameter token: The browser's form token.
    func isPending(_ token: FormToken) -> Bool {
        guard count.load(ordering: .acquiring) > 0 else { return false }
        return pending.withLock { $0[token] != nil }
    }
}

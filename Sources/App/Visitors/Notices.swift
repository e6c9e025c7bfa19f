import Foundation
import HTTPServer
import SharedCache
import Synchronization

/// One-time confirmations of a change ("Added Richmond to favourites."), kept on the server for the browser that
/// made the change (by its form token) and said once, on the page the change's redirect leads to. Nothing in an
/// address becomes a confirmation: a link with `?done=added` says nothing.
///
/// In a fleet (`shared`), a notice left by a change is sent to the shared cache as its response leaves
/// (`Notices+Fleet.swift`), so whichever instance serves the next page says it, once.
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
    /// Notices left by requests still running, to be sent to the fleet as their response leaves (fleet only).
    let outbox = Mutex<[FormToken: (path: String, fields: Banner.Fields)]>([:])
    /// The fleet's shared cache (nil: notices stay on this instance).
    let shared: SharedStore?
    /// How many are pending: read without the lock by the warm path, which asks nothing more while it is 0.
    private let count = Atomic<Int>(0)
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - now: The app's clock.
    ///   - shared: The fleet's shared cache, if any.
    init(now: @escaping @Sendable () -> Date, shared: SharedStore? = nil) {
        self.now = now
        self.shared = shared
    }

    /// Leaves a notice for `visitor`, to be said on `path`.
    /// - Parameters:
    ///   - fields: What the banner names.
    ///   - visitor: The browser that made the change.
    ///   - path: Where its redirect leads (no query).
    func leave(_ fields: Banner.Fields, for visitor: Visitor, at path: String) {
        if shared != nil {
            outbox.withLock { $0[visitor.formToken] = (path, fields) }
            return
        }
        keepHere(fields, for: visitor.formToken, at: path)
    }

    /// Keeps a notice on this instance (alone, or when the fleet's cache cannot be reached).
    func keepHere(_ fields: Banner.Fields, for token: FormToken, at path: String) {
        let now = now()
        let notice = Notice(path: path, fields: fields, expires: now.addingTimeInterval(Self.lifetime))
        pending.withLock { pending in
            if pending.count >= Self.capacity {
                pending = pending.filter { $0.value.expires > now }
                if pending.count >= Self.capacity, let oldest = pending.min(by: { $0.value.expires < $1.value.expires }) {
                    pending.removeValue(forKey: oldest.key)
                }
            }
            pending[token] = notice
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

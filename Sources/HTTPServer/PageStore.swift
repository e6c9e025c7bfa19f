import Foundation
import Synchronization

/// Rendered pages kept for a few seconds and given again to every visitor: the one page store.
///
/// A page is kept as a `CutResponse` (cut where each visitor's own value goes) under its key (what the app says
/// the page varies by, and the request target). The app's chain `keep`s what it rendered; the server's warm path is
/// the one place a kept page is replayed (`HTTPServer+Warm`, through `page(_:)`). A page is current for `lifetime`
/// after it was rendered. Once it has expired, the first request for it goes on to render it again, and for at most
/// `grace` seconds meanwhile the others are given the expired copy; past that they render it too (a render that
/// hangs never makes an old copy last). Any change to what pages show calls `invalidate`: every page is forgotten,
/// and a page rendered before the change is not kept.
public final class PageStore: Sendable {
    /// What a page is kept under.
    public struct Key: Hashable, Sendable {
        /// What the page differs by besides its address (a shared server's favourites list; "" for none).
        public let variant: String
        /// The request target exactly as received (path and query).
        public let target: String

        /// - Parameters:
        ///   - variant: What else the page depends on.
        ///   - target: The request target.
        public init(variant: String, target: String) {
            self.variant = variant
            self.target = target
        }
    }

    /// One kept page, with its MHD responses not lent out at the moment (see `ReadyResponse`): those of the page as
    /// it is, and those of its compressed body.
    final class Page: Sendable {
        let cut: CutResponse
        let expires: Date
        private let idle = Mutex<(plain: [ReadyResponse], gzip: [ReadyResponse])>(([], []))

        init(cut: CutResponse, expires: Date) {
            self.cut = cut
            self.expires = expires
        }

        deinit {
            PageStore.idleResponses.subtract(idle.withLock { $0.plain.count + $0.gzip.count }, ordering: .relaxed)
        }

        /// A response not lent to anyone, if the page has one.
        /// - Parameter gzip: Whether of the compressed body.
        func idleResponse(gzip: Bool) -> ReadyResponse? {
            guard let response = idle.withLock({ gzip ? $0.gzip.popLast() : $0.plain.popLast() }) else { return nil }
            PageStore.idleResponses.subtract(1, ordering: .relaxed)
            return response
        }

        /// Takes a response back from a completed request (or lets it go when enough are kept already).
        func takeBack(_ response: ReadyResponse) {
            guard PageStore.idleResponses.add(1, ordering: .relaxed).newValue <= PageStore.idleLimit else {
                PageStore.idleResponses.subtract(1, ordering: .relaxed)
                return
            }
            idle.withLock { idle in
                if response.gzip { idle.gzip.append(response) } else { idle.plain.append(response) }
            }
        }
    }

    private struct Entry: Sendable {
        let page: Page
        /// Until when the expired page may be given while one request renders it again (nil: nobody is yet).
        var staleUntil: Date?
    }

    /// Responses kept for reuse across all pages, and the most kept (each holds a page's body, a few kilobytes).
    fileprivate static let idleResponses = Atomic<Int>(0)
    fileprivate static let idleLimit = 128

    private let entries = ReadMostly([Key: Entry]())
    private let changes = Atomic<UInt64>(0)
    private let lifetime, grace: TimeInterval
    private let capacity: Int
    /// The clock expiry is measured on (the app's).
    let now: @Sendable () -> Date

    /// - Parameters:
    ///   - lifetime: Seconds a page is given again after it was rendered.
    ///   - grace: Most seconds an expired page is given while one request renders it again.
    ///   - capacity: Most pages kept.
    ///   - now: The app's clock.
    public init(lifetime: TimeInterval = 5, grace: TimeInterval = 3, capacity: Int = 512, now: @escaping @Sendable () -> Date) {
        self.lifetime = lifetime
        self.grace = grace
        self.capacity = capacity
        self.now = now
    }

    /// Changes so far: read before rendering, and handed to `keep`.
    public var generation: UInt64 { changes.load(ordering: .acquiring) }

    /// Forgets every page (something they show has changed).
    public func invalidate() {
        entries.write { entries in
            changes.add(1, ordering: .acquiringAndReleasing)
            entries.removeAll(keepingCapacity: true)
        }
    }

    /// The page to give for `key`: a current one, or an expired one for at most `grace` seconds while another
    /// request renders it again. Nil when the caller is to render it (the first to find it expired, or anyone once
    /// the grace has run out): then the chain `keep`s or `abandon`s it.
    /// - Parameter key: The page's key.
    func page(_ key: Key) -> Page? {
        let now = now()
        guard let page = entries.read({ $0[key]?.page }) else { return nil }
        if page.expires > now { return page }
        return entries.write { entries -> Page? in
            guard var entry = entries[key], entry.page === page else { return nil }
            guard let until = entry.staleUntil else {
                entry.staleUntil = now.addingTimeInterval(grace)
                entries[key] = entry
                return nil
            }
            if now < until { return page }
            // The render has taken longer than the grace: the copy is not given again.
            entries.removeValue(forKey: key)
            return nil
        }
    }

    /// Keeps a freshly rendered page, unless what it shows changed while it was rendered.
    /// - Parameters:
    ///   - page: The page, cut at its visitor slot.
    ///   - key: Its key.
    ///   - generation: `generation` as read before rendering.
    public func keep(_ page: CutResponse, for key: Key, renderedAt generation: UInt64) {
        let now = now()
        let kept = Page(cut: page, expires: now.addingTimeInterval(lifetime))
        entries.write { entries in
            guard changes.load(ordering: .acquiring) == generation else { return }
            if entries.count >= capacity {
                entries = entries.filter { $0.value.page.expires > now }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = Entry(page: kept)
        }
    }

    /// Forgets `key` after a render that is not to be kept (it failed, or the answer was not a page to keep).
    /// - Parameter key: The page's key.
    public func abandon(_ key: Key) {
        guard entries.read({ $0[key] != nil }) else { return }
        entries.write { _ = $0.removeValue(forKey: key) }
    }

    /// Whether a current page is kept for `target` (for tests).
    /// - Parameters:
    ///   - target: The request target.
    ///   - variant: What else the page depends on.
    public func isCurrent(_ target: String, variant: String = "") -> Bool {
        let now = now()
        return entries.read { $0[Key(variant: variant, target: target)]?.page }.map { $0.expires > now } ?? false
    }
}

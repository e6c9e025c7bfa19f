import Foundation
import HTTPServer
import Synchronization

/// A few seconds' memory of rendered pages, shared by all visitors, so a busy stop page costs a lookup.
/// Pages are stored split around the placeholder where the visitor's form token goes, and keyed by the
/// request target and the favourites generation (any favourite change makes every stored page miss).
/// When a page expires, one request renders it again while the others get the previous copy.
final class PageCache: Sendable {
    /// Put where the form token goes; replaced per response.
    static let tokenPlaceholder = "TRAKX-FORM-TOKEN-PLACEHOLDER"

    private struct Entry: Sendable, Expiring {
        let status: Int
        let headers: [(String, String)]
        /// The body cut at each placeholder.
        let body: CutBody
        let expires: Date
        var refreshing: Bool
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let generation = Atomic<UInt64>(0)
    private let lifetime: TimeInterval
    private let capacity: Int
    private let clock: @Sendable () -> Date
    private let variant: @Sendable (Request) -> String
    /// Where pages are also kept for the server to answer on its own thread (nil when pages vary by visitor's list).
    private let ready: ReadyPages?

    /// Creates a cache.
    /// - Parameters:
    ///   - lifetime: Seconds a page is reused.
    ///   - capacity: Most pages kept.
    ///   - now: The app's clock (the same one the PTV cache uses).
    ///   - variant: What else a page depends on besides its target (a shared server's per-browser favourites list).
    ///   - ready: Also keep each page here, for the server to answer without the chain (only when `variant` is constant).
    init(lifetime: TimeInterval = 5, capacity: Int = 512, now: @escaping @Sendable () -> Date = Date.init,
         variant: @escaping @Sendable (Request) -> String = { _ in "" }, ready: ReadyPages? = nil) {
        self.lifetime = lifetime
        self.capacity = capacity
        clock = now
        self.variant = variant
        self.ready = ready
    }

    /// Marks every stored page out of date (after a favourite changes).
    func invalidate() {
        generation.add(1, ordering: .acquiringAndReleasing)
        ready?.removeAll()
    }

    /// The stored page for `request` with this visitor's token, or a freshly rendered one (then stored).
    /// - Parameters:
    ///   - request: The request (its target is the key).
    ///   - render: Renders the page with `PageCache.tokenPlaceholder` as the token.
    func response(for request: Request, _ context: RequestContext, render: () async throws -> Response) async throws -> Response {
        let current = generation.load(ordering: .acquiring)
        let key = "\(current)|\(variant(request))|\(request.target)"
        let now = clock()
        let token = FormToken.value(for: request, context)
        let cached: Entry? = entries.withLock { entries in
            guard var entry = entries[key] else { return nil }
            if entry.expires > now { return entry }
            if entry.refreshing { return entry }  // someone is rendering it again: the old copy will do
            entry.refreshing = true
            entries[key] = entry
            return nil
        }
        if let cached { return Self.assemble(cached, token: token) }
        let rendered: Response
        do {
            rendered = try await render()
        } catch {
            entries.withLock { _ = $0.removeValue(forKey: key) }
            throw error
        }
        guard rendered.status == 200 else {
            entries.withLock { _ = $0.removeValue(forKey: key) }
            return Self.assemble(Self.split(rendered, expires: now), token: token)
        }
        let entry = Self.split(rendered, expires: now.addingTimeInterval(lifetime))
        entries.withLock { entries in
            entries.makeRoom(capacity: capacity, now: now)
            entries[key] = entry
        }
        ready?.keep(target: request.target, response: rendered, body: entry.body, expires: entry.expires) {
            generation.load(ordering: .acquiring) == current
        }
        return Self.assemble(entry, token: token)
    }

    private static func split(_ response: Response, expires: Date) -> Entry {
        Entry(status: response.status, headers: response.headers, body: CutBody(response.body, at: tokenPlaceholder),
              expires: expires, refreshing: false)
    }

    private static func assemble(_ entry: Entry, token: String) -> Response {
        Response(status: entry.status, headers: entry.headers, body: entry.body.joined(with: token))
    }
}

import Foundation
import HTTPServer
import Synchronization

/// A few seconds' memory of rendered pages, shared by all visitors, so a busy stop page costs a lookup.
/// Pages are stored with a placeholder where the visitor's form token goes, and keyed by the request
/// target and the favourites generation (any favourite change makes every stored page miss).
final class PageCache: Sendable {
    /// Put where the form token goes; replaced per response.
    static let tokenPlaceholder = "TRAKX-FORM-TOKEN-PLACEHOLDER"

    private struct Entry: Sendable {
        let response: Response
        let expires: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let generation = Atomic<UInt64>(0)
    private let lifetime: Duration
    private let capacity: Int

    /// Creates a cache.
    /// - Parameters:
    ///   - lifetime: How long a page is reused.
    ///   - capacity: Most pages kept.
    init(lifetime: Duration = .seconds(5), capacity: Int = 512) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// Marks every stored page out of date (after a favourite changes).
    func invalidate() {
        generation.add(1, ordering: .acquiringAndReleasing)
    }

    /// The stored page for `request` with this visitor's token, or a freshly rendered one (then stored).
    /// - Parameters:
    ///   - request: The request (its target is the key).
    ///   - render: Renders the page with `PageCache.tokenPlaceholder` as the token.
    func response(for request: Request, render: () async throws -> Response) async throws -> Response {
        let key = "\(generation.load(ordering: .acquiring))|\(request.target)"
        let now = ContinuousClock.now
        let token = FormToken.value(for: request)
        if let entry = entries.withLock({ $0[key] }), entry.expires > now {
            return Self.personalise(entry.response, token: token)
        }
        let rendered = try await render()
        if rendered.status == 200 {
            entries.withLock { entries in
                if entries.count >= capacity {
                    entries = entries.filter { $0.value.expires > now }
                    if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                }
                entries[key] = Entry(response: rendered, expires: now.advanced(by: lifetime))
            }
        }
        return Self.personalise(rendered, token: token)
    }

    static func personalise(_ response: Response, token: String) -> Response {
        var copy = response
        let placeholder = Array(tokenPlaceholder.utf8)
        let replacement = Array(token.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(response.body.count)
        let body = response.body
        var index = 0
        let first = placeholder[0]
        while index < body.count {
            if body[index] == first, index + placeholder.count <= body.count,
               body[index ..< index + placeholder.count].elementsEqual(placeholder) {
                out.append(contentsOf: replacement)
                index += placeholder.count
            } else {
                out.append(body[index])
                index += 1
            }
        }
        copy.body = out
        return copy
    }
}

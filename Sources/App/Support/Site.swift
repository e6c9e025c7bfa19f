import Foundation
import HTTPServer
import Logging
import PTV
import Storage

/// What every controller shares: templates, the PTV source, favourites, the clock, and demo mode.
struct Site: Sendable {
    let templates: Templates
    let source: any TransitSource
    /// Favourites: the one local list, or each browser's own list on a shared server.
    let lists: FavouriteLists
    let demo: Bool
    let now: @Sendable () -> Date
    let logger: Logger
    /// Rendered pages reused for a few seconds.
    let pages: PageCache
    /// Which way services leave stops (routes' stops per direction, kept a day).
    let ways: StopWays

    /// Words for times relative to now.
    func timeWords() -> TimeWords { TimeWords(now: now()) }

    /// What a page builder needs besides its data.
    func context(for request: Request) -> PageContext {
        PageContext(words: timeWords(), demo: demo, banner: Banner.text(from: request), path: String(request.rawPath))
    }

    /// The layout chrome for a page, with the one-off banner from the query.
    func chrome(title: String, section: PageChrome.Section, request: Request, stale: String? = nil,
                hasErrors: Bool = false, scripts: [String] = []) -> PageChrome {
        context(for: request).chrome(title: title, section: section, stale: stale, hasErrors: hasErrors, scripts: scripts)
    }
}

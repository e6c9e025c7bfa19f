import Foundation
import HTTPServer
import Logging
import PTV
import Storage

/// What every controller shares: templates, PTV, favourites, the clock, and demo mode.
struct Site: Sendable {
    let templates: Templates
    let ptv: PTVClient
    /// Favourites: the one local list, or each browser's own list on a shared server.
    let lists: FavouriteLists
    let demo: Bool
    let now: @Sendable () -> Date
    let logger: Logger
    /// Rendered pages reused for a few seconds.
    let pages: PageCache

    /// Words for times relative to now.
    func timeWords() -> TimeWords { TimeWords(now: now()) }

    /// The layout chrome for a page, with the one-off banner from the query.
    func chrome(title: String, section: PageChrome.Section, request: Request, stale: String? = nil,
                hasErrors: Bool = false, scripts: [String] = []) -> PageChrome {
        PageChrome(title: title, section: section, demo: demo,
                   banner: Banner.text(from: request), stale: stale, hasErrors: hasErrors, scripts: scripts)
    }

    /// "PTV is not answering right now, so this page shows information from 10:42 am." when `fetched` is a stale copy.
    func staleNotice<T>(_ fetched: Fetched<T>) -> String? {
        guard fetched.isStale else { return nil }
        return "PTV is not answering right now, so this page shows information from \(timeWords().clock(fetched.fetchedAt))."
    }
}

import Foundation
import HTTPServer
import PTV
import Storage

/// What the controllers share: templates, the one way to ask PTV (`ask(_:)`; the source itself is read nowhere else),
/// favourites, which way stops' services leave, the clock, demo mode and the one-time notices a change leaves.
struct Site: Sendable {
    let templates: Templates
    let source: any TransitSource
    /// Favourites: the one local list, or each browser's own list on a shared server.
    let lists: FavouriteLists
    let demo: Bool
    let now: @Sendable () -> Date
    /// Confirmations waiting for the browser that made a change.
    let notices: Notices
    /// Which way services leave stops (routes' stops per direction, kept a day).
    let ways: StopWays
    /// Web Push alerts (nil in page tests that build a site without them).
    var alerts: Alerts? = nil
    /// Places searched for, kept in the database (nil in page tests that build a site without them).
    var places: KeptPlaces? = nil
    /// The questions pages leave for later pages, tracked until they end.
    var work = BackgroundWork()
    /// Each board's departures still to come, so one PTV's next list leaves out before it leaves stays on the board.
    var unlisted = UnlistedDepartures()
    /// The most a page waits for PTV in all, and in its second round (`AppConfiguration.pageWait`, `.secondRound`).
    var pageWait = AppConfiguration.defaultPageWait, secondRound = AppConfiguration.defaultSecondRound

    /// The one way this request asks PTV: each question yields evidence, charged to the visitor's allowance, and the
    /// page waits for PTV at most `pageWait` in all.
    func ask(_ context: TrakxContext) -> Ask { Ask.forPage(source: source, allowance: context.allowance, work: work, wait: pageWait, secondRound: secondRound) }

    /// Words for times relative to now.
    func timeWords() -> TimeWords { TimeWords(now: now()) }

    /// What a page builder needs besides its data, with the visitor's one-time notice (if this is the page it
    /// is for) as a banner that names stops by the names the page knows.
    func context(for request: Request, _ context: TrakxContext, knownNames: [FavouriteKey: String] = [:]) -> PageContext {
        PageContext(words: timeWords(), demo: demo, banner: context.visitor.notice.flatMap { Banner.text(from: $0, knownNames: knownNames) },
                    path: String(request.rawPath))
    }

    /// The layout chrome for a page, with the visitor's one-time notice.
    func chrome(title: String, section: PageChrome.Section, request: Request, _ context: TrakxContext, hasErrors: Bool = false,
                knownNames: [FavouriteKey: String] = [:]) -> PageChrome {
        self.context(for: request, context, knownNames: knownNames).chrome(title: title, section: section, hasErrors: hasErrors)
    }

    /// A 303 to `path` that leaves `notice` for the visitor who made the change, said once on that page (a notice
    /// is for a path without its query, as the page reads it).
    func redirect(to path: String, notice: Banner.Fields, for context: TrakxContext) -> Response {
        notices.leave(notice, for: context.visitor, at: String(path.prefix { $0 != "?" }))
        return Response.seeOther(path)
    }
}

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
    /// Confirmations waiting for the browser that made a change.
    let notices: Notices
    /// Rendered pages given again for a few seconds (the chain and the server's warm path answer from it).
    let pages: PageStore
    /// Which way services leave stops (routes' stops per direction, kept a day).
    let ways: StopWays

    /// The one way this request asks PTV: each question yields evidence, charged to the visitor's allowance.
    func ask(_ context: TrakxContext) -> Ask { Ask(source: source, allowance: context.allowance) }

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

    /// A 303 to `path` that leaves `notice` for the visitor who made the change, said once on that page.
    func redirect(to path: String, notice: Banner.Fields, for context: TrakxContext) -> Response {
        notices.leave(notice, for: context.visitor, at: path)
        return Response.seeOther(path)
    }
}

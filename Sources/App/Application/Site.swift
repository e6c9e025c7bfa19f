import Foundation
import HTTPServer
import PTV
import Storage

/// The page kit every controller shares: templates, the one way to ask PTV (`ask(_:)`; the source itself is read
/// nowhere else), the clock, demo mode and the one-time notices a change leaves. What only some pages use (favourites,
/// which way stops' services leave, alerts, places, a board's departures still to come) is handed to those
/// controllers alone (`TrakxApp`).
struct Site: Sendable {
    let templates: Templates
    private let source: any TransitSource
    let demo: Bool
    let now: @Sendable () -> Date
    /// Confirmations waiting for the browser that made a change.
    let notices: Notices
    /// The questions pages leave for later pages, tracked until they end.
    let work: BackgroundWork
    /// The most a page waits for PTV in all, and in its second round (`AppConfiguration.pageWait`, `.secondRound`).
    let pageWait: Duration, secondRound: Duration

    /// Creates the kit.
    /// - Parameters:
    ///   - templates: The page templates.
    ///   - source: Where PTV's answers come from (read only through `ask(_:)`).
    ///   - demo: Whether the answers are the simulator's.
    ///   - now: The clock.
    ///   - notices: Confirmations waiting for the browser that made a change.
    ///   - work: Tracks the questions pages leave for later pages.
    ///   - pageWait: The most a page waits for PTV in all (`AppConfiguration.pageWait`).
    ///   - secondRound: The most its second round waits (`AppConfiguration.secondRound`).
    init(templates: Templates, source: any TransitSource, demo: Bool, now: @escaping @Sendable () -> Date, notices: Notices,
         work: BackgroundWork, pageWait: Duration = AppConfiguration.defaultPageWait,
         secondRound: Duration = AppConfiguration.defaultSecondRound) {
        (self.templates, self.source, self.demo, self.now, self.notices, self.work) = (templates, source, demo, now, notices, work)
        (self.pageWait, self.secondRound) = (pageWait, secondRound)
    }

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

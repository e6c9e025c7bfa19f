import Foundation
import PTV

/// Where PTV's answers come from: `PTVClient` over the network (through its shared cache), or, in page tests,
/// recorded responses. Pages never call it directly: they ask through `Ask`, which turns every outcome into evidence.
protocol TransitSource: Sendable {
    /// The answer to one question, charged to `allowance` when it really reaches PTV.
    /// - Throws: `PTVError`, or `UpstreamBudget.Exhausted` when the allowance refuses the call.
    func fetch<Answer>(_ query: PTVQuery<Answer>, allowance: UpstreamBudget.Allowance?) async throws -> Fetched<Answer>
    /// The answer to `query` when one is held no older than `maxAge` seconds (nil: fresh); never asks.
    func cached<Answer>(_ query: PTVQuery<Answer>, within maxAge: Double?) -> Fetched<Answer>?
}

extension PTVClient: TransitSource {}

/// The one way Trakx asks PTV, for a page or for background work: each question yields `Evidence` (an answer, PTV's
/// "not found", a failure of a named kind, or the visitor's budget refusing it), never a thrown error, so every page
/// words every outcome the same way and decides what to write only after it knows what it got.
struct Ask: Sendable {
    /// Where answers come from.
    let source: any TransitSource
    /// The visitor's PTV allowance for this request (nil for Trakx's own work, which is not counted).
    let allowance: UpstreamBudget.Allowance?
    /// When the page stops waiting for PTV, however many answers it meets hanging one after another (nil: each
    /// question waits as the client does). A question not answered by then is a time-out for this page; its fetch goes
    /// on and fills the cache for the next load.
    var deadline: ContinuousClock.Instant? = nil
    /// Where questions for later pages are tracked (nil: untracked, in page tests that build an Ask of their own).
    var work: BackgroundWork? = nil

    /// Most a page waits, in one more round after its first, for what a rider needs now (`AppConfiguration.secondRound`).
    var secondRound: Duration = AppConfiguration.defaultSecondRound

    /// Private, so that an Ask is made only by the factories below, each saying whose allowance its questions are
    /// charged to (`OneWayToAskTests` finds an `Ask(` anywhere else).
    private init(source: any TransitSource, allowance: UpstreamBudget.Allowance?, deadline: ContinuousClock.Instant? = nil,
                 work: BackgroundWork? = nil, secondRound: Duration = AppConfiguration.defaultSecondRound) {
        self.source = source
        self.allowance = allowance
        self.deadline = deadline
        self.work = work
        self.secondRound = secondRound
    }

    /// An Ask for one page: its questions charged to `allowance`, and waited for until `wait` from now.
    /// - Parameters:
    ///   - source: Where answers come from.
    ///   - allowance: The visitor's PTV allowance.
    ///   - work: Where the page's questions for later pages are tracked.
    ///   - wait: The most the page waits for PTV in all (`AppConfiguration.pageWait`).
    ///   - secondRound: The most its second round waits.
    static func forPage(source: any TransitSource, allowance: UpstreamBudget.Allowance?, work: BackgroundWork?,
                        wait: Duration = AppConfiguration.defaultPageWait,
                        secondRound: Duration = AppConfiguration.defaultSecondRound) -> Ask {
        Ask(source: source, allowance: allowance, deadline: .now + wait, work: work, secondRound: secondRound)
    }

    /// An Ask for Trakx's own background work on an account of its own in the visitors' budget (`account`), so that a
    /// refusal stops only that work: not counted when there is no budget or it is off.
    /// - Parameters:
    ///   - source: Where answers come from.
    ///   - budget: The visitors' budget (nil: none).
    ///   - account: The work's name in the budget ("trakx-alerts").
    ///   - work: Where questions it leaves for later are tracked.
    static func forTrakx(source: any TransitSource, budget: UpstreamBudget?, account: String, work: BackgroundWork? = nil) -> Ask {
        Ask(source: source, allowance: budget.flatMap { $0.callsPerMinute > 0 ? $0.allowance(for: account) : nil }, work: work)
    }

    /// The most a second round may wait now: `secondRound`, but never past the page's deadline, so a page whose first
    /// round met a hang does not wait a second round on top of its whole wait (5 s and 2 s, where 5 s in all is promised).
    var secondRoundLeft: Duration {
        guard let deadline else { return secondRound }
        return min(secondRound, max(.zero, ContinuousClock.now.duration(to: deadline)))
    }

    /// The same asking without the page's deadline, for work that goes on after the page is sent.
    var unbounded: Ask { Ask(source: source, allowance: allowance, work: work, secondRound: secondRound) }

    /// Asks one question and keeps what happened, whatever it was.
    /// - Parameter query: The question.
    func callAsFunction<Answer>(_ query: PTVQuery<Answer>) async -> Evidence<Answer> {
        let question = Question(query.request.endpoint)
        // An answer held fresh comes at once: no deadline to keep.
        guard let deadline, source.cached(query, within: nil) == nil else {
            return Evidence(question, await Self.result(of: query, from: source, allowance: allowance))
        }
        let (source, allowance) = (self.source, self.allowance)
        let fetch = Task { await Self.result(of: query, from: source, allowance: allowance) }
        guard let result = await Deadline.value(of: fetch, within: ContinuousClock.now.duration(to: deadline)) else {
            // The fetch the page stops waiting for goes on to fill the cache: tracked, so shutdown and tests wait for it.
            work?.start { _ = await fetch.value }
            return Evidence(question, .failure(PTVError(.timedOut)))
        }
        return Evidence(question, result)
    }

    /// The source's answer to `query`, or what it threw.
    private static func result<Answer>(of query: PTVQuery<Answer>, from source: any TransitSource,
                                       allowance: UpstreamBudget.Allowance?) async -> Result<Fetched<Answer>, any Error> {
        do {
            return .success(try await source.fetch(query, allowance: allowance))
        } catch {
            return .failure(error)
        }
    }

    /// Asks `query` when there is one (nil when there is nothing to ask).
    /// - Parameter query: The question, if any.
    func callAsFunction<Answer>(ifAny query: PTVQuery<Answer>?) async -> Evidence<Answer>? {
        guard let query else { return nil }
        return await self(query)
    }

    /// What is already known for `query` (a fresh cached answer), without asking; nil when nothing is.
    /// - Parameter query: The question.
    func known<Answer>(_ query: PTVQuery<Answer>) -> Fetched<Answer>? {
        source.cached(query, within: nil)
    }

    /// What was known for `query` up to `maxAge` seconds ago, fresh or not, without asking; nil when nothing is. For
    /// answers that stay true past their freshness (a disruption's text, once a fresh answer names it).
    /// - Parameters:
    ///   - query: The question.
    ///   - maxAge: How old the answer may be, in seconds.
    func held<Answer>(_ query: PTVQuery<Answer>, within maxAge: Double) -> Fetched<Answer>? {
        source.cached(query, within: maxAge)
    }

    /// Starts learning `query`'s answer for a later page, without waiting for it (on this visitor's allowance), tracked
    /// in `work`.
    /// - Parameter query: The question.
    /// - Returns: The question's task, for a page that may wait for it a bounded while (`Deadline`).
    /// Not counted on the page's `UpstreamClock`: the page does not wait for it (a second round that does counts its
    /// wait, `secondRound(_:within:)`).
    @discardableResult
    func learn<Answer>(_ query: PTVQuery<Answer>) -> Task<Void, Never> {
        let ask = unbounded
        let body: @Sendable () async -> Void = { await UpstreamClock.$current.withValue(nil) { _ = await ask(query) } }
        guard let work else { return Task { await body() } }
        return work.start(body)
    }

    /// Waits for questions asked in tasks of their own (a page's second round), up to `limit`, counted on the page's
    /// `UpstreamClock` as one wait on PTV.
    /// - Parameters:
    ///   - tasks: The questions' tasks.
    ///   - limit: The most to wait.
    static func secondRound<T: Sendable>(_ tasks: [Task<T, Never>], within limit: Duration) async {
        guard !tasks.isEmpty else { return }
        let wait = { _ = await Deadline.value(of: Task { for task in tasks { _ = await task.value } }, within: limit) }
        if let clock = UpstreamClock.current { await clock.waiting(wait) } else { await wait() }
    }
}

import Foundation
import HTTPServer
import PTV

/// What Trakx knows from one PTV question, since when, and from which answer.
///
/// Every PTV answer a page uses reaches its page model as evidence: the question asked; its outcome (an answer,
/// PTV's "not found", a failure and its kind, or not asked); when the answer was fetched; and, for a saved copy
/// shown in place of a fresh answer, why. Page models derive each sentence from the evidence that supports it:
/// - Existence is decided only by the question that defines it: a stop exists if the stop call or a departures
///   answer names it; a run if its pattern names stops. A failure, or a 404 on some other question, is never
///   "no such stop".
/// - A page keeps every part that did load and says, part by part, what could not be checked, in one wording per
///   outcome (`EvidenceWords`), the same on every page.
/// - A saved copy is dated and never more than it knew: its times are "was due", its live estimates "last live
///   estimate 9 36 am", and nothing is "departed" or "at the platform" on its word alone.
struct Evidence<Value: Sendable>: Sendable {
    /// What came back.
    enum Outcome: Sendable {
        /// PTV answered, with when (possibly a saved copy; see `Fetched.staleBecause`).
        case answered(Fetched<Value>)
        /// PTV said it does not know the thing asked about (404, or 400 for an id it rejects).
        case notFound
        /// PTV or the network failed, in this way.
        case failed(PTVError.Kind)
        /// The visitor's PTV budget for this minute is spent, so the question was not sent.
        case refused(UpstreamBudget.Exhausted)
        /// The question was not asked (nothing to ask it about), or its answer is still being learnt for a later page.
        case notAsked
    }

    /// The question.
    let question: Question
    let outcome: Outcome

    /// The answer with its fetch time, if there is one.
    var fetched: Fetched<Value>? {
        if case .answered(let fetched) = outcome { return fetched }
        return nil
    }

    /// The answer, if there is one.
    var value: Value? { fetched?.value }
    /// When PTV sent the answer (answers only).
    var fetchedAt: Date? { fetched?.fetchedAt }
    /// Why a saved copy stands in for a fresh answer (nil when the answer is fresh, or there is none).
    var staleBecause: PTVError.Kind? { fetched?.staleBecause }
    /// Whether the answer is a saved copy shown because a fresh one could not be had in time.
    var isStale: Bool { staleBecause != nil }
    /// The time an answer's live estimates date from when it is a saved copy (nil for a fresh answer).
    var staleSince: Date? { fetched?.staleSince }

    /// How the question failed, if it did.
    var failure: PTVError.Kind? {
        if case .failed(let kind) = outcome { return kind }
        return nil
    }

    /// The budget's refusal, when the question was not sent for it.
    var refusal: UpstreamBudget.Exhausted? {
        if case .refused(let refusal) = outcome { return refusal }
        return nil
    }

    /// Whether the question was asked and got no answer (it failed or was refused).
    var isUnanswered: Bool { failure != nil || refusal != nil }
    /// Whether it leaves nothing to ask again (a fresh answer, PTV's "not found", or nothing to ask): only a page
    /// whose questions are all whole may be kept for the next visitors.
    var isWhole: Bool { !isUnanswered && !isStale }

    /// Evidence from a fetched answer.
    init(_ question: Question, _ fetched: Fetched<Value>) {
        self.question = question
        outcome = .answered(fetched)
    }

    /// Evidence of a question that got no answer.
    init(_ question: Question, outcome: Outcome) {
        self.question = question
        self.outcome = outcome
    }

    /// Evidence of what asking ended in: an answer, PTV's "not found", the budget's refusal or a failure.
    init(_ question: Question, _ result: Result<Fetched<Value>, any Error>) {
        self.question = question
        switch result {
        case .success(let fetched): outcome = .answered(fetched)
        case .failure(let error as PTVError) where error.kind == .notFound || error.kind == .badRequest: outcome = .notFound
        case .failure(let error as PTVError): outcome = .failed(error.kind)
        case .failure(let refusal as UpstreamBudget.Exhausted): outcome = .refused(refusal)
        case .failure: outcome = .failed(.unreachable)
        }
    }

    /// The answer a page stands on, or the error page that says why there is none: PTV's "not found" is `missing`
    /// (404), the budget's refusal a 429, a failure its status with "Trakx could not \(couldNot) just now, because …"
    /// (or the reason alone when `couldNot` is nil).
    /// - Parameters:
    ///   - missing: What a 404 says.
    ///   - couldNot: What could not be done ("load this line").
    func required(missing: String, couldNot: String? = nil) throws(HTTPError) -> Fetched<Value> {
        if let fetched { return fetched }
        if let refusal { throw EvidenceWords.refused(refusal) }
        guard let couldNot else { throw EvidenceWords.error(failure ?? .notFound, missing: missing) }
        throw EvidenceWords.error(failure, missing: missing, couldNot: couldNot)
    }

    /// The same evidence with its answer read another way.
    func map<Other: Sendable>(_ transform: (Value) -> Other) -> Evidence<Other> {
        switch outcome {
        case .answered(let fetched): Evidence<Other>(question, fetched.map(transform))
        case .notFound: Evidence<Other>(question, outcome: .notFound)
        case .failed(let kind): Evidence<Other>(question, outcome: .failed(kind))
        case .refused(let refusal): Evidence<Other>(question, outcome: .refused(refusal))
        case .notAsked: Evidence<Other>(question, outcome: .notAsked)
        }
    }
}

/// The PTV questions pages ask, named as a sentence names them.
enum Question: String, Sendable {
    case stop = "This stop's details"
    case departures = "Departures"
    case pattern = "This service's stops and times"
    case route = "This line"
    case directions = "This line's directions"
    case stopsOnRoute = "The stops on this line"
    case disruptions = "Disruptions"
    case nearby = "Stops near this place"
    case search = "The search"
    case other = "Information from PTV"

    /// The question an endpoint answers.
    init(_ endpoint: PTVRequest.Endpoint) {
        self = switch endpoint {
        case .stop: .stop
        case .departures: .departures
        case .pattern: .pattern
        case .route, .routes, .routeTypes: .route
        case .directions: .directions
        case .stopsOnRoute: .stopsOnRoute
        case .disruptions, .disruption, .disruptionModes: .disruptions
        case .stopsNearby: .nearby
        case .search: .search
        case .runs: .other
        }
    }
}

import Foundation
import HTTPServer
import PTV

/// One wording per outcome, used by every page: what failed is named truly ("PTV did not answer in time"), what
/// PTV said it does not know is said as that, and nothing that failed is dressed up as an answer or an absence.
enum EvidenceWords {
    /// Said where PTV answered a stop's departures question with "not found" (the stop may still exist).
    static let departuresNotFound = "PTV could not find departures for this stop just now."
    /// Said where PTV answered a stop's departures question with none still to leave. PTV sends the next services
    /// however far ahead they are (tomorrow's first after the last tonight), so this is all it lists, not "in the
    /// next few hours", which no answer says.
    static let noMoreDepartures = "PTV lists no more departures from this stop."

    /// Why an answer could not be had: "PTV did not answer in time".
    static func reason(_ kind: PTVError.Kind) -> String {
        switch kind {
        case .timedOut: "PTV did not answer in time"
        case .unreachable: "Trakx could not reach PTV"
        case .truncated: "PTV's answer was cut off part way"
        case .badStatus: "PTV's service reported an error"
        case .malformedBody: "PTV sent an answer Trakx could not read"
        case .unhealthy: "PTV says its service is offline"
        case .throttled: "PTV is limiting how often Trakx may ask"
        case .signatureRejected, .devIDInvalid: "PTV does not accept this Trakx's key"
        case .noAnswer: "PTV answered without the information Trakx asked for"
        case .notFound, .badRequest: "PTV did not find it"
        }
    }

    /// " just now" for a failure that may pass; nothing for a refused key, which lasts until whoever runs this
    /// Trakx mends it (a rider is never told to wait for that).
    static func justNow(_ kind: PTVError.Kind) -> String {
        kind.isKeyRefused ? "" : " just now"
    }

    /// Said after a refused key: whose it is to mend, and that waiting will not.
    static let keyRefusedAdvice = "Whoever runs this Trakx needs to fix it, and waiting will not help."

    /// "Departures could not be loaded just now, because PTV did not answer in time."
    static func couldNotLoad(_ question: Question, _ kind: PTVError.Kind) -> String {
        "\(question.rawValue) could not be loaded\(justNow(kind)), because \(reason(kind))."
    }

    /// What a page says of a part that did not load (nil when it loaded).
    static func missing<Value>(_ evidence: Evidence<Value>, notFound: String) -> String? {
        switch evidence.outcome {
        case .answered, .notAsked: nil
        case .notFound: notFound
        case .failed(let kind): couldNotLoad(evidence.question, kind)
        case .refused(let refusal): "\(evidence.question.rawValue) could not be asked for just now, because \(refusedReason), "
            + "so Trakx did not ask PTV. Try again at \(retryTime(refusal))."
        }
    }

    /// "Disruptions on this line could not be checked just now, because PTV did not answer in time." for a part a
    /// page can do without: said when its question failed or was refused, nil otherwise (an answer, not asked, or
    /// PTV's "not found", which each page words itself).
    /// - Parameters:
    ///   - part: What could not be checked ("This stop's access facts").
    ///   - evidence: Its question's evidence.
    static func notChecked<Value>(_ part: String, _ evidence: Evidence<Value>) -> String? {
        switch evidence.outcome {
        case .failed(let kind): "\(part) could not be checked\(justNow(kind)), because \(reason(kind))."
        case .refused: "\(part) could not be checked just now, because \(refusedReason)."
        case .answered, .notAsked, .notFound: nil
        }
    }

    /// Why a question was not sent: the visitor's share of PTV is spent for this minute.
    static let refusedReason = "this connection has opened too many new pages in a minute"

    /// The 429 for a refusal: the time to try again (the next minute, rounded up to be safe) in words and in seconds.
    /// - Parameter refusal: The budget's refusal.
    static func refused(_ refusal: UpstreamBudget.Exhausted) -> HTTPError {
        let seconds = max(1, Int(retry(refusal).timeIntervalSince(refusal.at).rounded(.up)))
        return HTTPError(429, "Too many new pages from this connection in a minute. Try again at \(retryTime(refusal)). "
                         + "Pages opened recently still load.", headers: [("Retry-After", String(seconds))])
    }

    /// When a refused visitor may ask again: the end of its minute, rounded up to a whole minute on the clock.
    private static func retry(_ refusal: UpstreamBudget.Exhausted) -> Date {
        Date(timeIntervalSinceReferenceDate: (refusal.until.timeIntervalSinceReferenceDate / 60).rounded(.up) * 60)
    }

    /// "9 41 am".
    private static func retryTime(_ refusal: UpstreamBudget.Exhausted) -> String {
        TimeWords(now: refusal.at).clock(retry(refusal))
    }

    /// "PTV did not answer in time, so this page shows information from 10 42 am." for a saved copy.
    static func staleNotice<Value>(_ evidence: Evidence<Value>, words: TimeWords) -> String? {
        guard let because = evidence.staleBecause, let fetchedAt = evidence.fetchedAt else { return nil }
        return staleNotice(because: because, fetchedAt: fetchedAt, words: words)
    }

    /// The same, from a reason and a time.
    static func staleNotice(because: PTVError.Kind, fetchedAt: Date, words: TimeWords) -> String {
        "\(reason(because)), so this page shows information from \(words.clock(fetchedAt))."
    }

    /// The error page for the question a page stands on, when it got no answer: PTV's "not found" (nil `failure`) is
    /// `missing` (404); a failure is "Trakx could not \(couldNot) just now, because …" with the failure's status (without
    /// "just now" for a refused key).
    /// - Parameters:
    ///   - failure: How the question failed; nil when PTV said it does not know the thing.
    ///   - missing: What a 404 says.
    ///   - couldNot: What could not be done ("load this line").
    static func error(_ failure: PTVError.Kind?, missing: String, couldNot: String) -> HTTPError {
        var error = error(failure ?? .notFound, missing: missing)
        if let failure { error.message = "Trakx could not \(couldNot)\(justNow(failure)), because \(error.message)" }
        return error
    }

    /// The error page for a question whose failure leaves nothing to show.
    static func error(_ kind: PTVError.Kind, missing: String) -> HTTPError {
        switch kind {
        case .notFound, .badRequest:
            return HTTPError(404, missing)
        case .throttled:
            return HTTPError(503, "PTV is limiting how often Trakx may ask for information, and Trakx has no saved copy of this page yet.",
                             headers: [("Retry-After", "30")], advice: "This is not a problem with your device. Try again in a minute.")
        case .unhealthy:
            return HTTPError(503, "\(reason(kind)) right now.", headers: [("Retry-After", "60")])
        case .unreachable:
            return HTTPError(503, "\(reason(kind)).", headers: [("Retry-After", "30")])
        case .timedOut:
            return HTTPError(504, "\(reason(kind)).")
        case .signatureRejected, .devIDInvalid:
            return HTTPError(502, "\(reason(kind)). \(keyRefusedAdvice)",
                             advice: "This is a problem with how this Trakx is set up, not with your device or with PTV's service.")
        case .badStatus, .malformedBody, .truncated, .noAnswer:
            return HTTPError(502, "\(reason(kind)).")
        }
    }
}

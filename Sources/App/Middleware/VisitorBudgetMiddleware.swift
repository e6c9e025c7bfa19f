import Foundation
import HTTPServer
import PTV

/// Gives each request its visitor's allowance of PTV calls, and turns a refusal into a 429 page in words
/// ("Too many new pages from this connection in a minute. Try again at 9:41 am") with `Retry-After`.
/// Pages whose PTV answers are cached cost nothing, so they still load.
struct VisitorBudgetMiddleware: Middleware {
    let budget: UpstreamBudget
    let now: @Sendable () -> Date

    func handle(_ request: Request, _ context: TrakxContext, next: Handler<TrakxContext>) async throws -> Response {
        guard budget.callsPerMinute > 0 else { return try await next(request, context) }
        let allowance = budget.allowance(for: ClientAddress.visitor(request.remoteAddress))
        let response: Response
        do {
            response = try await UpstreamBudget.$current.withValue(allowance) { try await next(request, context) }
        } catch {
            if let refusal = allowance.refusal { throw Self.error(refusal, now: now()) }
            throw error
        }
        // A refused call may have been left out of a page that still rendered (a stop's facts): refuse it whole.
        if let refusal = allowance.refusal { throw Self.error(refusal, now: now()) }
        return response
    }

    /// The 429 for a refusal: the time to try again (the next minute, rounded up to be safe) in words and in seconds.
    /// - Parameters:
    ///   - refusal: The budget's refusal.
    ///   - now: The current time.
    static func error(_ refusal: UpstreamBudget.Exhausted, now: Date) -> HTTPError {
        let minute = (refusal.until.timeIntervalSinceReferenceDate / 60).rounded(.up) * 60
        let retry = Date(timeIntervalSinceReferenceDate: minute)
        let seconds = max(1, Int(retry.timeIntervalSince(now).rounded(.up)))
        return HTTPError(429, "Too many new pages from this connection in a minute. Try again at \(TimeWords(now: now).clock(retry)). "
                         + "Pages opened recently still load.", headers: [("Retry-After", String(seconds))])
    }
}

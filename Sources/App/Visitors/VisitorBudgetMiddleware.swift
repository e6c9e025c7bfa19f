import Foundation
import HTTPServer
import PTV

/// Gives each request its visitor's allowance of PTV calls, on its context: every question the request asks carries
/// it, and a refused question is evidence the page words like any other (a page that stands on it is the 429 below).
/// Pages whose PTV answers are cached cost nothing, so they still load.
struct VisitorBudgetMiddleware: Middleware {
    let budget: UpstreamBudget

    func handle(_ request: Request, _ context: TrakxContext, next: Handler<TrakxContext>) async throws -> Response {
        guard budget.callsPerMinute > 0 else { return try await next(request, context) }
        var context = context
        context.allowance = budget.allowance(for: ClientAddress.visitor(request.remoteAddress))
        return try await next(request, context)
    }
}

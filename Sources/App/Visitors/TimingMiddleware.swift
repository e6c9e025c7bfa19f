import Foundation
import HTTPServer
import PTV

/// Adds `Server-Timing` to every response the chain makes: total time in Trakx and the part spent waiting on
/// PTV, with its PTV calls and the rounds they took (`UpstreamClock`), so the cost of Trakx itself (total − upstream)
/// and a page's round trips can be measured from outside. (A page answered from the
/// page store on the server's warm path never reaches the chain, waits on nothing, and has no such header.)
struct TimingMiddleware: Middleware {
    func handle(_ request: Request, _ context: TrakxContext, next: Handler<TrakxContext>) async throws -> Response {
        let clock = UpstreamClock()
        let started = ContinuousClock.now
        var response = try await UpstreamClock.$current.withValue(clock) { try await next(request, context) }
        let total = started.duration(to: .now).components
        let totalMilliseconds = Double(total.seconds) * 1000 + Double(total.attoseconds) / 1e15
        let waited = clock.waited
        response.headers.append(("Server-Timing", "total;dur=\(Self.format(totalMilliseconds)), upstream;dur=\(Self.format(waited.milliseconds));desc=\"\(waited.calls) PTV calls in \(waited.rounds) rounds\""))
        return response
    }

    /// Milliseconds with two decimals ("12.05"), without `String(format:)` (it is costly on every request).
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return String(hundredths / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }
}

import Foundation

/// `/arrived/{mode}/{id}`: a stop as a rider finds it on getting off; the heading is the answer.
struct ArrivalPage: Sendable {
    /// "You are at Dandenong Station, platform 1."
    let head: PageHead
    let arrival: Arrival

    /// Builds the page.
    /// - Parameters:
    ///   - arrival: What the arrival says.
    ///   - context: Words, demo mode, banner and path.
    init(_ arrival: Arrival, context: PageContext) {
        self.arrival = arrival
        head = PageHead(context.chrome(title: arrival.heading), heading: arrival.heading)
    }
}

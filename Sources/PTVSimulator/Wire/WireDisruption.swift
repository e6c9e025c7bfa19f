import Foundation
import PTV

/// A disruption as PTV sends it (the bucket it is listed under is not a field).
struct WireDisruption: Encodable, Sendable {
    let disruptionId: Int64
    let title: String
    let url: String
    let description: String
    /// "Current" or "Planned".
    let disruptionStatus: String
    let disruptionType: String
    let publishedOn: Date
    let lastUpdated: Date
    let fromDate: Date
    @OrNull var toDate: Date?
    let routes: [WireRoute]
    let stops: [Stop]
    let colour: String
    let displayOnBoard: Bool
    let displayStatus: Bool

    /// A stop a disruption affects.
    struct Stop: Encodable, Sendable {
        let stopId: Int
        let stopName: String
    }
}

import App
import Foundation
import PTV
import PTVSimulator
import Testing

extension TestApp {
    /// The simulator's train standing at a platform at `now`, and the stops of its run in order.
    func trainAtPlatform(at now: Date) async throws -> (example: SimulatorShowcase.Example, stops: [Int]) {
        let simulator = try require_(simulator, "simulator")
        let example = try require_(simulator.showcase(at: now).trainAtPlatform, "a train at a platform")
        let pattern = try await app.ptv.fetch(.pattern(runRef: example.runRef, routeType: 0)).value
        return (example, pattern.departures.filter { $0.runRef == example.runRef }.map(\.stopId))
    }
}

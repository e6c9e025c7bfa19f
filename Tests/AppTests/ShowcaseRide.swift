import App
import Foundation
import PTV
import PTVSimulator
import Testing

extension TestApp {
    /// The simulator's train standing at a platform at `now`, and the stops of its run in order.
    func trainAtPlatform(at now: Date) async throws -> (example: SimulatorShowcase.Example, stops: [Int]) {
        let (example, pattern) = try await showcase(\.trainAtPlatform, "a train at a platform", at: now)
        return (example, pattern.departures.filter { $0.runRef == example.runRef }.map(\.stopId))
    }

    /// One of the simulator's examples at `now` (`what` names it when the simulator has none), and its run's stopping
    /// pattern as the app's PTV client fetches it.
    func showcase(_ example: KeyPath<SimulatorShowcase, SimulatorShowcase.Example?>, _ what: String, at now: Date = fixedNow)
        async throws -> (example: SimulatorShowcase.Example, pattern: PatternResponse) {
        let found = try require_(try require_(simulator, "simulator").showcase(at: now)[keyPath: example], what)
        return (found, try await app.ptv.fetch(.pattern(runRef: found.runRef, routeType: found.routeType.rawValue)).value)
    }
}

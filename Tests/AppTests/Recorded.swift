import Foundation
import PTV
@testable import App

/// Recorded PTV responses from `Fixtures/recorded` (real PTV data; see the README there), decoded as Trakx decodes them.
enum Recorded {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/recorded")

    /// Every recorded file name.
    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Every recording of bus answers (`route_type` 2), named as `load` reads them ("bus/monash-departures.json").
    static var busNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("bus").path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { "bus/" + $0 }
    }

    /// Every recording with the mode of its answers.
    static var all: [(name: String, type: RouteType)] {
        names.map { ($0, RouteType.train) } + busNames.map { ($0, RouteType.bus) }
    }

    /// Decodes a recording.
    static func load<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        let file = name.hasSuffix(".json") ? name : name + ".json"
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: folder.appendingPathComponent(file)))
    }

    /// A recorded pattern read as a journey.
    static func journey(_ name: String, type: RouteType = .train) throws -> Journey {
        Journey(try load(name, as: PatternResponse.self), routeType: type)
    }

    /// Every recorded pattern (a departures list with a stop sequence), read as a journey, with its first and last times.
    static func patterns() -> [(name: String, pattern: PatternResponse, journey: Journey, first: Date, last: Date)] {
        names.compactMap { name in
            guard let pattern = try? load(name, as: PatternResponse.self), pattern.departures.contains(where: { $0.departureSequence > 0 })
            else { return nil }
            let journey = Journey(pattern, routeType: .train)
            let times = journey.calls.compactMap(\.time)
            guard let first = times.min(), let last = times.max() else { return nil }
            return (name, pattern, journey, first, last)
        }
    }

    /// A page context at `now`.
    static func context(_ now: Date, path: String = "/") -> PageContext {
        PageContext(words: TimeWords(now: now), demo: false, banner: nil, path: path)
    }

    /// An ISO 8601 instant.
    static func at(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}

@testable import App
import Foundation
import PTV
import Storage
import TestSupport

/// Recorded and real-shaped PTV bodies from `Fixtures/`, decoded as the client decodes them, and a fixed clock.
enum PageFixtures {
    /// Saturday 21 November 2026, 8:30 am in Melbourne: the clock every page-model test reads.
    static let now = Date(timeIntervalSince1970: 1_795_210_200)

    /// Decodes `Fixtures/{name}.json`.
    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw TestFailure("no fixture \(name).json")
        }
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }

    /// A fresh answer fetched at `now`.
    static func fetched<T: Decodable & Sendable>(_ type: T.Type, _ name: String) throws -> Fetched<T> {
        Fetched(value: try decode(type, name), fetchedAt: now)
    }

    /// The context a page gets at `now`, not in demo mode.
    static func context(path: String = "/") -> PageContext {
        PageContext(words: TimeWords(now: now), demo: false, banner: nil, path: path)
    }
}

extension StopPage {
    /// The stop page from a departures answer and, when given, a stop-details answer (nil: that call failed
    /// with `detailsFailure`), as the controller builds it from evidence; nil where the page would be an error.
    init?(type: RouteType, stopID: Int, departures: Fetched<DeparturesResponse>, details: StopDetailsResponse?,
          detailsFailure: PTVError.Kind = .badStatus, favourites: [FavouriteStop], context: PageContext) {
        let detailsAsked = details.map { Evidence(.stop, Fetched(value: $0, fetchedAt: departures.fetchedAt)) }
            ?? Evidence(.stop, outcome: .failed(detailsFailure))
        guard let page = try? StopPage(type: type, stopID: stopID, details: detailsAsked, departures: Evidence(.departures, departures),
                                       favourites: favourites, context: context) else { return nil }
        self = page
    }
}

import HTTPServer
import Storage

/// What a rider is told when the database cannot be reached just now (PostgreSQL gone away): a 503 page with
/// `Retry-After`, saying in words what cannot be read or saved, and that nothing was saved. Never a 500, and never
/// "saved" when it was not. Departure boards do not wait on the database, so they go on working.
enum StoreUnavailable {
    /// Seconds a browser or client is asked to wait before trying again.
    static let retryAfter = 10

    /// Favourites pages and forms.
    static let favourites = page("Your favourites cannot be read or saved just now.")

    /// Alert forms.
    static let alerts = page("Your alerts cannot be read or saved just now.")

    /// The home page's words in place of its favourites, when they cannot be read.
    static let homeFavourites = "Your favourites cannot be read just now. Departures, stops and search still work. Try again in a minute."

    private static func page(_ message: String) -> HTTPError {
        HTTPError(503, message, headers: [("Retry-After", String(retryAfter))],
                  advice: "Nothing was saved. This is not a problem with your device or with PTV, and departures still work. Try again in a minute.")
    }

    /// Whether `error` is the database being unreachable (rather than a fault, which stays a 500).
    /// - Parameter error: What a store threw.
    static func isUnavailable(_ error: any Error) -> Bool {
        (error as? PostgresError)?.isUnavailable == true
    }

    /// Runs `work`, turning the database being unreachable into `answer`.
    /// - Parameters:
    ///   - answer: The 503 page to give instead.
    ///   - work: Store calls.
    static func guarding<T>(_ answer: HTTPError, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch where isUnavailable(error) {
            throw answer
        }
    }
}

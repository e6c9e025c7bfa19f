import Foundation
import Logging
import SharedCache

extension AppConfiguration {
    /// Whether `text` reads as a shared cache's URL (`redis://host:port[/db]`).
    /// - Parameter text: The URL.
    public static func isRedisURL(_ text: String) -> Bool {
        RedisURL(text) != nil
    }

    /// The fleet's shared store when `--shared-cache` names one, else nil.
    /// - Parameters:
    ///   - logger: Logger (the URL is logged without its password).
    ///   - work: Where the store's writes in the background (the throttle) are tracked.
    /// - Throws: `StartupError` when the URL does not read.
    func makeSharedStore(logger: Logger, work: BackgroundWork) throws -> SharedStore? {
        guard let text = sharedCacheURL else { return nil }
        guard let url = RedisURL(text) else { throw StartupError("--shared-cache must be redis://host:port or redis://host:port/db") }
        logger.notice("Sharing PTV answers, throttling, budgets and notices with the fleet through \(url) under \(sharedCacheNamespace)")
        return SharedStore(url: url, namespace: sharedCacheNamespace, timeout: sharedCacheTimeout, logger: logger,
                           background: { _ = work.start($0) })
    }
}

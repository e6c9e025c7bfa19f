import App
import ArgumentParser

/// `trakx serve`'s options for a fleet: the Redis the instances share while they run.
struct SharedCacheOptions: ParsableArguments {
    @Option(help: """
        Redis the instances of a fleet share (redis://host:port[/db]): PTV answers, PTV's throttling, visitors' \
        budgets, list starts and one-time notices. Without it each instance keeps its own.
        """)
    var sharedCache: String?

    @Option(help: "Key prefix in the shared cache, one for each fleet sharing one Redis.")
    var sharedCacheNamespace: String = "trakx"

    func validate() throws {
        if let sharedCache, !AppConfiguration.isRedisURL(sharedCache) {
            throw ValidationError("--shared-cache must be redis://host:port or redis://host:port/db")
        }
        if sharedCacheNamespace.isEmpty || sharedCacheNamespace.contains(where: \.isWhitespace) {
            throw ValidationError("--shared-cache-namespace must be one word")
        }
    }

    /// Sets the shared cache's URL and namespace.
    /// - Parameter configuration: The app's settings.
    func apply(to configuration: inout AppConfiguration) {
        configuration.sharedCacheURL = sharedCache
        configuration.sharedCacheNamespace = sharedCacheNamespace
    }
}

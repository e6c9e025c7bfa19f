import Foundation

/// Where the shared cache is: `redis://[:password@]host:port[/db]`. Its `description` never holds the password.
public struct RedisURL: Sendable, Equatable, CustomStringConvertible {
    /// Host name or address.
    public let host: String
    /// TCP port.
    public let port: Int
    /// Database number (`SELECT`ed on connecting).
    public let database: Int
    /// Password for `AUTH`, if the URL gave one.
    let password: String?

    /// Reads a URL; nil when it is not `redis://host[:port][/db]`.
    /// - Parameter text: The URL.
    public init?(_ text: String) {
        guard let components = URLComponents(string: text), components.scheme == "redis",
              let host = components.host, !host.isEmpty else { return nil }
        self.host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        port = components.port ?? 6379
        let path = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard let database = path.isEmpty ? 0 : Int(path), database >= 0 else { return nil }
        self.database = database
        password = components.password.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding }
    }

    /// `redis://host:port/db`, with no password: safe to log.
    public var description: String { "redis://\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)" }
}

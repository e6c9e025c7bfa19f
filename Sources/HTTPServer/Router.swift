/// Maps method + path patterns such as `/stops/{mode}/{id}` to handlers.
/// `HEAD` is answered by the `GET` handler; a known path with another method gets 405 with `Allow`.
public struct Router: Sendable {
    struct Route: Sendable {
        let method: String
        let pattern: String
        let segments: [Segment]
        let handler: Handler
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The result of matching a request.
    public enum Match: Sendable {
        /// A handler with its pattern and decoded path parameters.
        case found(Handler, pattern: String, parameters: [String: String])
        /// The path exists, but not for this method; the allowed methods.
        case methodNotAllowed([String])
        /// No route has this path.
        case notFound
    }

    private var routes: [Route] = []

    /// Creates an empty router.
    public init() {}

    /// Adds a route.
    /// - Parameters:
    ///   - method: HTTP method.
    ///   - pattern: Path pattern; `{name}` matches one segment.
    ///   - handler: The handler.
    public mutating func on(_ method: String, _ pattern: String, use handler: @escaping Handler) {
        let segments = pattern.split(separator: "/").map { part -> Segment in
            if part.hasPrefix("{"), part.hasSuffix("}") { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
        routes.append(Route(method: method, pattern: pattern, segments: segments, handler: handler))
    }

    /// Adds a GET route (HEAD comes with it).
    /// - Parameters:
    ///   - pattern: Path pattern.
    ///   - handler: The handler.
    public mutating func get(_ pattern: String, use handler: @escaping Handler) { on("GET", pattern, use: handler) }

    /// Adds a POST route.
    /// - Parameters:
    ///   - pattern: Path pattern.
    ///   - handler: The handler.
    public mutating func post(_ pattern: String, use handler: @escaping Handler) { on("POST", pattern, use: handler) }

    /// Finds the handler for a method and a raw (still encoded) path.
    /// - Parameters:
    ///   - method: Request method.
    ///   - rawPath: Path as received, without query.
    public func match(method: String, rawPath: Substring) -> Match {
        let parts = rawPath.split(separator: "/", omittingEmptySubsequences: true)
        let wanted = method == "HEAD" ? "GET" : method
        var allowed: [String] = []
        for route in routes where route.segments.count == parts.count {
            // Most routes differ in their first segment: skip them before binding anything.
            if case .literal(let first)? = route.segments.first, parts.first.map({ $0 != first }) ?? false { continue }
            guard let parameters = Self.bind(route.segments, to: parts) else { continue }
            if route.method == wanted { return .found(route.handler, pattern: route.pattern, parameters: parameters) }
            allowed.append(route.method)
            if route.method == "GET" { allowed.append("HEAD") }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }

    private static func bind(_ segments: [Segment], to parts: [Substring]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard part == text else { return nil }
            case .parameter(let name):
                guard let value = PercentDecoding.decode(part, plusIsSpace: false) else { return nil }
                parameters[name] = value
            }
        }
        return parameters
    }
}

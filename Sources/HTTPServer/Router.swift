/// Maps method + path patterns such as `/stops/{mode}/{id}` to handlers.
/// `HEAD` is answered by the `GET` handler; a known path with another method gets 405 with `Allow`.
public struct Router<Context: RequestContext>: Sendable {
    struct Route: Sendable {
        let method, pattern: String
        let segments: [Segment]
        let handler: Handler<Context>
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The result of matching a request.
    public enum Match: Sendable {
        /// A handler with its pattern and decoded path parameters.
        case found(Handler<Context>, pattern: String, parameters: [String: String])
        /// The path exists, but not for this method; the allowed methods.
        case methodNotAllowed([String])
        /// No route has this path.
        case notFound
    }

    private var routes: [Route] = []
    /// Indexes into `routes` by first path segment, for routes that start with a literal (most of them), so a
    /// request looks only at the few routes that can match instead of copying every route on every request.
    private var byFirstSegment: [String: [Int]] = [:]
    /// Indexes of routes whose first segment is a parameter.
    private var parameterFirst: [Int] = []
    /// Indexes of routes with no segments ("/").
    private var rootRoutes: [Int] = []

    /// Creates an empty router.
    public init() {}

    /// Adds a route.
    /// - Parameters:
    ///   - method: HTTP method.
    ///   - pattern: Path pattern; `{name}` matches one segment.
    ///   - handler: The handler.
    public mutating func on(_ method: String, _ pattern: String, use handler: @escaping Handler<Context>) {
        let segments = pattern.split(separator: "/").map { part -> Segment in
            if part.hasPrefix("{"), part.hasSuffix("}") { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
        switch segments.first {
        case .literal(let first)?: byFirstSegment[first, default: []].append(routes.count)
        case .parameter?: parameterFirst.append(routes.count)
        case nil: rootRoutes.append(routes.count)
        }
        routes.append(Route(method: method, pattern: pattern, segments: segments, handler: handler))
    }

    /// Adds a GET route (HEAD comes with it).
    /// - Parameters:
    ///   - pattern: Path pattern.
    ///   - handler: The handler.
    public mutating func get(_ pattern: String, use handler: @escaping Handler<Context>) { on("GET", pattern, use: handler) }

    /// Adds a POST route.
    /// - Parameters:
    ///   - pattern: Path pattern.
    ///   - handler: The handler.
    public mutating func post(_ pattern: String, use handler: @escaping Handler<Context>) { on("POST", pattern, use: handler) }

    /// Finds the handler for a method and a raw (still encoded) path.
    /// - Parameters:
    ///   - method: Request method.
    ///   - rawPath: Path as received, without query.
    public func match(method: String, rawPath: Substring) -> Match {
        let parts = rawPath.split(separator: "/", omittingEmptySubsequences: true)
        let wanted = method == "HEAD" ? "GET" : method
        var allowed: [String] = []
        // The routes that can match, in the order they were added (as if every route were tried in turn).
        let candidates: [Int]
        if let first = parts.first {
            let literal = byFirstSegment[String(first)] ?? []
            candidates = parameterFirst.isEmpty ? literal : (literal + parameterFirst).sorted()
        } else {
            candidates = rootRoutes
        }
        for index in candidates where routes[index].segments.count == parts.count {
            let route = routes[index]
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

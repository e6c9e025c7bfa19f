import Logging

/// What every request context holds: the logger, the matched route's path parameters and a request id.
/// The lifetime of a context should not exceed that of the request.
public struct CoreRequestContext: Sendable {
    /// The logger without the request id; `logger` adds it when something is actually logged.
    private var baseLogger: Logger
    /// Logger with the request id attached (built on use: most requests log nothing through it).
    public var logger: Logger {
        get {
            guard !requestID.isEmpty else { return baseLogger }
            var withID = baseLogger
            withID[metadataKey: "request"] = .string(requestID)
            return withID
        }
        set { baseLogger = newValue }
    }
    /// Path parameters by name, decoded.
    public var parameters: [String: String]
    /// The route pattern that matched, e.g. "/stops/{mode}/{id}" (for metrics and logs).
    public var route: String
    /// A short id for log correlation.
    public var requestID: String

    /// Creates a context.
    /// - Parameters:
    ///   - logger: Request logger.
    ///   - parameters: Path parameters.
    ///   - route: Matched route pattern.
    ///   - requestID: Request id (attached to the logger's metadata as "request" when it is used).
    public init(logger: Logger, parameters: [String: String] = [:], route: String = "", requestID: String = "") {
        self.baseLogger = logger
        self.parameters = parameters
        self.route = route
        self.requestID = requestID
    }
}

/// A request's context as an application types it (Hummingbird's way): the core every context has, and
/// whatever the application's middleware adds for its handlers, as typed properties.
public protocol RequestContext: Sendable {
    /// A context for a request that has only its core so far.
    /// - Parameter core: Logger and request id.
    init(core: CoreRequestContext)
    /// The logger, path parameters, route and request id.
    var core: CoreRequestContext { get set }
}

extension RequestContext {
    /// Logger with the request id attached.
    public var logger: Logger { core.logger }
    /// Path parameters by name, decoded.
    public var parameters: [String: String] { core.parameters }
    /// The route pattern that matched.
    public var route: String { core.route }
    /// A short id for log correlation.
    public var requestID: String { core.requestID }

    /// The path parameter `name`; throws a 400 when it is missing.
    /// - Parameter name: Parameter name.
    public func require(_ name: String) throws -> String {
        guard let value = core.parameters[name] else { throw HTTPError(400, "The address is missing its \(name).") }
        return value
    }
}

/// A context with nothing but the core (servers without per-visitor state: the simulator, tests).
public struct BasicRequestContext: RequestContext {
    public var core: CoreRequestContext

    /// - Parameter core: Logger and request id.
    public init(core: CoreRequestContext) { self.core = core }
}

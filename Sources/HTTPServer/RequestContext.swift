import Logging

/// Per-request state: the logger, the matched route's path parameters and a request id.
/// The lifetime of a RequestContext should not exceed that of the request.
public struct RequestContext: Sendable {
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
    /// Values middleware hands on to the handlers of this request (e.g. a form token minted for it).
    public var values: [String: String] = [:]

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

    /// The path parameter `name`; throws a 400 when it is missing.
    /// - Parameter name: Parameter name.
    public func require(_ name: String) throws -> String {
        guard let value = parameters[name] else { throw HTTPError(400, "The address is missing its \(name).") }
        return value
    }
}

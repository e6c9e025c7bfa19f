/// A request handler: turns a request into a response.
public typealias Handler = @Sendable (Request, RequestContext) async throws -> Response

/// Middleware wraps the rest of the chain: it may change the request, the response, or answer itself.
public protocol Middleware: Sendable {
    /// Handles the request, calling `next` to continue the chain.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: Per-request context.
    ///   - next: The rest of the chain.
    func handle(_ request: Request, _ context: RequestContext, next: Handler) async throws -> Response
}

/// A request handler: turns a request into a response.
public typealias Handler<Context: RequestContext> = @Sendable (Request, Context) async throws -> Response

/// Middleware wraps the rest of the chain: it may change the request, the context, the response, or answer itself.
public protocol Middleware<Context>: Sendable {
    /// The request context the chain carries.
    associatedtype Context: RequestContext

    /// Handles the request, calling `next` to continue the chain.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: Per-request context.
    ///   - next: The rest of the chain.
    func handle(_ request: Request, _ context: Context, next: Handler<Context>) async throws -> Response
}

import Foundation
import Logging

/// Answers requests with a router, a middleware chain, static files, and an error-page renderer.
public struct RouterResponder<Context: RequestContext>: Responder {
    /// Renders an error as a response (the app supplies an HTML page in its layout).
    public typealias ErrorRenderer = @Sendable (HTTPError, Request) -> Response

    /// Routes, static files and the error renderer: what the innermost step of the chain needs.
    struct Core: Sendable {
        let router: Router<Context>
        let staticFiles: StaticFiles?
        let staticPrefix: String
        let renderError: ErrorRenderer
        let logger: Logger
    }

    let core: Core
    let defaultHeaders: [(String, String)]
    /// The middleware chain around the router, built once (not per request).
    let chain: Handler<Context>
    /// Request ids: a counter from a random start (unique within a run, unlikely to repeat across runs).
    let requestCounter: RequestCounter

    /// Creates a responder.
    /// - Parameters:
    ///   - router: Routes.
    ///   - middleware: Middleware, outermost first; it also wraps 404/405 and static files.
    ///   - staticFiles: Files served under `staticPrefix`.
    ///   - staticPrefix: URL prefix for static files.
    ///   - defaultHeaders: Headers added to every response that does not set them itself.
    ///   - logger: Logger for unexpected errors.
    ///   - renderError: Error page renderer.
    public init(router: Router<Context>, middleware: [any Middleware<Context>] = [], staticFiles: StaticFiles? = nil,
                staticPrefix: String = "/static/", defaultHeaders: [(String, String)] = [], logger: Logger,
                renderError: @escaping ErrorRenderer) {
        let core = Core(router: router, staticFiles: staticFiles, staticPrefix: staticPrefix, renderError: renderError,
                        logger: logger)
        self.core = core
        self.defaultHeaders = defaultHeaders
        var chain: Handler<Context> = { request, context in
            do {
                return try await core.dispatch(request, context)
            } catch {
                return core.render(error, request, context)
            }
        }
        for current in middleware.reversed() {
            let next = chain
            chain = { request, context in try await current.handle(request, context, next: next) }
        }
        self.chain = chain
        requestCounter = RequestCounter()
    }

    /// Runs the middleware chain and the matched handler; turns every error into a page.
    /// - Parameter request: The request.
    public func respond(to request: Request) async -> Response {
        let context = Context(core: CoreRequestContext(logger: core.logger, requestID: requestCounter.next()))
        var response: Response
        do {
            response = try await chain(request, context)
        } catch {
            response = core.render(error, request, context)
        }
        response.addHeaders(ifMissing: defaultHeaders)
        return response
    }

    /// Renders a server-level refusal as an error page with the default headers.
    /// - Parameters:
    ///   - error: Status and words.
    ///   - request: The request.
    public func refuse(_ error: HTTPError, request: Request) -> Response {
        var response = core.renderError(error, request)
        response.addHeaders(ifMissing: defaultHeaders)
        return response
    }
}

extension RouterResponder.Core {
    func render(_ error: any Error, _ request: Request, _ context: Context) -> Response {
        if let error = error as? HTTPError {
            var response = renderError(error, request)
            response.headers.append(contentsOf: error.headers)
            return response
        }
        context.logger.error("Unhandled error: \(String(describing: error))")
        return renderError(HTTPError(500, "Something went wrong on our side. Please try again in a minute."), request)
    }

    func dispatch(_ request: Request, _ context: Context) async throws -> Response {
        let method = request.method
        guard request.path != nil, request.queryItems != nil else {
            throw HTTPError(400, "The address has an invalid character or escape in it.")
        }
        let rawPath = request.rawPath
        if let staticFiles, rawPath.hasPrefix(staticPrefix) {
            guard method == "GET" || method == "HEAD" else {
                throw HTTPError(405, "Files can only be fetched.", headers: [("Allow", "GET, HEAD")])
            }
            switch staticFiles.response(for: rawPath.dropFirst(staticPrefix.count), request: request) {
            case .success(let response): return response
            case .failure(.badPath): throw HTTPError(400, "That file address is not allowed.")
            case .failure(.notFound): throw HTTPError(404, "There is no file at this address.")
            }
        }
        switch router.match(method: method, rawPath: rawPath) {
        case .found(let handler, let pattern, let parameters):
            var context = context
            context.core.parameters = parameters
            context.core.route = pattern
            return try await handler(request, context)
        case .methodNotAllowed(let allowed):
            let allow = Array(Set(allowed)).sorted().joined(separator: ", ")
            throw HTTPError(405, "This page does not accept \(method.count > 20 ? "that" : method) requests.", headers: [("Allow", allow)])
        case .notFound:
            throw HTTPError(404, "There is no page at this address.")
        }
    }
}

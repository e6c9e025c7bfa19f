import HTTPServer

/// Applies the visitor rules (`Visitors`) to every request the chain answers, and keeps stored pages: a page its
/// handler marks `storable` is kept as it leaves the middleware inside this one (so their headers are part of it).
/// The chain never replays a stored page: the server's warm path is the one place that does (`WarmPages`), and a
/// request it passes on is one to render.
struct VisitorMiddleware: Middleware {
    let visitors: Visitors
    let pages: PageStore

    func handle(_ request: Request, _ context: TrakxContext, next: Handler<TrakxContext>) async throws -> Response {
        let visitor = try visitors.visitor(for: request)
        var context = context
        context.visitor = visitor
        // A page with a notice on it is this visitor's alone: not kept.
        let key = (request.method == "GET" || request.method == "HEAD") && visitor.notice == nil
            ? PageStore.Key(variant: visitor.variant, target: request.target) : nil
        let generation = pages.generation
        let (response, cut): (Response, CutResponse?)
        do {
            (response, cut) = visitors.finish(try await next(request, context), for: visitor,
                                              gzip: ContentCoding.acceptsGzip(RequestHead(headers: request.headers)))
        } catch {
            if let key { pages.abandon(key) }
            throw error
        }
        if let key {
            if let cut, response.storable, response.status == 200 {
                pages.keep(cut, for: key, renderedAt: generation)
            } else {
                pages.abandon(key)
            }
        }
        return response
    }
}

import HTTPServer

/// Applies the visitor rules (`Visitors`) to every request the chain answers, and keeps stored pages: a page its
/// handler marks `storable` is kept as it leaves the middleware inside this one (so their headers are part of it).
/// The chain never replays a stored page: the server's warm path is the one place that does (`WarmPages`), and a
/// request it passes on is one to render.
struct VisitorMiddleware: Middleware {
    let visitors: Visitors
    let pages: PageStore

    func handle(_ request: Request, _ context: TrakxContext, next: Handler<TrakxContext>) async throws -> Response {
        var visitor = try visitors.visitor(for: request)
        // In a fleet, a notice left through another instance is taken from the shared cache (only when the browser
        // carries the fleet's notice cookie: other pages cost no round trip).
        var clearCookie: String?
        if request.method == "GET", visitor.notice == nil, !visitor.isNew,
           visitors.notices.fleetCookie(in: RequestHead(headers: request.headers)),
           let (fields, clear) = await visitors.notices.takeFromFleet(for: visitor.formToken, path: request.rawPath) {
            visitor = Visitor(formToken: visitor.formToken, isNew: false, variant: visitor.variant, notice: fields)
            clearCookie = clear
        }
        var context = context
        context.visitor = visitor
        // A page with a notice on it is this visitor's alone: not kept.
        let key = (request.method == "GET" || request.method == "HEAD") && visitor.notice == nil
            ? PageStore.Key(variant: visitor.variant, target: request.target) : nil
        let generation = pages.generation
        var (response, cut): (Response, CutResponse?)
        do {
            (response, cut) = visitors.finish(try await next(request, context), for: visitor,
                                              gzip: ContentCoding.acceptsGzip(RequestHead(headers: request.headers)))
            if let cookie = await visitors.notices.send(for: visitor.formToken) ?? clearCookie {
                response.headers.append(("Set-Cookie", cookie))
            }
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

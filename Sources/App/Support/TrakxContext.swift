import HTTPServer

/// Trakx's request context: the core (logger, path parameters, request id) and the visitor the request comes from,
/// set by `VisitorMiddleware` before any handler runs.
struct TrakxContext: RequestContext {
    var core: CoreRequestContext
    /// Who the request comes from.
    var visitor = Visitor.unknown

    init(core: CoreRequestContext) {
        self.core = core
    }
}

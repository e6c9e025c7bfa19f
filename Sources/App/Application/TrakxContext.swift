import HTTPServer
import PTV

/// Trakx's request context: the core (logger, path parameters, request id) and the visitor the request comes from,
/// set by `VisitorMiddleware` before any handler runs.
struct TrakxContext: RequestContext {
    var core: CoreRequestContext
    /// Who the request comes from.
    var visitor = Visitor.unknown
    /// The visitor's PTV allowance for this request (nil: not counted), set by `VisitorBudgetMiddleware`; every
    /// question the request asks carries it (`Site.ask(_:)`).
    var allowance: UpstreamBudget.Allowance?

    init(core: CoreRequestContext) {
        self.core = core
    }
}

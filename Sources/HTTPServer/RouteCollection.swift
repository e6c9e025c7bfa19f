/// A group of routes that adds itself to a router: how every controller registers its routes.
public protocol RouteCollection<Context>: Sendable {
    /// The request context its handlers take.
    associatedtype Context: RequestContext

    /// Adds the group's routes.
    /// - Parameter router: The router.
    func addRoutes(to router: inout Router<Context>)
}

import HTTPServer
import Testing

/// The router looks only at routes that can match a path's first segment; it must still answer exactly as if
/// it tried every route in the order they were added.
struct RouterOrderTests {
    private static func router() -> Router<BasicRequestContext> {
        var router = Router<BasicRequestContext>()
        router.get("/") { _, _ in Response.text("root") }
        router.get("/{any}/a") { _, _ in Response.text("any-a") }
        router.get("/b/a") { _, _ in Response.text("b-a") }
        router.post("/b/a") { _, _ in Response.text("post b-a") }
        router.get("/b/{id}") { _, _ in Response.text("b-id") }
        router.post("/c") { _, _ in Response.text("post c") }
        return router
    }

    private static func pattern(_ match: Router<BasicRequestContext>.Match) -> String {
        switch match {
        case .found(_, let pattern, let parameters):
            return pattern + parameters.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        case .methodNotAllowed(let allowed): return "405 " + allowed.sorted().joined(separator: ",")
        case .notFound: return "404"
        }
    }

    @Test(arguments: [
        ("GET", "/", "/"),
        ("GET", "/b/a", "/{any}/a any=b"),
        ("POST", "/b/a", "/b/a"),
        ("GET", "/b/7", "/b/{id} id=7"),
        ("GET", "/z/a", "/{any}/a any=z"),
        ("GET", "/b%2Fx/a", "/{any}/a any=b/x"),
        ("HEAD", "/b/9", "/b/{id} id=9"),
        ("DELETE", "/b/a", "405 GET,GET,GET,HEAD,HEAD,HEAD,POST"),
        ("GET", "/c", "405 POST"),
        ("GET", "/d", "404"),
        ("GET", "/b/a/x", "404"),
        ("POST", "/", "405 GET,HEAD"),
    ])
    func matchesInTheOrderRoutesWereAdded(method: String, path: String, expected: String) {
        #expect(Self.pattern(Self.router().match(method: method, rawPath: path[...])) == expected)
    }
}

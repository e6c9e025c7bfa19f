import HTTPServer

extension Response {
    /// A page: `text/html; charset=utf-8`, never kept by a browser or a proxy (the visitor rules put each visitor's
    /// form token into it as it leaves).
    /// - Parameters:
    ///   - html: The page.
    ///   - status: Status code.
    static func html(_ html: String, status: Int = 200) -> Response {
        Response(status: status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                 body: Array(html.utf8))
    }
}

import HTTPServer

/// The rider's choice of low floor trams only, kept for this browser in a cookie (no account). A board that used it
/// differs from one that did not, so the choice is part of the page variant a stored page is kept under
/// (`Visitors.arrival`): a browser without it is never served a board made with it, and the other way round.
enum LowFloorChoice {
    /// The cookie's name; its one value is `on`.
    static let cookieName = "trakx_low_floor"
    /// What the page variant gains while the choice is on.
    static let variant = "|low-floor"
    /// A year, then the browser forgets it.
    static let attributes = "; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"

    /// Whether the browser that sent `head` chose low floor trams only.
    static func isOn(_ head: RequestHead) -> Bool {
        Cookies.withValue(cookieName, in: head) { $0.map { $0.elementsEqual("on".utf8) } ?? false }
    }

    /// Whether `request`'s browser chose low floor trams only.
    static func isOn(_ request: Request) -> Bool {
        isOn(RequestHead(headers: request.headers))
    }

    /// The `Set-Cookie` value that keeps (or, for off, forgets) the choice.
    static func cookie(on: Bool) -> String {
        on ? cookieName + "=on" + attributes : cookieName + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"
    }
}

/// The small form on a tram stop's board that sets or clears the choice (a button, no JavaScript).
struct LowFloorForm: Sendable {
    /// The form token placeholder and the page to return to.
    let token: String, returnPath: String
    /// The button's words ("Low floor trams only", "Show all trams"), what it does (a statement, never an order: Orca read
    /// "Say first when ..." as one, and nothing said that the choice is kept), and the value it posts.
    let button: String, hint: String, value: String

    /// The form for a board made with the choice `isOn` (its button then turns the choice off).
    init(token: String, returnPath: String, isOn: Bool) {
        (self.token, self.returnPath) = (token, returnPath)
        (button, hint, value) = isOn
            ? ("Show all trams", "Boards in this browser say first when the next low floor tram comes. This choice is remembered.", "off")
            : ("Low floor trams only", "Boards then say first when the next low floor tram comes, and this browser remembers the choice.", "on")
    }
}

/// `POST /choices/low-floor`: sets or clears the low floor choice for this browser, then back to the board.
struct LowFloorController: RouteCollection {
    func addRoutes(to router: inout Router<TrakxContext>) {
        router.post("/choices/low-floor", use: choose)
    }

    /// Keeps the choice in its cookie and returns to the page the form was on.
    func choose(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let on = request.form("low_floor") == "on"
        var response = Response.seeOther(Params.returnPath(request.form("return"), fallback: "/"))
        response.headers.append(("Set-Cookie", LowFloorChoice.cookie(on: on)))
        return response
    }
}

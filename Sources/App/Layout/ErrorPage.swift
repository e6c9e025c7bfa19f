import HTTPServer

/// Renders every error in the site layout: what happened and what to try.
struct ErrorPage: Sendable {
    /// The reason as the h1, the message as the summary.
    let head: PageHead
    let advice: String
    let status: Int

    static func render(_ error: HTTPError, request: Request, templates: Templates, demo: Bool) -> Response {
        let heading = heading(for: error.status)
        let page = ErrorPage(
            head: PageHead(PageChrome(title: heading, section: .none, demo: demo), heading: heading, summary: error.message),
            advice: error.advice ?? advice(for: error.status), status: error.status)
        return templates.render(page, template: "error", status: error.status)
    }

    /// The heading (and title) in a rider's words, the first thing a screen reader says of the page: what a gateway
    /// or a bad request is, a rider need not know. The summary after it says what happened and why.
    static func heading(for status: Int) -> String {
        switch status {
        case 400: "There is a problem"
        case 403: "Nothing was changed"
        case 409, 405: "That could not be done"
        case 413, 431: "Too much was sent"
        case 421: "Wrong address for this server"
        case 429: "Too many just now"
        case 502, 504: "Could not get an answer from PTV"
        case 503: "Not available just now"
        default: HTTPError.reason(status)
        }
    }

    static func advice(for status: Int) -> String {
        switch status {
        case 400: "Check the address or the form, then try again."
        case 403: "Go back to the page, reload it, and try again."
        case 404: "Check the address, or search for the stop or line instead."
        case 405: "Use the links and buttons on the page instead."
        case 413: "Send a smaller file or a shorter text, then try again."
        // A head too large is almost always a browser's cookies for this site grown too many.
        case 431: "Remove this site's cookies in your browser, then try again."
        case 429: "Wait a minute, then try again."
        case 502, 503: "This is a problem with PTV's service, not with your device. Try again in a minute."
        case 504: "PTV is slow to answer. Try again in a minute."
        default: "Try again in a minute. If it keeps happening, go back to the home page."
        }
    }
}

import CMicroHTTPD
import Foundation

/// The app's own per-visitor rules, as the warm path asks them before it replays a stored page: the app writes them
/// once, over a `RequestHead`, for this path and for its middleware, so a warm page says what the chain would.
public protocol WarmVisitors: Sendable {
    /// Bytes of every visitor's value (what a stored page's `VisitorSlot` holds).
    var valueLength: Int { get }

    /// The visitor a bodiless GET or HEAD comes from, read from its head: what their stored pages are kept under,
    /// with their value written into `value` (theirs, or one made for them now: then `fresh`); nil sends the
    /// request the ordinary way (a host the site does not answer for, a visitor with something of their own to be
    /// shown).
    /// - Parameters:
    ///   - head: The request's headers, read in place.
    ///   - value: `valueLength` bytes for the visitor's value.
    func visitor(_ head: RequestHead, value: UnsafeMutableRawBufferPointer) -> (variant: String, fresh: Bool)?
}

/// The page store and the rules it asks first: the one place a stored page is replayed, on libmicrohttpd's thread,
/// with no `Request`, task or chain. (The chain only keeps pages; see `PageStore`.) A class, so that each request
/// takes one reference to it rather than a copy of the store and of the rules' existential.
public final class WarmPages: Sendable {
    let store: PageStore
    let visitors: any WarmVisitors

    /// - Parameters:
    ///   - store: The pages.
    ///   - visitors: The app's per-visitor rules.
    public init(store: PageStore, visitors: any WarmVisitors) {
        self.store = store
        self.visitors = visitors
    }

    /// A response lent to a request, given back when MHD reports the request completed.
    struct Lent: Sendable {
        let page: PageStore.Page
        let response: ReadyResponse

        /// Gives the response back to its page (call once, when MHD is done with the request).
        func giveBack() {
            page.takeBack(response)
        }
    }

    /// Answers a bodiless GET or HEAD from a stored page; nil when the ordinary way must answer it.
    /// - Parameters:
    ///   - connection: The MHD connection (its headers are read in place).
    ///   - target: The request target as received.
    /// - Returns: The status sent, MHD's result, and the response lent to the request, which the server gives back
    ///   when MHD reports the request completed.
    func answer(_ connection: OpaquePointer, target: String) -> (status: Int, result: MHD_Result, lent: Lent?)? {
        withUnsafeTemporaryAllocation(byteCount: visitors.valueLength, alignment: 1) { value -> (status: Int, result: MHD_Result, lent: Lent?)? in
            RequestHead.reading(connection) { head -> (status: Int, result: MHD_Result, lent: Lent?)? in
                guard let visitor = visitors.visitor(head, value: value),
                      let page = store.page(PageStore.Key(variant: visitor.variant, target: target)),
                      let response = lend(page, value: UnsafeRawBufferPointer(value), fresh: visitor.fresh,
                                          gzip: page.cut.gzip != nil && ContentCoding.acceptsGzip(head)) else { return nil }
                let status = page.cut.status
                let result = MHD_queue_response(connection, UInt32(status), response.pointer)
                guard result == cmhd_yes() else {
                    page.takeBack(response)
                    return (status, result, nil)
                }
                return (status, result, Lent(page: page, response: response))
            }
        }
    }

    /// A response of `page` made ready for one visitor, its compressed body when `gzip`: one given back by an earlier
    /// request, or a new one.
    private func lend(_ page: PageStore.Page, value: UnsafeRawBufferPointer, fresh: Bool, gzip: Bool) -> ReadyResponse? {
        if let response = page.idleResponse(gzip: gzip), response.prepare(value: value, fresh: fresh) {
            return response
        }
        guard let response = ReadyResponse(page.cut, gzip: gzip), response.prepare(value: value, fresh: fresh) else { return nil }
        return response
    }
}

import CMicroHTTPD
import Foundation

/// The app's own per-visitor rules, as the server's warm path asks them before it replays a stored page: the
/// same rules the app's middleware applies to every other request, so a warm page says what the chain would.
public protocol WarmVisitors: Sendable {
    /// The visitor a bodiless GET or HEAD comes from, read from its head; nil sends it the ordinary way (a host
    /// the site does not answer for, a visitor with something of their own to be shown).
    /// - Parameter head: The request's headers, read in place.
    func visitor(_ head: RequestHead) -> WarmVisitor?

    /// Makes a fresh value for a visitor who has none, into `out` (the page's slot length).
    /// - Parameter out: Where the value goes.
    func mint(into out: UnsafeMutableRawBufferPointer)
}

/// A visitor as the warm path knows them, valid only during the `WarmVisitors.visitor` call's request. The warm path
/// serves only pages kept without a variant (`PageStore.Key.variant` empty): a server whose pages vary by visitor
/// gives it no `WarmPages`.
public struct WarmVisitor {
    /// The visitor's own value, read in place from the request; nil for a visitor who needs a fresh one.
    public let value: UnsafeRawBufferPointer?

    /// - Parameter value: Their value, or nil.
    public init(value: UnsafeRawBufferPointer?) {
        self.value = value
    }
}

/// A request's headers as libmicrohttpd holds them, read in place during the warm path's call (no copies).
public struct RequestHead {
    let connection: OpaquePointer

    /// The value of a header sent exactly once (nil when it is missing or repeated).
    /// - Parameter name: The header's name.
    public func single(_ name: StaticString) -> UnsafeRawBufferPointer? {
        name.withUTF8Buffer { name in
            name.withMemoryRebound(to: CChar.self) { name -> UnsafeRawBufferPointer? in
                guard let value = cmhd_single_header(connection, name.baseAddress!) else { return nil }
                return UnsafeRawBufferPointer(start: value, count: strlen(value))
            }
        }
    }

    /// The value of a cookie, as libmicrohttpd parsed the `Cookie` header.
    /// - Parameter name: The cookie's name, NUL-terminated.
    public func cookie(_ name: [CChar]) -> UnsafeRawBufferPointer? {
        guard let value = cmhd_cookie(connection, name) else { return nil }
        return UnsafeRawBufferPointer(start: value, count: strlen(value))
    }
}

/// A page store the server replays from, and the rules it asks first.
public struct WarmPages: Sendable {
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

    /// Answers a bodiless GET or HEAD from a current stored page; nil when the ordinary way must answer it.
    /// - Parameters:
    ///   - connection: The MHD connection (its headers and cookies are read in place).
    ///   - target: The request target as received.
    /// - Returns: The status sent, MHD's result, and the response lent to the request, which the server gives back
    ///   when MHD reports the request completed.
    func answer(_ connection: OpaquePointer, target: String) -> (status: Int, result: MHD_Result, lent: Lent?)? {
        guard let visitor = visitors.visitor(RequestHead(connection: connection)),
              let page = store.current(PageStore.Key(variant: "", target: target)),
              let response = lend(page, value: visitor.value) else { return nil }
        let status = page.cut.status
        let result = MHD_queue_response(connection, UInt32(status), response.pointer)
        guard result == cmhd_yes() else {
            page.takeBack(response)
            return (status, result, nil)
        }
        return (status, result, Lent(page: page, response: response))
    }

    /// A response of `page` made ready for one visitor: their value, or a fresh one minted by the app's rules.
    private func lend(_ page: PageStore.Page, value: UnsafeRawBufferPointer?) -> ReadyResponse? {
        let length = page.cut.slot.length
        return withUnsafeTemporaryAllocation(byteCount: length, alignment: 1) { minted -> ReadyResponse? in
            let fresh = value?.count != length
            let filled: UnsafeRawBufferPointer
            if let value, !fresh {
                filled = value
            } else {
                visitors.mint(into: minted)
                filled = UnsafeRawBufferPointer(minted)
            }
            if let response = page.idleResponse(), response.prepare(value: filled, fresh: fresh) {
                return response
            }
            guard let response = ReadyResponse(page.cut), response.prepare(value: filled, fresh: fresh) else { return nil }
            return response
        }
    }
}

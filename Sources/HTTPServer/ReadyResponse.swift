import CMicroHTTPD
import Foundation

/// One ready page's MHD response, lent to one request at a time and then used again.
///
/// libmicrohttpd counts references to a response so that many connections can send the same one. Trakx lends
/// each of these to a single connection, and takes it back when MHD reports that request completed (all of it
/// sent, or the connection gone), after which MHD reads none of it. Between two visitors it changes only what
/// differs per visitor: the token, written in place at known offsets of the body, and the `Set-Cookie` header.
/// The headers that never change are added once, when it is made, instead of on every request.
final class ReadyResponse: @unchecked Sendable {
    // @unchecked: the body bytes and the cookie are changed only by the thread the response is lent to, and a
    // response passes between threads only through its page's lock.

    /// The MHD response; this object holds one reference to it.
    let pointer: OpaquePointer
    /// The assembled body, owned by the MHD response (freed with it).
    private let body: UnsafeMutableRawPointer
    /// Where the visitor's value starts in the body, one offset per cut.
    private let slots: [Int]
    private let valueLength: Int
    /// The `Set-Cookie` value given to a fresh visitor: `name=`, the value, the attributes, NUL.
    private let cookie: UnsafeMutablePointer<CChar>
    private let cookieValueOffset: Int
    /// Whether the response carries `cookie` as a header now.
    private var hasCookie = false

    /// - Parameters:
    ///   - body: The page's body, cut where the visitor's value goes.
    ///   - headers: The headers every visitor gets, as C strings.
    ///   - valueLength: Bytes of a visitor's value.
    ///   - cookiePrefix: `name=` of the cookie.
    ///   - cookieSuffix: The cookie's attributes and a NUL.
    init?(body cut: CutBody, headers: [(name: UnsafePointer<CChar>, value: UnsafePointer<CChar>)], valueLength: Int,
          cookiePrefix: [UInt8], cookieSuffix: [UInt8]) {
        let size = cut.count(with: valueLength)
        guard let body = malloc(max(size, 1)) else { return nil }
        var slots: [Int] = []
        var offset = 0
        for piece in cut.pieces.dropLast() {
            offset += piece.count
            slots.append(offset)
            offset += valueLength
        }
        withUnsafeTemporaryAllocation(byteCount: valueLength, alignment: 1) { placeholder in
            placeholder.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "0"))
            cut.write(with: UnsafeRawBufferPointer(placeholder), to: body)
        }
        guard let pointer = cmhd_response_owned(body, size) else {
            free(body)
            return nil
        }
        for header in headers {
            guard MHD_add_response_header(pointer, header.name, header.value) == cmhd_yes() else {
                MHD_destroy_response(pointer)
                return nil
            }
        }
        let cookieLength = cookiePrefix.count + valueLength + cookieSuffix.count
        cookie = .allocate(capacity: cookieLength)
        cookie.withMemoryRebound(to: UInt8.self, capacity: cookieLength) { out in
            out.initialize(repeating: UInt8(ascii: "0"), count: cookieLength)
            out.update(from: cookiePrefix, count: cookiePrefix.count)
            (out + cookiePrefix.count + valueLength).update(from: cookieSuffix, count: cookieSuffix.count)
        }
        cookieValueOffset = cookiePrefix.count
        self.pointer = pointer
        self.body = body
        self.slots = slots
        self.valueLength = valueLength
    }

    deinit {
        MHD_destroy_response(pointer)
        cookie.deallocate()
    }

    /// Makes the response the one for a visitor: their value in the body, and a `Set-Cookie` giving it to them
    /// when `setsCookie`. False when MHD would not change the cookie header (the response must not be used).
    func prepare(value: UnsafeRawBufferPointer, setsCookie: Bool) -> Bool {
        guard let bytes = value.baseAddress, value.count == valueLength else { return false }
        for slot in slots {
            (body + slot).copyMemory(from: bytes, byteCount: valueLength)
        }
        if hasCookie {
            guard MHD_del_response_header(pointer, "Set-Cookie", cookie) == cmhd_yes() else { return false }
            hasCookie = false
        }
        if setsCookie {
            UnsafeMutableRawPointer(cookie + cookieValueOffset).copyMemory(from: bytes, byteCount: valueLength)
            guard MHD_add_response_header(pointer, "Set-Cookie", cookie) == cmhd_yes() else { return false }
            hasCookie = true
        }
        return true
    }
}

import CMicroHTTPD
import Foundation

/// One stored page's MHD response, lent to one request at a time and then used again.
///
/// libmicrohttpd counts references to a response so that many connections can send the same one. Trakx lends
/// each of these to a single connection, and takes it back when MHD reports that request completed (all of it
/// sent, or the connection gone), after which MHD reads none of it. Between two visitors it changes only what
/// differs per visitor, as the page's slot declares it: the value, written in place at known offsets of the body,
/// and the header a fresh visitor gets.
/// The headers that never change are added once, when it is made, instead of on every request.
final class ReadyResponse: @unchecked Sendable {
    // @unchecked: the body bytes and the fresh header value are changed only by the thread the response is lent to, and a
    // response passes between threads only through its page's lock.

    /// The MHD response; this object holds one reference to it.
    let pointer: OpaquePointer
    /// The assembled body, owned by the MHD response (freed with it).
    private let body: UnsafeMutableRawPointer
    /// Where the visitor's value starts in the body, one offset per cut.
    private let slots: [Int]
    private let valueLength: Int
    /// The name of the header a fresh visitor gets (the page's slot declares it), as a C string; nil for none.
    private let freshHeader: [CChar]?
    /// That header's value: what goes before the value, the value, what goes after, NUL.
    private let freshValue: UnsafeMutablePointer<CChar>
    private let freshValueOffset: Int
    /// Whether the response carries the fresh header now.
    private var hasFreshHeader = false
    /// Whether a value has been written into the body (and its trailer sealed) yet.
    private var hasValue = false

    /// The compressed page, whose trailer is sealed for each visitor; nil for the page as it is.
    private let sealing: GzipCut?
    /// Whether the body is the page's compressed one.
    var gzip: Bool { sealing != nil }

    /// Makes a response of `page` for replaying to one visitor at a time.
    /// - Parameters:
    ///   - page: The stored page.
    ///   - gzip: Whether to send its compressed body (it must have one).
    init?(_ page: CutResponse, gzip: Bool) {
        let valueLength = page.slot.length
        let body: UnsafeMutableRawPointer
        let size: Int
        var slots: [Int] = []
        if gzip {
            guard let compressed = page.gzip, let memory = malloc(compressed.bytes.count) else { return nil }
            size = compressed.bytes.count
            body = memory
            compressed.bytes.withUnsafeBytes { body.copyMemory(from: $0.baseAddress!, byteCount: size) }
            slots = compressed.slots
        } else {
            size = page.count(with: valueLength)
            guard let memory = malloc(max(size, 1)) else { return nil }
            body = memory
            var offset = 0
            for piece in page.pieces.dropLast() {
                offset += piece.count
                slots.append(offset)
                offset += valueLength
            }
            withUnsafeTemporaryAllocation(byteCount: valueLength, alignment: 1) { placeholder in
                placeholder.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "0"))
                page.write(with: UnsafeRawBufferPointer(placeholder), to: body)
            }
        }
        guard let pointer = cmhd_response_owned(body, size) else {
            free(body)
            return nil
        }
        let headers = gzip ? page.headers + [("Content-Encoding", "gzip")] : page.headers
        for (name, value) in headers where !name.equalsIgnoringASCIICase("content-length") {
            guard name.withCString({ name in value.withCString { MHD_add_response_header(pointer, name, $0) } }) == cmhd_yes() else {
                MHD_destroy_response(pointer)
                return nil
            }
        }
        let prefix = Array((page.slot.freshHeader?.prefix ?? "").utf8)
        let suffix = Array((page.slot.freshHeader?.suffix ?? "").utf8) + [0]
        let freshLength = prefix.count + valueLength + suffix.count
        freshValue = .allocate(capacity: freshLength)
        freshValue.withMemoryRebound(to: UInt8.self, capacity: freshLength) { out in
            out.initialize(repeating: UInt8(ascii: "0"), count: freshLength)
            out.update(from: prefix, count: prefix.count)
            (out + prefix.count + valueLength).update(from: suffix, count: suffix.count)
        }
        freshHeader = page.slot.freshHeader.map { Array($0.name.utf8CString) }
        freshValueOffset = prefix.count
        self.pointer = pointer
        self.body = body
        self.slots = slots
        self.valueLength = valueLength
        sealing = gzip ? page.gzip : nil
    }

    deinit {
        MHD_destroy_response(pointer)
        freshValue.deallocate()
    }

    /// Makes the response the one for a visitor: their value in the body, and the header giving it to them when
    /// it is `fresh`. False when MHD would not change that header (the response must not be used).
    func prepare(value: UnsafeRawBufferPointer, fresh: Bool) -> Bool {
        guard let bytes = value.baseAddress, value.count == valueLength else { return false }
        // A browser coming back with its cookie is lent the response it had last: its value is there already.
        let written = hasValue && slots.first.map { memcmp(body + $0, bytes, valueLength) == 0 } ?? hasValue
        if !written {
            for slot in slots {
                (body + slot).copyMemory(from: bytes, byteCount: valueLength)
            }
            sealing?.seal(body, value: value)
            hasValue = true
        }
        guard let freshHeader else { return true }
        if hasFreshHeader {
            guard MHD_del_response_header(pointer, freshHeader, freshValue) == cmhd_yes() else { return false }
            hasFreshHeader = false
        }
        if fresh {
            UnsafeMutableRawPointer(freshValue + freshValueOffset).copyMemory(from: bytes, byteCount: valueLength)
            guard MHD_add_response_header(pointer, freshHeader, freshValue) == cmhd_yes() else { return false }
            hasFreshHeader = true
        }
        return true
    }
}

import Foundation

/// What differs per visitor in a response, as the response declares it: each place in its body where the
/// visitor's value goes (marked by `placeholder` when it was rendered), and the header that gives a visitor a
/// value made for them (`Set-Cookie`, on HTML pages).
public struct VisitorSlot: Sendable {
    /// What stands in the rendered body where the value goes.
    public let placeholder: String
    /// Bytes of every visitor's value.
    public let length: Int
    /// The header a visitor with a fresh value gets: its name, and what goes before and after the value.
    public let freshHeader: (name: String, prefix: String, suffix: String)?

    /// - Parameters:
    ///   - placeholder: What stands where the value goes.
    ///   - length: Bytes of a value.
    ///   - freshHeader: The header given with a fresh value, if any.
    public init(placeholder: String, length: Int, freshHeader: (name: String, prefix: String, suffix: String)?) {
        self.placeholder = placeholder
        self.length = length
        self.freshHeader = freshHeader
    }
}

/// A response cut at its visitor slot: rendered once, then given to any visitor by writing their value into
/// each cut. The one form a stored page has, whether the chain or libmicrohttpd's thread answers with it.
public struct CutResponse: Sendable {
    /// Status code.
    public let status: Int
    /// Headers as every visitor gets them.
    public let headers: [(String, String)]
    /// What differs per visitor.
    public let slot: VisitorSlot
    /// The body between the cuts, in order.
    let pieces: [[UInt8]]
    /// Bytes of all the pieces together.
    let size: Int
    /// The body compressed, for a request that accepts gzip; nil when not made (a small page, or not asked for).
    let gzip: GzipCut?

    /// Cuts `response`'s body at every occurrence of the slot's placeholder (which is dropped), and compresses it
    /// when asked to and it is large enough to gain by it (`GzipCut.smallest`); such a page says it varies by
    /// `Accept-Encoding`, compressed or not.
    /// - Parameters:
    ///   - response: The response as rendered.
    ///   - slot: Its visitor slot.
    ///   - compress: Whether to make the compressed body too.
    public init(_ response: Response, slot: VisitorSlot, compress: Bool = false) {
        status = response.status
        self.slot = slot
        let marker = Array(slot.placeholder.utf8)
        var pieces: [[UInt8]] = []
        response.body.withUnsafeBufferPointer { body in
            var start = 0
            var index = 0
            while index + marker.count <= body.count {
                if body[index] == marker[0], memcmp(body.baseAddress! + index, marker, marker.count) == 0 {
                    pieces.append(Array(body[start ..< index]))
                    index += marker.count
                    start = index
                } else {
                    index += 1
                }
            }
            pieces.append(Array(body[start ..< body.count]))
        }
        self.pieces = pieces
        size = response.body.count - (pieces.count - 1) * marker.count
        gzip = compress && size >= GzipCut.smallest ? GzipCut(pieces: pieces, valueLength: slot.length) : nil
        headers = gzip == nil ? response.headers : response.headers + [("Vary", "Accept-Encoding")]
    }

    /// The response for one visitor: their value in each cut, and the fresh-value header when `fresh`.
    /// - Parameters:
    ///   - value: The visitor's value (`slot.length` bytes).
    ///   - fresh: Whether the value was made for this visitor just now.
    ///   - gzip: Whether the request accepts gzip: then the compressed body, when there is one.
    public func response(value: String, fresh: Bool, gzip accepted: Bool = false) -> Response {
        var value = value
        var headers = headers
        let body: [UInt8]
        if accepted, let gzip, value.utf8.count == slot.length {
            body = gzip.body(with: Array(value.utf8))
            headers.append(("Content-Encoding", "gzip"))
        } else {
            body = value.withUTF8 { value in
                [UInt8](unsafeUninitializedCapacity: count(with: value.count)) { buffer, initialized in
                    if let out = buffer.baseAddress { write(with: UnsafeRawBufferPointer(value), to: out) }
                    initialized = count(with: value.count)
                }
            }
        }
        if fresh, let header = slot.freshHeader { headers.append((header.name, header.prefix + value + header.suffix)) }
        return Response(status: status, headers: headers, body: body)
    }

    /// Bytes of the body with a value of `valueCount` bytes in each cut.
    func count(with valueCount: Int) -> Int {
        size + (pieces.count - 1) * valueCount
    }

    /// Writes the body with `value` in each cut to `out`, which holds `count(with: value.count)` bytes.
    func write(with value: UnsafeRawBufferPointer, to out: UnsafeMutableRawPointer) {
        var offset = 0
        for (index, piece) in pieces.enumerated() {
            if index > 0, let bytes = value.baseAddress {
                (out + offset).copyMemory(from: bytes, byteCount: value.count)
                offset += value.count
            }
            piece.withUnsafeBytes { bytes in
                guard let start = bytes.baseAddress else { return }
                (out + offset).copyMemory(from: start, byteCount: bytes.count)
            }
            offset += piece.count
        }
    }
}

import CZlib

/// A cut body compressed once as gzip (RFC 1952), with each visitor's value left uncompressed at each cut, so that
/// the same compressed page is given to every visitor with their value written into it in place.
///
/// Each piece between the cuts is deflated and ended with a full flush, which leaves the stream on a byte boundary
/// and forgets what came before; the value then goes in a stored (uncompressed) block of its own. So no compressed
/// byte depends on the value, and the value (a form token) is never compressed beside text a request put on the
/// page, which is what a compression side channel (BREACH) needs. Only the trailer's CRC changes per visitor,
/// and it costs one CRC of the value and one multiplication (see `seal`).
struct GzipCut: Sendable {
    /// The whole gzip stream, with zeros where the value and the CRC go.
    let bytes: [UInt8]
    /// Where the value starts in `bytes`, one offset per cut.
    let slots: [Int]
    /// Where the trailer's CRC is.
    private let trailer: Int
    private let valueLength: Int
    /// The CRC of the stream's content with zeros in every cut, and that of a value of zeros.
    private let zeroCRC, zeroValueCRC: UInt
    /// The factors that move a value's CRC from each cut to the content's end (`crc32_combine_gen` of the bytes after
    /// that cut), added up.
    private let cutsFactor: UInt

    /// Pages smaller than this are sent as they are (a gzip header, trailer and flushes would gain little).
    static let smallest = 1024

    /// Compresses `pieces`, leaving room for a value of `valueLength` bytes between each two.
    /// Nil when zlib fails, or a value is too long for a stored block (the page is then sent uncompressed).
    init?(pieces: [[UInt8]], valueLength: Int) {
        guard valueLength <= 0xFFFF, !pieces.isEmpty else { return nil }
        var stream = z_stream()
        guard czlib_raw_deflate_init(&stream, 6) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // Header: magic, deflate, no flags, no time, no extra flags, Unix.
        var bytes: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        var slots: [Int] = []
        var total = 0
        for (index, piece) in pieces.enumerated() {
            let last = index == pieces.count - 1
            guard Self.deflate(piece, flush: last ? Z_FINISH : Z_FULL_FLUSH, stream: &stream, into: &bytes) else { return nil }
            total += piece.count
            guard !last else { break }
            // A stored block, not the last: its header bits are zero and padded to the byte, then LEN and its
            // complement, little-endian.
            let length = UInt16(valueLength)
            bytes += [0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            slots.append(bytes.count)
            bytes += [UInt8](repeating: 0, count: valueLength)
            total += valueLength
        }
        trailer = bytes.count
        let size = UInt32(truncatingIfNeeded: total)
        bytes += [0, 0, 0, 0, UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8(size >> 24)]
        self.bytes = bytes
        self.slots = slots
        self.valueLength = valueLength
        let crcs = pieces.map { piece in piece.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) } }
        zeroValueCRC = [UInt8](repeating: 0, count: valueLength).withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        var zeroCRC = crcs[0]
        var cutsFactor: UInt = 0
        var after = total - pieces[0].count - valueLength  // the content after the first cut
        for (piece, crc) in zip(pieces.dropFirst(), crcs.dropFirst()) {
            zeroCRC = crc32_combine(crc32_combine(zeroCRC, zeroValueCRC, off_t(valueLength)), crc, off_t(piece.count))
            cutsFactor ^= crc32_combine_gen(off_t(after))
            after -= piece.count + valueLength
        }
        self.zeroCRC = zeroCRC
        self.cutsFactor = cutsFactor
    }

    /// Writes the CRC of the body with `value` in every cut into `body` (a copy of `bytes` with the value written in
    /// at `slots`).
    ///
    /// A CRC is linear over GF(2) for contents of one length: the CRC of the content with the value in every cut is
    /// that with zeros there, plus the value's own part (its CRC less a zero value's), moved to each cut's place by
    /// multiplying by x to the power of the bits after it. The moves add up to one factor, `cutsFactor`, so the value's
    /// part is multiplied once (`crc32_combine_op` with a CRC of nothing to append is that multiplication).
    func seal(_ body: UnsafeMutableRawPointer, value: UnsafeRawBufferPointer) {
        let valueCRC = crc32(0, value.baseAddress?.assumingMemoryBound(to: UInt8.self), uInt(value.count))
        // zlib's multiplication never ends for a factor of zero (a page without cuts).
        let crc = cutsFactor == 0 ? zeroCRC : zeroCRC ^ crc32_combine_op(valueCRC ^ zeroValueCRC, 0, cutsFactor)
        let out = body.assumingMemoryBound(to: UInt8.self) + trailer
        for byte in 0 ..< 4 { out[byte] = UInt8(truncatingIfNeeded: crc >> (8 * byte)) }
    }

    /// The stream with `value` in every cut.
    func body(with value: [UInt8]) -> [UInt8] {
        var body = bytes
        body.withUnsafeMutableBytes { out in
            value.withUnsafeBytes { value in
                for slot in slots { (out.baseAddress! + slot).copyMemory(from: value.baseAddress!, byteCount: valueLength) }
                seal(out.baseAddress!, value: value)
            }
        }
        return body
    }

    /// Deflates `input` with `flush` and appends what comes out.
    private static func deflate(_ input: [UInt8], flush: Int32, stream: inout z_stream, into bytes: inout [UInt8]) -> Bool {
        var input = input
        return input.withUnsafeMutableBufferPointer { input in
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(input.count)
            var chunk = [UInt8](repeating: 0, count: 16384)
            while true {
                let (result, produced) = chunk.withUnsafeMutableBufferPointer { chunk in
                    stream.next_out = chunk.baseAddress
                    stream.avail_out = uInt(chunk.count)
                    let result = CZlib.deflate(&stream, flush)
                    return (result, chunk.count - Int(stream.avail_out))
                }
                guard result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR else { return false }
                bytes += chunk[0 ..< produced]
                if flush == Z_FINISH ? result == Z_STREAM_END : (stream.avail_out != 0 && stream.avail_in == 0) { break }
            }
            stream.next_in = nil
            return true
        }
    }
}

import CZlib

/// Decodes a whole gzip stream with zlib itself, its CRC and length checked: nil for anything else (a stream cut
/// short, a wrong CRC, bytes after the end).
/// - Parameter bytes: The stream.
public func gunzip(_ bytes: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard czlib_gzip_inflate_init(&stream) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var input = bytes
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16384)
    return input.withUnsafeMutableBufferPointer { input -> [UInt8]? in
        stream.next_in = input.baseAddress
        stream.avail_in = UInt32(input.count)
        while true {
            let (result, produced) = chunk.withUnsafeMutableBufferPointer { chunk in
                stream.next_out = chunk.baseAddress
                stream.avail_out = UInt32(chunk.count)
                let result = inflate(&stream, Z_NO_FLUSH)
                return (result, chunk.count - Int(stream.avail_out))
            }
            output += chunk[0 ..< produced]
            if result == Z_STREAM_END { return stream.avail_in == 0 ? output : nil }
            guard result == Z_OK else { return nil }
        }
    }
}

import Foundation

/// A response body cut at each place a per-visitor value goes (a page rendered once with a placeholder there),
/// so each answer puts its own value in without rendering again.
public struct CutBody: Sendable {
    /// The body between the cuts, in order.
    public let pieces: [[UInt8]]
    /// Bytes of all the pieces together.
    public let size: Int

    /// Cuts `body` at every occurrence of `placeholder` (which is dropped).
    /// - Parameters:
    ///   - body: The rendered body.
    ///   - placeholder: What stands where the value goes.
    public init(_ body: [UInt8], at placeholder: String) {
        let marker = Array(placeholder.utf8)
        var pieces: [[UInt8]] = []
        body.withUnsafeBufferPointer { body in
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
        size = body.count - (pieces.count - 1) * marker.count
    }

    /// Bytes of the body with `value` in each cut.
    /// - Parameter valueCount: Bytes of the value.
    public func count(with valueCount: Int) -> Int {
        size + (pieces.count - 1) * valueCount
    }

    /// Writes the body with `value` in each cut to `out`, which holds `count(with: value.count)` bytes.
    /// - Parameters:
    ///   - value: The visitor's value.
    ///   - out: Where the body goes.
    public func write(with value: UnsafeRawBufferPointer, to out: UnsafeMutableRawPointer) {
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

    /// The body with `value` in each cut.
    /// - Parameter value: The visitor's value.
    public func joined(with value: String) -> [UInt8] {
        var value = value
        return value.withUTF8 { value in
            let count = count(with: value.count)
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                if let out = buffer.baseAddress { write(with: UnsafeRawBufferPointer(value), to: out) }
                initialized = count
            }
        }
    }
}

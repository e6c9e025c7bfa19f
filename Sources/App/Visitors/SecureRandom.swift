import Foundation
import Synchronization

/// Random bytes from the kernel's generator for tokens, read 4 KiB at a time (one `read` of /dev/urandom serves
/// 128 tokens instead of one system call per token; each byte is wiped once handed out). Several pools, each thread using the one its
/// id picks, so request threads minting tokens at once rarely wait for each other.
enum SecureRandom {
    private struct Pool: ~Copyable {
        /// 4 KiB, allocated once for the life of the process (the pools are static).
        let storage = Storage()
        var used = 4096
        var bytes: UnsafeMutableRawBufferPointer { storage.bytes }
    }

    /// A pool's bytes; only touched under the pool's lock.
    private struct Storage: @unchecked Sendable {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
    }

    /// Each byte's two hex digits as they lie in memory (the high digit first).
    private static let digitPairs: [UInt16] = {
        let digits = Array("0123456789abcdef".utf8)
        return (0 ..< 256).map { byte in (UInt16(digits[byte >> 4]) | UInt16(digits[byte & 0x0f]) << 8).littleEndian }
    }()

    private final class Stripe: Sendable {
        let pool = Mutex(Pool())
    }

    private static let stripes = (0 ..< 8).map { _ in Stripe() }

    /// The stripe for the calling thread (a multiplicative hash of its id picks one of eight).
    private static var stripe: Stripe {
        let id = UInt64(UInt(pthread_self()))
        return stripes[Int((id &* 0x9E37_79B9_7F4A_7C15) >> 61)]
    }

    /// `count` random bytes (at most 256) as lower-case hex digits.
    /// - Parameter count: Bytes of randomness (the text is twice as long).
    static func hex(bytes count: Int) -> String {
        String(unsafeUninitializedCapacity: count * 2) { out in
            hex(bytes: count, into: UnsafeMutableRawBufferPointer(out))
            return count * 2
        }
    }

    /// Writes `count` random bytes (at most 256) as lower-case hex digits to the first `2 * count` bytes of `out`
    /// (the warm path mints a token straight into the buffers that carry it).
    /// - Parameters:
    ///   - count: Bytes of randomness.
    ///   - out: Where the digits go; at least `2 * count` bytes.
    static func hex(bytes count: Int, into out: UnsafeMutableRawBufferPointer) {
        precondition(count > 0 && count <= 256 && out.count >= count * 2, "SecureRandom.hex: 1 to 256 bytes, room for the digits")
        stripe.pool.withLock { pool in
            if pool.used + count > pool.bytes.count {
                if !fill(pool.bytes) {
                    // The kernel's generator does not fail on a working system; fall back to the standard generator.
                    var generator = SystemRandomNumberGenerator()
                    for index in pool.bytes.indices { pool.bytes[index] = generator.next() }
                }
                pool.used = 0
            }
            let taken = UnsafeMutableRawBufferPointer(rebasing: pool.bytes[pool.used ..< pool.used + count])
            pool.used += count
            defer { taken.initializeMemory(as: UInt8.self, repeating: 0) }  // each byte is handed out once: wipe it
            guard let random = taken.baseAddress, let digits = out.baseAddress else { return }
            digitPairs.withUnsafeBufferPointer { pairs in
                guard let pairs = pairs.baseAddress else { return }
                for index in 0 ..< count {
                    let byte = random.load(fromByteOffset: index, as: UInt8.self)
                    digits.storeBytes(of: pairs[Int(byte)], toByteOffset: index &* 2, as: UInt16.self)
                }
            }
        }
    }

    /// Whether `text` is exactly `length` lower-case hex digits (what `hex` writes: tokens, list ids).
    static func isHex(_ text: String, length: Int) -> Bool {
        var text = text
        return text.withUTF8 { isHex(UnsafeRawBufferPointer($0), length: length) }
    }

    /// Whether `bytes` are exactly `length` lower-case hex digits.
    static func isHex(_ bytes: UnsafeRawBufferPointer, length: Int) -> Bool {
        bytes.count == length && bytes.allSatisfy { (48 ... 57).contains($0) || (97 ... 102).contains($0) }
    }

    /// The kernel's generator as a file, opened once: one `read` fills a pool (`getentropy` gives at most 256
    /// bytes a call). -1 when it cannot be opened.
    private static let device = open("/dev/urandom", O_RDONLY | O_CLOEXEC)

    /// Fills `bytes` from the kernel's generator; false when it could not.
    private static func fill(_ bytes: UnsafeMutableRawBufferPointer) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            if device >= 0 {
                let got = read(device, start + offset, bytes.count - offset)
                if got > 0 {
                    offset += got
                    continue
                }
                if got < 0, errno == EINTR { continue }
            }
            let chunk = min(256, bytes.count - offset)
            guard getentropy(start + offset, chunk) == 0 else { return false }
            offset += chunk
        }
        return true
    }
}

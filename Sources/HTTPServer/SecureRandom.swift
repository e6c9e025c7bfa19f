import Foundation
import Synchronization

/// Random bytes from the kernel's generator for tokens, read 256 bytes at a time (one `getentropy` call
/// serves several tokens instead of one system call per token). Several pools, each thread using the one its
/// id picks, so request threads minting tokens at once rarely wait for each other.
public enum SecureRandom {
    private struct Pool: ~Copyable {
        var bytes = [UInt8](repeating: 0, count: 256)
        var used = 256
    }

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
    public static func hex(bytes count: Int) -> String {
        precondition(count > 0 && count <= 256, "SecureRandom.hex: 1 to 256 bytes")
        let digits: StaticString = "0123456789abcdef"
        return stripe.pool.withLock { pool in
            if pool.used + count > pool.bytes.count {
                let filled = pool.bytes.withUnsafeMutableBytes { getentropy($0.baseAddress, $0.count) == 0 }
                if !filled {
                    // getentropy cannot fail for 256 bytes on a working system; fall back to the standard generator.
                    var generator = SystemRandomNumberGenerator()
                    for index in pool.bytes.indices { pool.bytes[index] = generator.next() }
                }
                pool.used = 0
            }
            let start = pool.used
            pool.used += count
            return pool.bytes.withUnsafeMutableBufferPointer { bytes in
                let taken = UnsafeMutableBufferPointer(rebasing: bytes[start ..< start + count])
                defer { taken.update(repeating: 0) }  // each byte is handed out once: wipe what was used
                return String(unsafeUninitializedCapacity: count * 2) { out in
                    digits.withUTF8Buffer { digits in
                        for (index, byte) in taken.enumerated() {
                            out[index * 2] = digits[Int(byte >> 4)]
                            out[index * 2 + 1] = digits[Int(byte & 0x0f)]
                        }
                    }
                    return count * 2
                }
            }
        }
    }
}

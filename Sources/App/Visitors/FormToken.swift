import Foundation
import HTTPServer

/// The per-form token against cross-site requests: a random value in a `SameSite=Strict` cookie, repeated in every
/// form, and compared on each POST (double submit). `Visitors` reads, makes and checks it. A value of 32 random bytes,
/// written as 64 lower-case hex digits; read from a cookie's bytes in place, so the warm path needs no `String`.
struct FormToken: Hashable, Sendable {
    /// The cookie that carries it.
    static let cookieName = "trakx_form"
    /// Bytes of randomness in a token.
    static let randomBytes = 32
    /// Hex digits in a token.
    static let length = randomBytes * 2
    /// What follows `trakx_form=token` in the cookie that gives a visitor a fresh token.
    static let cookieAttributes = "; Path=/; HttpOnly; SameSite=Strict"
    /// What pages write where the token goes (`Visitor.token`); the visitor rules put each visitor's own in.
    static let placeholder = "TRAKX-FORM-TOKEN-PLACEHOLDER"

    /// The 32 bytes, eight at a time.
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// The token written as `text`: exactly 64 lower-case hex digits, else nil.
    /// - Parameter text: The digits' bytes.
    init?(hex text: UnsafeRawBufferPointer) {
        guard text.count == Self.length, let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        /// The eight bytes written by the 16 digits at `start`; nil for a byte that is not a lower-case hex digit.
        func word(_ start: Int) -> UInt64? {
            var word: UInt64 = 0
            for byte in UnsafeBufferPointer(start: base + start, count: 16) {
                let digit: UInt8
                if byte &- 48 < 10 { digit = byte &- 48 } else if byte &- 97 < 6 { digit = byte &- 87 } else { return nil }
                word = word << 4 | UInt64(digit)
            }
            return word
        }
        guard let first = word(0), let second = word(16), let third = word(32), let fourth = word(48) else { return nil }
        words = (first, second, third, fourth)
    }

    /// The token written as `text` (64 lower-case hex digits), else nil.
    /// - Parameter text: The digits.
    init?(_ text: String) {
        var text = text
        guard let token = text.withUTF8({ FormToken(hex: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = token
    }

    /// A fresh token from the kernel's generator.
    static func make() -> FormToken {
        withUnsafeTemporaryAllocation(byteCount: length, alignment: 1) { digits in
            SecureRandom.hex(bytes: randomBytes, into: digits)
            return FormToken(hex: UnsafeRawBufferPointer(digits))!
        }
    }

    /// Writes the token's 64 hex digits to the start of `out`: a byte's two digits at a time, from a table (the warm
    /// path writes a returning visitor's token into every page it replays; a digit at a time cost it 970 instructions).
    /// - Parameter out: At least `length` bytes.
    func write(into out: UnsafeMutableRawBufferPointer) {
        precondition(out.count >= Self.length)
        let bytes = out.baseAddress!
        Self.digitPairs.withUnsafeBufferPointer { pairs in
            /// Writes `word`'s 16 digits at `start`, its high byte first.
            func put(_ word: UInt64, at start: Int) {
                for index in 0 ..< 8 {
                    let pair = pairs[Int(truncatingIfNeeded: (word >> UInt64(56 - 8 * index)) & 0xff)]
                    bytes.storeBytes(of: pair, toByteOffset: start + 2 * index, as: UInt16.self)
                }
            }
            put(words.0, at: 0)
            put(words.1, at: 16)
            put(words.2, at: 32)
            put(words.3, at: 48)
        }
    }

    /// Each byte's two lower-case hex digits, as one 16-bit value stored in memory order (first digit first).
    private static let digitPairs: [UInt16] = (0 ..< 256).map { byte in
        let digits = Array("0123456789abcdef".utf8)
        let (high, low) = (UInt16(digits[byte >> 4]), UInt16(digits[byte & 0xf]))
        return UInt16(littleEndian: high | low << 8)
    }

    /// The token's 64 hex digits as text.
    var text: String {
        String(unsafeUninitializedCapacity: Self.length) { out in
            write(into: UnsafeMutableRawBufferPointer(out))
            return Self.length
        }
    }

    /// Whether two tokens are the same 32 bytes.
    static func == (lhs: FormToken, rhs: FormToken) -> Bool {
        lhs.words == rhs.words
    }

    /// Hashes the 32 bytes (notices are kept by token).
    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

extension String {
    /// Whether the text is exactly `length` lowercase hex digits (tokens and list ids).
    func isLowercaseHex(length: Int) -> Bool {
        SecureRandom.isHex(self, length: length)
    }

    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

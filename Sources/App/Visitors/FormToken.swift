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
        guard text.count == Self.length else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for index in 0 ..< Self.length {
            let byte = text[index]
            let digit: UInt64
            switch byte {
            case 48 ... 57: digit = UInt64(byte - 48)
            case 97 ... 102: digit = UInt64(byte - 87)
            default: return nil
            }
            let shift = UInt64(60 - (index % 16) * 4)
            switch index / 16 {
            case 0: words.0 |= digit << shift
            case 1: words.1 |= digit << shift
            case 2: words.2 |= digit << shift
            default: words.3 |= digit << shift
            }
        }
        self.words = words
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

    /// Writes the token's 64 hex digits to the start of `out`.
    /// - Parameter out: At least `length` bytes.
    func write(into out: UnsafeMutableRawBufferPointer) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { digits in
            for index in 0 ..< Self.length {
                let word = switch index / 16 { case 0: words.0; case 1: words.1; case 2: words.2; default: words.3 }
                out[index] = digits[Int((word >> UInt64(60 - (index % 16) * 4)) & 0xf)]
            }
        }
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

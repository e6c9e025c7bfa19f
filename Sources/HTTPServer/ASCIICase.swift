extension String {
    /// Whether this equals `other` when ASCII letters are compared without case (header names),
    /// without building lower-cased copies.
    /// - Parameter other: The text to compare with.
    @inlinable
    public func equalsIgnoringASCIICase(_ other: String) -> Bool {
        if self == other { return true }
        return utf8.count == other.utf8.count && asciiCaseInsensitiveEqual(utf8, other.utf8)
    }
}

extension Substring {
    /// Whether this equals `other` when ASCII letters are compared without case.
    /// - Parameter other: The text to compare with.
    @inlinable
    public func equalsIgnoringASCIICase(_ other: String) -> Bool {
        utf8.count == other.utf8.count && asciiCaseInsensitiveEqual(utf8, other.utf8)
    }
}

/// Byte-wise comparison of two UTF-8 views of equal length, ASCII letters without case.
@inlinable
func asciiCaseInsensitiveEqual<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
    var other = b.makeIterator()
    for byte in a {
        guard let theirs = other.next() else { return false }
        if byte == theirs { continue }
        let lower = (65 ... 90).contains(byte) ? byte | 0x20 : byte
        let theirLower = (65 ... 90).contains(theirs) ? theirs | 0x20 : theirs
        if lower != theirLower { return false }
    }
    return true
}

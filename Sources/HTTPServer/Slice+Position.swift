import Foundation

extension Slice where Base == UnsafeRawBufferPointer {
    /// Where `byte` first is in these bytes (an index of the whole buffer), found with memchr: the generic
    /// `firstIndex(of:)` costs about 70 instructions a call here, and the warm path cuts every request's
    /// Accept-Encoding and Cookie headers with it.
    /// - Parameter byte: The byte looked for.
    public func position(of byte: UInt8) -> Int? {
        guard !isEmpty, let start = base.baseAddress else { return nil }
        return memchr(start + startIndex, Int32(byte), count).map { UnsafeRawPointer($0) - start }
    }
}

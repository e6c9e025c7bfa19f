/// What a request's `Accept-Encoding` says of gzip (RFC 9110, section 12.5.3), read one way for the warm path and
/// the chain: gzip (or `x-gzip`) with a weight above zero, or, when gzip is not named, `*` with one. No header, or
/// gzip or `*` given `q=0`, is no: the page is sent as it is.
public enum ContentCoding {
    /// Whether the request accepts a gzip body.
    /// - Parameter head: The request's headers.
    public static func acceptsGzip(_ head: RequestHead) -> Bool {
        var gzip, any: Bool?
        // Read in place, with no arrays made: the warm path asks this of every request.
        _ = head.first(in: "Accept-Encoding") { value -> Bool? in
            var rest = value[...]
            while !rest.isEmpty {
                let end = rest.position(of: UInt8(ascii: ",")) ?? rest.endIndex
                let element = rest[..<end]
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
                let nameEnd = element.position(of: UInt8(ascii: ";")) ?? element.endIndex
                let name = trimmed(element[..<nameEnd])
                let accepted = !hasZeroWeight(element[nameEnd...])
                if equals(name, "gzip") || equals(name, "x-gzip") {
                    gzip = (gzip ?? false) || accepted
                } else if equals(name, "*") {
                    any = (any ?? false) || accepted
                }
            }
            return nil
        }
        return gzip ?? any ?? false
    }

    /// Whether any of `parameters` (each after a `;`) is a weight of zero.
    private static func hasZeroWeight(_ parameters: Slice<UnsafeRawBufferPointer>) -> Bool {
        var rest = parameters
        while let semicolon = rest.position(of: UInt8(ascii: ";")) {
            rest = rest[rest.index(after: semicolon)...]
            let end = rest.position(of: UInt8(ascii: ";")) ?? rest.endIndex
            if isZeroWeight(trimmed(rest[..<end])) { return true }
        }
        return false
    }

    /// `q=0`, `q=0.`, `q=0.0` to `q=0.000`: a weight of zero (a parameter of any other kind is not one).
    private static func isZeroWeight(_ parameter: Slice<UnsafeRawBufferPointer>) -> Bool {
        guard parameter.count >= 3, parameter.first == UInt8(ascii: "q") || parameter.first == UInt8(ascii: "Q"),
              parameter[parameter.startIndex + 1] == UInt8(ascii: "=") else { return false }
        let weight = parameter.dropFirst(2)
        guard weight.first == UInt8(ascii: "0") else { return false }
        let rest = weight.dropFirst()
        guard let dot = rest.first else { return true }
        return dot == UInt8(ascii: ".") && rest.count <= 4 && rest.dropFirst().allSatisfy { $0 == UInt8(ascii: "0") }
    }

    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        var bytes = bytes
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes = bytes.dropLast() }
        return bytes
    }

    private static func equals(_ bytes: Slice<UnsafeRawBufferPointer>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { name in bytes.count == name.count && asciiCaseInsensitiveEqual(bytes, name) }
    }
}

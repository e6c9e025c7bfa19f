import Foundation

/// A `multipart/form-data` body split into named parts (for file uploads such as the favourites import).
public struct MultipartForm: Sendable {
    /// One part.
    public struct Part: Sendable {
        /// The `name` from `Content-Disposition`.
        public let name: String
        /// The `filename`, when the part is a file.
        public let filename: String?
        /// The part's bytes.
        public let body: [UInt8]
    }

    /// The parts in order.
    public let parts: [Part]

    /// Parses a body; nil when it is not multipart or is malformed. (A request's is parsed once: `Request.multipart`.)
    /// - Parameters:
    ///   - contentType: The request's `Content-Type`.
    ///   - body: Its body.
    init?(contentType type: String, body: [UInt8]) {
        guard type.lowercased().hasPrefix("multipart/form-data") else { return nil }
        guard let boundaryRange = type.range(of: "boundary=") else { return nil }
        var boundary = String(type[boundaryRange.upperBound...])
        if let semicolon = boundary.firstIndex(of: ";") { boundary = String(boundary[..<semicolon]) }
        boundary = boundary.trimmingCharacters(in: "\"")
        guard !boundary.isEmpty, boundary.utf8.count <= 200 else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [Part] = []
        var sections: [ArraySlice<UInt8>] = []
        var start: Int? = nil
        var index = 0
        while let found = Self.find(delimiter, in: body, from: index) {
            if let start { sections.append(body[start ..< found]) }
            index = found + delimiter.count
            start = index
        }
        for section in sections {
            var section = section
            if section.starts(with: [13, 10]) { section = section.dropFirst(2) }
            if section.suffix(2).elementsEqual([13, 10]) { section = section.dropLast(2) }
            guard let headerEnd = Self.find([13, 10, 13, 10], in: Array(section), from: 0) else { continue }
            let bytes = Array(section)
            guard let headerText = String(validating: bytes[..<headerEnd], as: UTF8.self) else { return nil }
            guard let disposition = headerText.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-disposition:") }),
                  let name = Self.parameter("name", in: disposition) else { continue }
            parts.append(Part(name: name, filename: Self.parameter("filename", in: disposition),
                              body: Array(bytes[(headerEnd + 4)...])))
        }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
    }

    /// The text of the first part named `name`.
    /// - Parameter name: Field name.
    public func field(_ name: String) -> String? {
        parts.first { $0.name == name }.flatMap { String(validating: $0.body, as: UTF8.self) }
    }

    static func parameter(_ name: String, in header: Substring) -> String? {
        for piece in header.split(separator: ";") {
            let trimmed = piece.trimmingCharacters(in: " ")
            guard trimmed.hasPrefix("\(name)=") else { continue }
            return String(trimmed.dropFirst(name.count + 1)).trimmingCharacters(in: "\"")
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        var i = from
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == needle[0] && haystack[i ..< i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        Substring(self).trimmingCharacters(in: character)
    }
}

import Foundation

/// Serves files from one folder (`Public/`) under a URL prefix, with content types and validators.
/// Every file is read once at start, so no request path can ever reach outside the folder. A text file of a
/// kilobyte or more is compressed then too, and sent so to a request that accepts gzip (with its own ETag: it is
/// another representation of the file).
public struct StaticFiles: Sendable {
    struct File: Sendable {
        let body: [UInt8]
        let contentType, etag, lastModified: String
        /// The body as gzip and its own ETag, for a text file large enough to gain by it.
        let gzip: (body: [UInt8], etag: String)?
    }

    private let files: [String: File]

    /// Loads every regular file below `directory`.
    /// - Parameter directory: The folder to serve.
    public init(directory: String) throws {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HTTPError(500, "Static folder \(directory) does not exist")
        }
        var files: [String: File] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .contentModificationDateKey])
        while let url = enumerator?.nextObject() as? URL {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
            guard values.isRegularFile == true else { continue }
            let relative = String(url.resolvingSymlinksInPath().path.dropFirst(root.path.count + 1))
            guard !relative.hasPrefix("."), !relative.contains("/.") else { continue }
            let data = try Data(contentsOf: url)
            let modified = values.contentModificationDate ?? Date()
            let contentType = Self.contentType(for: relative)
            let compressible = contentType.hasPrefix("text/") || contentType.hasSuffix("json") || contentType.hasSuffix("+xml")
            let hash = Self.fnv1a(data)
            let gzip = compressible && data.count >= GzipCut.smallest
                ? GzipCut(pieces: [Array(data)], valueLength: 0).map { (body: $0.body(with: []), etag: "\"\(hash)-gzip\"") } : nil
            files[relative] = File(
                body: Array(data),
                contentType: contentType,
                etag: "\"\(hash)\"",
                lastModified: HTTPDate.format(modified),
                gzip: gzip)
        }
        self.files = files
    }

    /// Why a static path was refused.
    public enum Refusal: Error, Sendable { case badPath, notFound }

    /// The response for `relativePath` (the part after the prefix, still encoded), honouring validators.
    /// - Parameters:
    ///   - rawRelativePath: Encoded path below the prefix.
    ///   - request: The request (for `If-None-Match` / `If-Modified-Since`).
    public func response(for rawRelativePath: Substring, request: Request) -> Result<Response, Refusal> {
        guard let path = PercentDecoding.decode(rawRelativePath, plusIsSpace: false), Self.isSafe(path) else {
            return .failure(.badPath)
        }
        guard let file = files[path] else { return .failure(.notFound) }
        let gzip = file.gzip.flatMap { ContentCoding.acceptsGzip(RequestHead(headers: request.headers)) ? $0 : nil }
        let etag = gzip?.etag ?? file.etag
        var headers: [(String, String)] = [
            ("Content-Type", file.contentType),
            ("ETag", etag),
            ("Last-Modified", file.lastModified),
            ("Cache-Control", "public, max-age=3600"),
        ]
        if file.gzip != nil { headers.append(("Vary", "Accept-Encoding")) }
        if gzip != nil { headers.append(("Content-Encoding", "gzip")) }
        if let match = request.header("If-None-Match"), match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: " ") == etag || $0.trimmingCharacters(in: " ") == "*" }) {
            return .success(Response(status: 304, headers: headers))
        }
        if request.header("If-None-Match") == nil, let since = request.header("If-Modified-Since"), since == file.lastModified {
            return .success(Response(status: 304, headers: headers))
        }
        return .success(Response(status: 200, headers: headers, body: gzip?.body ?? file.body))
    }

    /// The served paths (relative), for tests and the benchmark.
    public var paths: [String] { files.keys.sorted() }

    /// Whether a decoded relative path stays inside the folder: no `..`, no absolute path, no NUL or backslash.
    /// - Parameter path: Decoded relative path.
    public static func isSafe(_ path: String) -> Bool {
        if path.isEmpty || path.hasPrefix("/") || path.contains("\0") || path.contains("\\") { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }

    static func contentType(for path: String) -> String {
        switch path.split(separator: ".").last?.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "txt": "text/plain; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }

    static func fnv1a(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

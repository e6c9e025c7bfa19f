import CCurl
import Foundation

/// Owns one libcurl easy handle; reusing it keeps connections alive between requests.
/// Used by one thread at a time (the client's pool hands it out).
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    var errorBuffer: [CChar]
    var body: [UInt8] = []
    /// The final response's header fields, in order (a block before it, such as `100 Continue`, is dropped).
    var headers: [(name: String, value: String)] = []

    init() {
        guard let handle = curl_easy_init() else { fatalError("curl_easy_init failed") }
        self.handle = handle
        errorBuffer = [CChar](repeating: 0, count: ccurl_error_size())
    }

    deinit { curl_easy_cleanup(handle) }
}

@available(*, unavailable)
extension CurlEasy: Sendable {}

/// libcurl's write callback: appends to the `CurlEasy` passed as context.
func curlWrite(_ data: UnsafeMutablePointer<CChar>, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return 0 }
    let easy = Unmanaged<CurlEasy>.fromOpaque(context).takeUnretainedValue()
    let total = size * count
    easy.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: total))
    return total
}

/// libcurl's header callback: one header line at a time, for the `CurlEasy` passed as context. A status line
/// starts a new block (an interim `100 Continue` answer's fields are not the final answer's).
func curlHeader(_ data: UnsafeMutablePointer<CChar>, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return 0 }
    let easy = Unmanaged<CurlEasy>.fromOpaque(context).takeUnretainedValue()
    let total = size * count
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: total), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
        easy.headers.removeAll(keepingCapacity: true)
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        if !name.isEmpty { easy.headers.append((name, value)) }
    }
    return total
}

import CCurl
import Foundation

/// Owns one libcurl easy handle; reusing it keeps connections alive between requests.
/// Used by one thread at a time (the client's pool hands it out).
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    var errorBuffer: [CChar]
    var body: [UInt8] = []

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

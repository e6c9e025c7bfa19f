import CCurl
import Foundation
import Synchronization
import Workers

/// Timeouts and identity for `HTTPClient`.
public struct ClientConfiguration: Sendable {
    /// Seconds allowed to connect.
    public var connectTimeout: Double
    /// Seconds allowed for the whole transfer.
    public var totalTimeout: Double
    /// `User-Agent` header.
    public var userAgent: String
    /// Most transfers at once (each occupies a worker thread).
    public var maxConcurrent: Int
    /// A file of PEM certificates to trust instead of the system's (a service on the operator's own network with
    /// its own certificate authority); nil: the system's.
    public var trustedCertificates: String?

    /// Creates a configuration.
    /// - Parameters:
    ///   - connectTimeout: Connect timeout in seconds.
    ///   - totalTimeout: Total timeout in seconds.
    ///   - userAgent: User agent.
    ///   - maxConcurrent: Concurrency cap.
    ///   - trustedCertificates: PEM certificates trusted instead of the system's.
    public init(connectTimeout: Double = 5, totalTimeout: Double = 15, userAgent: String = "Trakx", maxConcurrent: Int = 16,
                trustedCertificates: String? = nil) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.userAgent = userAgent
        self.maxConcurrent = maxConcurrent
        self.trustedCertificates = trustedCertificates
    }
}

/// A small GET and POST client on libcurl. Transfers run on the client's own threads, never on Swift's cooperative threads;
/// easy handles are pooled so connections are reused.
public final class HTTPClient: Sendable {
    /// The configuration.
    public let configuration: ClientConfiguration
    private let workers: WorkerPool
    private let pool = Mutex<[HandleBox]>([])

    private static let globalInit: Void = {
        _ = ccurl_global_init()
    }()

    /// Creates a client (initialising libcurl once per process).
    /// - Parameter configuration: Timeouts and identity.
    public init(configuration: ClientConfiguration = ClientConfiguration()) {
        _ = Self.globalInit
        self.configuration = configuration
        workers = WorkerPool(name: "trakx-curl", threads: configuration.maxConcurrent)
    }

    /// Lets transfers in progress finish, then ends the client's threads and lets its connections go.
    public func shutdown() async {
        await workers.shutdown()
        pool.withLock { $0.removeAll() }
    }

    /// The client's transfer threads (kernel ids while they run), for tests.
    public var threadIDs: Set<Int32> { workers.threadIDs }

    /// GETs `url` (an absolute http or https URL) and returns status and body; throws `CurlError` on transport failure.
    /// - Parameters:
    ///   - url: The URL, already encoded exactly as it must be sent.
    ///   - headers: Extra request headers.
    public func get(_ url: String, headers: [String] = []) async throws -> ClientResponse {
        // The timeout covers the wait for a free worker too, so a burst while the server hangs cannot queue
        // requests for several timeouts.
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(configuration.totalTimeout * 1000)))
        return try await workers.run { try self.perform(url: url, headers: headers, body: nil, deadline: deadline) }
    }

    /// POSTs `body` to `url` (an absolute http or https URL) and returns status and body; throws `CurlError` on
    /// transport failure. libcurl's `Expect: 100-continue` is not sent.
    /// - Parameters:
    ///   - url: The URL, already encoded exactly as it must be sent.
    ///   - headers: Request headers (`Content-Type` and the like).
    ///   - body: The request body.
    ///   - choose: Given the URL's host and port, the one address to connect to (it throws to refuse); called on
    ///     the transfer's thread, so it may block to resolve. libcurl is then held to that address (`CURLOPT_RESOLVE`)
    ///     and uses no proxy, so no second look-up can lead elsewhere. nil: libcurl resolves the name itself.
    public func post(_ url: String, headers: [String] = [], body: [UInt8], connectingTo choose: AddressChooser? = nil) async throws -> ClientResponse {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(configuration.totalTimeout * 1000)))
        return try await workers.run {
            try self.perform(url: url, headers: headers + ["Expect:"], body: body, deadline: deadline, choose: choose)
        }
    }

    private func perform(url: String, headers: [String], body: [UInt8]?, deadline: ContinuousClock.Instant,
                         choose: AddressChooser? = nil) throws -> ClientResponse {
        let left = ContinuousClock.now.duration(to: deadline)
        let leftMilliseconds = Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
        guard leftMilliseconds > 0 else {
            throw CurlError(curlCode: CURLE_OPERATION_TIMEDOUT, message: "Timed out waiting for a free connection")
        }
        let pin = try choose.map { try AddressPin(url: url, choose: $0) }
        let easy = pool.withLock { $0.popLast()?.easy } ?? CurlEasy()
        defer { pool.withLock { if $0.count < configuration.maxConcurrent { $0.append(HandleBox(easy: easy)) } } }
        let handle = easy.handle
        easy.body.removeAll(keepingCapacity: true)
        easy.headers.removeAll(keepingCapacity: true)
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        let rc: CURLcode = url.withCString { urlPointer in
            configuration.userAgent.withCString { agent in
                easy.errorBuffer.withUnsafeMutableBufferPointer { errorBuffer in
                    errorBuffer[0] = 0
                    _ = ccurl_easy_setopt_ptr(handle, CURLOPT_URL, urlPointer)
                    _ = ccurl_easy_setopt_ptr(handle, CURLOPT_USERAGENT, agent)
                    _ = ccurl_easy_setopt_ptr(handle, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
                    _ = ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
                    if let pin {
                        _ = ccurl_easy_setopt_slist(handle, CURLOPT_RESOLVE, pin.list)
                        _ = ccurl_easy_setopt_ptr(handle, CURLOPT_PROXY, "")
                        _ = ccurl_easy_setopt_opensocket(handle, curlOpenPinnedSocket)
                        _ = ccurl_easy_setopt_ptr(handle, CURLOPT_OPENSOCKETDATA, Unmanaged.passUnretained(pin).toOpaque())
                    }
                    _ = ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
                    _ = ccurl_easy_setopt_long(handle, CURLOPT_HTTPGET, 1)
                    if let body {
                        _ = ccurl_easy_setopt_long(handle, CURLOPT_POST, 1)
                        _ = ccurl_easy_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
                        _ = ccurl_easy_setopt_ptr(handle, CURLOPT_COPYPOSTFIELDS, body)
                    }
                    _ = ccurl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.connectTimeout * 1000))
                    _ = ccurl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, leftMilliseconds)
                    _ = ccurl_easy_setopt_long(handle, CURLOPT_PATH_AS_IS, 1)
                    _ = ccurl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
                    _ = ccurl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
                    if let file = configuration.trustedCertificates { _ = ccurl_easy_setopt_ptr(handle, CURLOPT_CAINFO, file) }
                    _ = ccurl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
                    _ = ccurl_easy_setopt_long(handle, CURLOPT_MAXFILESIZE, 16 * 1024 * 1024)
                    _ = ccurl_easy_setopt_ptr(handle, CURLOPT_PROTOCOLS_STR, "http,https")
                    _ = ccurl_easy_setopt_ptr(handle, CURLOPT_ACCEPT_ENCODING, "")
                    _ = ccurl_easy_setopt_write(handle, CURLOPT_WRITEFUNCTION, curlWrite)
                    _ = ccurl_easy_setopt_ptr(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(easy).toOpaque())
                    _ = ccurl_easy_setopt_write(handle, CURLOPT_HEADERFUNCTION, curlHeader)
                    _ = ccurl_easy_setopt_ptr(handle, CURLOPT_HEADERDATA, Unmanaged.passUnretained(easy).toOpaque())
                    return curl_easy_perform(handle)
                }
            }
        }
        // Drop pointers to buffers that are about to go away.
        _ = ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, nil)
        if pin != nil {
            _ = ccurl_easy_setopt_slist(handle, CURLOPT_RESOLVE, nil)
            _ = ccurl_easy_setopt_ptr(handle, CURLOPT_PROXY, nil)
            _ = ccurl_easy_setopt_opensocket(handle, nil)
            _ = ccurl_easy_setopt_ptr(handle, CURLOPT_OPENSOCKETDATA, nil)
        }
        _ = ccurl_easy_setopt_ptr(handle, CURLOPT_ERRORBUFFER, nil)
        if body != nil { _ = ccurl_easy_setopt_ptr(handle, CURLOPT_POSTFIELDS, nil) }
        guard rc == CURLE_OK else {
            let message = easy.errorBuffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw CurlError(curlCode: rc, message: message.isEmpty ? String(cString: curl_easy_strerror(rc)) : Self.scrub(message))
        }
        return ClientResponse(status: ccurl_response_code(handle), headers: easy.headers, body: easy.body)
    }

    /// Removes anything that looks like a URL query from libcurl's message, so no signed URL reaches a log.
    static func scrub(_ message: String) -> String {
        guard let mark = message.firstIndex(of: "?") else { return message }
        return String(message[..<mark]) + "?…"
    }
}

/// Moves an easy handle in and out of the pool; a handle is used by one transfer at a time.
private struct HandleBox: @unchecked Sendable {
    let easy: CurlEasy
}

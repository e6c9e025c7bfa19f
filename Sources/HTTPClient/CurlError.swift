import CCurl

/// A transfer failure from libcurl: its code and error-buffer text (which never includes the URL).
public struct CurlError: Error, Sendable, CustomStringConvertible {
    private enum Code: Sendable, Equatable { case timedOut, couldNotConnect, cutOff, other }
    private let code: Code
    /// libcurl's `CURLcode`.
    public let curlCode: Int
    /// libcurl's message.
    public let message: String

    init(curlCode: CURLcode, message: String) {
        self.curlCode = Int(curlCode.rawValue)
        self.message = message
        switch curlCode {
        case CURLE_OPERATION_TIMEDOUT: code = .timedOut
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: code = .couldNotConnect
        // The server closed the connection before the body it announced (or its last chunk) had arrived.
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR: code = .cutOff
        default: code = .other
        }
    }

    /// The transfer took longer than its timeout.
    public var isTimeout: Bool { code == .timedOut }
    /// The answer began but stopped part way.
    public var isCutOff: Bool { code == .cutOff }

    /// "curl error 28: Operation timed out after 15001 milliseconds".
    public var description: String { "curl error \(curlCode): \(message)" }
}

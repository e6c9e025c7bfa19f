/// One Redis reply, copied out of hiredis's reply tree (which is freed at once).
public enum RedisReply: Sendable, Equatable {
    /// A bulk string: any bytes.
    case string([UInt8])
    /// An integer.
    case integer(Int)
    /// No value (a missing key, `SET … NX` that did not set).
    case null
    /// A status line, such as `OK`.
    case status(String)
    /// An error the server sent for this one command (the connection is still good).
    case error(String)
    /// An array of replies.
    case array([RedisReply])

    /// The bytes of a bulk string, else nil.
    public var bytes: [UInt8]? {
        if case .string(let bytes) = self { return bytes }
        return nil
    }

    /// The value of an integer reply, or of a bulk string holding a decimal integer, else nil.
    public var integer: Int? {
        switch self {
        case .integer(let value): value
        case .string(let bytes): Int(String(decoding: bytes, as: UTF8.self))
        default: nil
        }
    }
}

/// Why a Redis call failed: the shared cache is down or the connection broke (never holds a password).
public struct RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in a few words.
    public let description: String

    /// Creates an error.
    /// - Parameter description: What went wrong (no secret).
    public init(_ description: String) {
        self.description = description
    }

    /// The shared cache is marked down and not retried yet: the call failed without trying.
    public static let down = RedisError("shared cache is down, waiting to reconnect")
}

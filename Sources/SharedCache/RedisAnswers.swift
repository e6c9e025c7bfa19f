import Foundation
import PTV

/// PTV's answers in Redis for the whole fleet: each kept a day under `namespace:ptv:<path and query>` (so a dated copy
/// serves every instance when PTV fails), and claims for one fetch under `namespace:claim:…`.
///
/// A value is one byte (`b`: a body, `n`: "not found"), the fetch time as 8 bytes (a big-endian `Double` of seconds
/// since 1970), then the body exactly as PTV sent it.
public final class RedisAnswers: SharedAnswers {
    /// How long an answer is kept, in seconds: well past freshness, so a dated copy outlives a PTV outage.
    public static let kept: Double = 86_400

    private let client: RedisClient

    /// Creates the store.
    /// - Parameter client: The fleet's Redis.
    public init(client: RedisClient) {
        self.client = client
    }

    /// The answer saved for `key`, or nil (none, unreadable, or Redis unreachable).
    /// - Parameter key: The request's cache key.
    public func answer(for key: String) async -> SharedAnswer? {
        guard let value = try? await client.command(["GET", RedisArgument(client.key("ptv", key))]).bytes else { return nil }
        return Self.decode(value)
    }

    /// Claims `key` with `SET … NX PX`.
    /// - Parameters:
    ///   - key: The request's cache key.
    ///   - seconds: How long the claim holds if never released.
    public func claim(_ key: String, for seconds: Double) async -> SharedClaim {
        let token = UUID().uuidString
        let milliseconds = String(max(1, Int(seconds * 1000)))
        switch try? await client.command(["SET", RedisArgument(client.key("claim", key)), RedisArgument(token), "NX", "PX", RedisArgument(milliseconds)]) {
        case .status?: return .won(token: token)
        case .null?: return .taken
        default: return .unavailable
        }
    }

    /// Saves `answer` for a day.
    /// - Parameters:
    ///   - answer: The answer.
    ///   - key: The request's cache key.
    public func publish(_ answer: SharedAnswer, for key: String) async {
        let milliseconds = String(Int(Self.kept * 1000))
        _ = try? await client.command(["SET", RedisArgument(client.key("ptv", key)), RedisArgument(bytes: Self.encode(answer)), "PX",
                                       RedisArgument(milliseconds)])
    }

    /// Deletes the claim when it is still this instance's (a Lua compare-and-delete).
    /// - Parameters:
    ///   - key: The request's cache key.
    ///   - token: The claim's token.
    public func release(_ key: String, token: String) async {
        let script = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"
        _ = try? await client.command(["EVAL", RedisArgument(script), "1", RedisArgument(client.key("claim", key)), RedisArgument(token)])
    }

    /// The stored form of an answer.
    static func encode(_ answer: SharedAnswer) -> [UInt8] {
        var bytes: [UInt8] = []
        let body: [UInt8]
        switch answer.content {
        case .body(let sent): (bytes, body) = ([UInt8(ascii: "b")], sent)
        case .notFound: (bytes, body) = ([UInt8(ascii: "n")], [])
        }
        withUnsafeBytes(of: answer.fetchedAt.timeIntervalSince1970.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
        return bytes + body
    }

    /// An answer read back, or nil when the bytes are not one.
    static func decode(_ bytes: [UInt8]) -> SharedAnswer? {
        guard bytes.count >= 9 else { return nil }
        let bits = bytes[1 ..< 9].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let fetchedAt = Date(timeIntervalSince1970: Double(bitPattern: bits))
        switch bytes[0] {
        case UInt8(ascii: "b"): return SharedAnswer(.body(Array(bytes[9...])), fetchedAt: fetchedAt)
        case UInt8(ascii: "n"): return SharedAnswer(.notFound, fetchedAt: fetchedAt)
        default: return nil
        }
    }
}

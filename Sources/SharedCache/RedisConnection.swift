import CRedis
import Foundation

/// One connection to Redis: owns its `redisContext` (freed in `deinit`) and sends binary-safe argv commands with
/// blocking calls, bounded by its timeout. Used by one worker thread at a time; after any I/O error it is spent.
final class RedisConnection {
    private let context: UnsafeMutablePointer<redisContext>

    /// Connects, then `AUTH`s and `SELECT`s as the URL says.
    /// - Parameters:
    ///   - url: Where Redis is.
    ///   - timeout: Seconds for connecting, and then for each command.
    /// - Throws: `RedisError` when Redis cannot be reached or refuses.
    init(url: RedisURL, timeout: Double) throws {
        let time = Self.timeval(timeout)
        guard let context = redisConnectWithTimeout(url.host, Int32(url.port), time) else {
            throw RedisError("could not make a Redis context")
        }
        if context.pointee.err != 0 {
            let reason = Self.errorText(context)
            redisFree(context)
            throw RedisError("could not connect to \(url): \(reason)")
        }
        // From here `deinit` frees the context, also when AUTH or SELECT fails below.
        self.context = context
        _ = redisSetTimeout(context, time)
        if let password = url.password, case .error = try command(["AUTH", password].map { Array($0.utf8) }) {
            throw RedisError("Redis refused the password")
        }
        if url.database != 0, case .error(let message) = try command(["SELECT", String(url.database)].map { Array($0.utf8) }) {
            throw RedisError("Redis refused database \(url.database): \(message)")
        }
    }

    deinit { redisFree(context) }

    /// Sends one command and reads its reply.
    /// - Parameter arguments: The command and its arguments, as bytes.
    /// - Throws: `RedisError` when the connection failed (timed out, closed); the connection is then spent.
    func command(_ arguments: [[UInt8]]) throws -> RedisReply {
        let reply: UnsafeMutablePointer<redisReply>? = withPointers(arguments) { pointers, lengths in
            pointers.withUnsafeMutableBufferPointer { pointers in
                lengths.withUnsafeBufferPointer { lengths in
                    credis_command_argv(context, Int32(arguments.count), pointers.baseAddress!, lengths.baseAddress!)
                }
            }
        }
        guard let reply else { throw RedisError("Redis connection failed: \(Self.errorText(context))") }
        defer { freeReplyObject(reply) }
        return Self.copy(reply.pointee)
    }

    /// Calls `body` with C pointers to each argument's bytes and their lengths, valid only during the call.
    private func withPointers<R>(_ arguments: [[UInt8]],
                                 _ body: (inout [UnsafePointer<CChar>], [Int]) -> R) -> R {
        let buffers = arguments.map { bytes -> UnsafeMutablePointer<CChar> in
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: bytes.count) }
            }
            return buffer
        }
        defer { buffers.forEach { $0.deallocate() } }
        var pointers = buffers.map { UnsafePointer($0) }
        return body(&pointers, arguments.map(\.count))
    }

    /// A Swift copy of one reply and everything under it.
    private static func copy(_ reply: redisReply) -> RedisReply {
        switch reply.type {
        case REDIS_REPLY_STRING: .string(bytes(reply))
        case REDIS_REPLY_INTEGER: .integer(Int(reply.integer))
        case REDIS_REPLY_NIL: .null
        case REDIS_REPLY_STATUS: .status(String(decoding: bytes(reply), as: UTF8.self))
        case REDIS_REPLY_ERROR: .error(String(decoding: bytes(reply), as: UTF8.self))
        case REDIS_REPLY_ARRAY:
            .array((0 ..< Int(reply.elements)).compactMap { index in reply.element[index].map { copy($0.pointee) } })
        default: .null
        }
    }

    /// The bytes of a string, status or error reply.
    private static func bytes(_ reply: redisReply) -> [UInt8] {
        guard let text = reply.str, reply.len > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: Int(reply.len)))
    }

    /// What hiredis says went wrong on `context`.
    private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
        withUnsafeBytes(of: context.pointee.errstr) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Seconds as a C `timeval`.
    private static func timeval(_ seconds: Double) -> timeval {
        let whole = seconds.rounded(.down)
        return Foundation.timeval(tv_sec: Int(whole), tv_usec: .init((seconds - whole) * 1_000_000))
    }
}

@testable import SharedCache
import Testing
import TestSupport

@Suite(.enabled(if: TestServices.redisEnabled)) struct RedisReachableTests {
    @Test func theTestRedisIsNamed() throws {
        #expect(try TestServices.requireRedis().hasPrefix("redis://"))
    }
}

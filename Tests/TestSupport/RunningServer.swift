import HTTPServer

/// Starts `server`, runs `body` with it, and shuts it down afterwards, also when `body` throws.
/// - Parameters:
///   - server: A server not yet started.
///   - body: Work against the running server.
public func withRunning<T>(_ server: HTTPServer, _ body: (HTTPServer) async throws -> T) async throws -> T {
    try server.start()
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}

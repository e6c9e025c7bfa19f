import Foundation

/// Runs `body` with a fresh temporary folder, removed afterwards even when `body` throws.
/// - Parameter body: Work that gets the folder path.
public func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let path = NSTemporaryDirectory() + "trakx-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}

/// The repository root (for `Templates/` and `Public/`).
public let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0 ..< 3 { url.deleteLastPathComponent() }
    return url.path
}()

import Crypto
import Foundation
import HTTPServer
import SharedCache
import Synchronization

/// Notices in a fleet: a notice left by a change is put in the shared cache as the change's response leaves, under a
/// hash of the browser's form token and the page's path (never the token itself), and that response sets the
/// `trakx_notice` cookie. The warm path only looks for the cookie (no round trip): a browser with it is sent through
/// the chain, which takes the notice (`GETDEL`: said once, by whichever instance) and clears the cookie.
extension Notices {
    /// The cookie that sends a browser's next page through the chain while a notice may wait for it in the fleet.
    static let fleetCookie = "trakx_notice"

    /// Sends the notice `token`'s request left (if any) to the fleet, and says what cookie the response sets: the
    /// fleet's cookie when it was sent; nil when none was left, or (Redis unreachable) it is kept on this instance.
    /// - Parameter token: The browser's form token.
    func send(for token: FormToken) async -> String? {
        guard let shared, let left = outbox.withLock({ $0.removeValue(forKey: token) }) else { return nil }
        let value = (try? JSONEncoder().encode(left.fields.map { [$0.0, $0.1] })).map(Array.init) ?? []
        if await shared.leave(value, at: Self.key(token, path: left.path), for: Self.lifetime) {
            return "\(Self.fleetCookie)=1; Path=/; Max-Age=\(Int(Self.lifetime)); HttpOnly; SameSite=Lax"
        }
        keepHere(left.fields, for: token, at: left.path)
        return nil
    }

    /// Takes the notice the fleet keeps for `token` on `path`, once, with the cookie that clears the fleet's cookie.
    /// - Parameters:
    ///   - token: The browser's form token.
    ///   - path: The path asked for.
    func takeFromFleet(for token: FormToken, path: Substring) async -> (fields: Banner.Fields, clear: String)? {
        guard let shared, let bytes = await shared.take(Self.key(token, path: String(path))),
              let pairs = try? JSONDecoder().decode([[String]].self, from: Data(bytes)) else { return nil }
        let fields = pairs.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
        return (fields, "\(Self.fleetCookie)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
    }

    /// Whether the request's head carries the fleet's cookie (read in place: the warm path asks it).
    /// - Parameter head: The request's headers.
    func fleetCookie(in head: RequestHead) -> Bool {
        shared != nil && Cookies.withValue(Self.fleetCookie, in: head) { $0.map { !$0.isEmpty } ?? false }
    }

    /// The shared cache's key for a notice: a hash of the token and path, so no token is stored.
    private static func key(_ token: FormToken, path: String) -> String {
        let digest = SHA256.hash(data: Array((token.text + " " + path).utf8))
        return "notice:" + digest.map { String(format: "%02x", $0) }.joined()
    }
}

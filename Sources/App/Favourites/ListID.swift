import Crypto
import Foundation
import Storage

/// A browser's secret favourites-list id on a shared server: 128 random bits as 32 lowercase hex digits.
/// It lives only in the browser's cookie and its private link; the database keeps its SHA-256.
struct ListID: Sendable, Equatable {
    /// The 32 hex digits.
    let text: String

    /// A fresh id from the system's secure random source.
    static func make() -> ListID {
        var generator = SystemRandomNumberGenerator()
        let text = (0 ..< 2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
        return ListID(text: text)
    }

    /// The id in `text` when it is exactly 32 lowercase hex digits, else nil.
    /// - Parameter text: A cookie value or path segment.
    static func parse(_ text: String) -> ListID? {
        guard text.utf8.count == 32, text.utf8.allSatisfy({ (48 ... 57).contains($0) || (97 ... 102).contains($0) }) else { return nil }
        return ListID(text: text)
    }

    /// The key the database knows the list by: the hex SHA-256 of the id.
    var storageKey: FavouriteListKey {
        FavouriteListKey(hash: Self.hash(text))
    }

    /// Hex SHA-256 of any text (also used for malformed ids, so every lookup costs the same).
    static func hash(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { byte in String(byte, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension FavouriteListKey {
    /// The storage key of a browser's list, from the id its `trakx_list` cookie holds (nil when malformed).
    /// - Parameter listID: 32 lowercase hex digits.
    public init?(listID: String) {
        guard let id = ListID.parse(listID) else { return nil }
        self = id.storageKey
    }
}

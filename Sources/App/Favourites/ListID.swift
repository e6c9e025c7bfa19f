import Crypto
import Foundation
import HTTPServer
import Storage

/// A browser's secret favourites-list id on a shared server: 128 random bits as 32 lowercase hex digits.
/// It lives only in the browser's cookie and its private link; the database keeps its SHA-256.
struct ListID: Sendable, Equatable {
    /// The 32 hex digits.
    let text: String

    /// A fresh id from the system's secure random source.
    static func make() -> ListID {
        ListID(text: SecureRandom.hex(bytes: 16))
    }

    /// The id in `text` when it is exactly 32 lowercase hex digits, else nil.
    /// - Parameter text: A cookie value or path segment.
    static func parse(_ text: String) -> ListID? {
        guard text.isLowercaseHex(length: 32) else { return nil }
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

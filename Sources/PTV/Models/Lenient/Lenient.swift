import Foundation

/// A field read leniently: a missing, null or unusable value becomes ``LenientValue/absent``.
@propertyWrapper
public struct Lenient<Value: LenientValue & Sendable & Equatable>: Decodable, Sendable, Equatable {
    /// The field's value.
    public var wrappedValue: Value

    /// Wraps a value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Reads the value leniently.
    public init(from decoder: any Decoder) {
        wrappedValue = Value.lenient(from: decoder) ?? .absent
    }
}

/// A `run_id`: -1 when missing or unusable, as for runs that have only an alphanumeric `run_ref`.
@propertyWrapper
public struct RunID: Decodable, Sendable, Equatable {
    /// The run id.
    public var wrappedValue: Int

    /// Wraps a run id.
    public init(wrappedValue: Int) {
        self.wrappedValue = wrappedValue
    }

    /// Reads the id leniently, -1 when unusable.
    public init(from decoder: any Decoder) {
        wrappedValue = Int.lenient(from: decoder) ?? -1
    }
}

extension KeyedDecodingContainer {
    /// A missing key reads as absent, never as an error (synthesised `Decodable` calls this).
    public func decode<V>(_ type: Lenient<V>.Type, forKey key: Key) throws -> Lenient<V> {
        Lenient(wrappedValue: read(key) ?? .absent)
    }

    /// A missing `run_id` reads as -1, never as an error.
    public func decode(_ type: RunID.Type, forKey key: Key) throws -> RunID {
        RunID(wrappedValue: read(key) ?? -1)
    }

    /// The list under `key`; when that is missing or empty, the list under `fallback`, or the one object there.
    /// - Parameters:
    ///   - key: The key of the list.
    ///   - fallback: The key some responses use instead (`route` for routes, `run` for a single run).
    public func list<Element: LenientReadable>(_ key: Key, else fallback: Key) -> [Element] {
        let list = read(key, as: [Element].self) ?? []
        guard list.isEmpty else { return list }
        return read(fallback, as: Element.self).map { [$0] } ?? read(fallback) ?? []
    }

    /// The value under `key` read leniently, or nil when it is missing, null or unusable.
    /// - Parameter key: The key.
    public func read<V: LenientReadable>(_ key: Key, as type: V.Type = V.self) -> V? {
        guard contains(key) else { return nil }
        return (try? decode(LenientBox<V>.self, forKey: key))?.value
    }
}

import Foundation

/// A property wrapper read leniently: a missing, null or unusable value becomes ``fallback``, never an error.
public protocol LenientField: Decodable {
    /// The field's type.
    associatedtype Value: LenientReadable
    /// What a missing, null or unusable value reads as.
    static var fallback: Value { get }
    /// Wraps a value.
    init(wrappedValue: Value)
}

extension LenientField {
    /// Reads the value leniently.
    public init(from decoder: any Decoder) {
        self.init(wrappedValue: Value.lenient(from: decoder) ?? Self.fallback)
    }
}

/// A field read leniently: a missing, null or unusable value becomes ``LenientValue/absent``.
@propertyWrapper
public struct Lenient<Value: LenientValue & Sendable & Equatable>: LenientField, Sendable, Equatable {
    /// The field's value.
    public var wrappedValue: Value

    /// Wraps a value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// The type's own absent value ("", 0, false, nil, [] or [:]).
    public static var fallback: Value { .absent }
}

/// A `run_id`: -1 when missing or unusable, as for runs that have only an alphanumeric `run_ref`.
@propertyWrapper
public struct RunID: LenientField, Sendable, Equatable {
    /// The run id.
    public var wrappedValue: Int

    /// Wraps a run id.
    public init(wrappedValue: Int) {
        self.wrappedValue = wrappedValue
    }

    /// -1.
    public static var fallback: Int { -1 }
}

extension KeyedDecodingContainer {
    /// A missing key reads as the field's fallback, never as an error (synthesised `Decodable` calls this).
    public func decode<Field: LenientField>(_ type: Field.Type, forKey key: Key) throws -> Field {
        Field(wrappedValue: read(key) ?? Field.fallback)
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

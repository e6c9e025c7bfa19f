import Foundation

/// A `run_ref`: when PTV leaves it out, the decimal `run_id` of the same object stands in (if not -1).
@propertyWrapper
public struct RunReference: LenientField, Sendable, Equatable {
    /// The run reference.
    public var wrappedValue: String

    /// Wraps a run reference.
    public init(wrappedValue: String) {
        self.wrappedValue = wrappedValue
    }

    /// "" (read alone, with no `run_id` to fall back on).
    public static var fallback: String { "" }
}

extension KeyedDecodingContainer {
    /// The `run_ref` under `key`, or the sibling `run_id` as text when the reference is missing or empty.
    public func decode(_ type: RunReference.Type, forKey key: Key) throws -> RunReference {
        let ref = read(key, as: String.self) ?? RunReference.fallback
        guard ref.isEmpty, let idKey = Key(stringValue: "run_id"), let id = read(idKey, as: Int.self), id >= 0 else {
            return RunReference(wrappedValue: ref)
        }
        return RunReference(wrappedValue: String(id))
    }
}

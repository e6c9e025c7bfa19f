extension Request {
    /// Whether the body is declared as `application/x-www-form-urlencoded`.
    public var isForm: Bool {
        header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
    }

    /// Decoded form fields from an urlencoded body; nil when the body is not a valid form.
    public var formItems: [(String, String)]? {
        guard isForm else { return nil }
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        return PercentDecoding.pairs(text)
    }

    /// The first value of a form field.
    /// - Parameter name: Field name.
    public func form(_ name: String) -> String? {
        formItems?.first { $0.0 == name }?.1
    }
}

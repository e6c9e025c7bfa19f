extension Request {
    /// The first value of a form field: from an urlencoded body, or a multipart body's text part of that name.
    /// (Both were parsed once, when the request was made.)
    /// - Parameter name: Field name.
    public func form(_ name: String) -> String? {
        if let formItems { return formItems.first { $0.0 == name }?.1 }
        return multipart?.field(name)
    }
}

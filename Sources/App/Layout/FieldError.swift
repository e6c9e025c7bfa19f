/// A form field's error, linked from the error summary.
struct FieldError: Sendable {
    /// The field's id.
    let field, message: String
}

/// One text field of a form as the page shows it again: its id, what it holds, and why it was refused.
struct FormField: Sendable {
    /// The field's id (also its hint's and error's prefix).
    let id: String
    /// What it shows: the stored value, or after a refused submission the text as typed.
    let value: String
    /// Why the typed text was refused, or nil.
    let error: String?

    /// The field `id` holding `value`, with the error among `errors` that names it.
    init(id: String, value: String, errors: [FieldError]) {
        self.id = id
        self.value = value
        error = errors.first { $0.field == id }?.message
    }
}

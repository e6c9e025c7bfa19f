/// One option of a `select`: the nearby form's kinds of transport, an alert's lines and minutes.
struct SelectOption: Sendable {
    /// The form value: a mode slug ("" for every kind), a line ("6-1"), minutes.
    let value: String
    /// "All kinds", "Tram", "Frankston line towards Frankston", "10 minutes".
    let label: String
    /// Whether it is the one chosen.
    let selected: Bool
}

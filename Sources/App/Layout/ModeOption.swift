/// A choice in a kind-of-transport list.
struct ModeOption: Sendable {
    /// The form value: a mode slug, or "" for every kind.
    let value: String
    /// "All kinds", "Tram".
    let label: String
    /// Whether it is the one chosen.
    let selected: Bool
}

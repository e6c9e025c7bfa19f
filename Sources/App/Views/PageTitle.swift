/// A page's `<title>`: its own words (the layout adds " – Trakx"), with "Error: " first when a form has errors.
public struct PageTitle: Sendable, Equatable {
    /// The page's own title.
    let text: String
    /// Whether a form on the page has errors.
    let hasErrors: Bool
}

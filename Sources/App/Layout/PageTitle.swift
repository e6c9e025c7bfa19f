/// A page's `<title>`: its own words (the layout adds ", Trakx": no en dash for a screen reader to name), with "Error, " first when a form has errors.
public struct PageTitle: Sendable, Equatable {
    /// The page's own title.
    let text: String
    /// Whether a form on the page has errors.
    let hasErrors: Bool
}

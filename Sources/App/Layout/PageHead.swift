/// The top of every page: the layout's chrome (title, navigation, notices), the one h1, and the answer said
/// first under it. Pages hold one instead of repeating the three, and templates read them as `head.…`.
struct PageHead: Sendable {
    /// What the layout needs: title, navigation and notices.
    let chrome: PageChrome
    /// The page's one h1.
    let heading: String
    /// The answer said first, under the heading ("" where the page has none).
    let summary: String

    /// Creates a page head.
    /// - Parameters:
    ///   - chrome: The layout chrome.
    ///   - heading: The h1.
    ///   - summary: The first sentence under it, or "".
    init(_ chrome: PageChrome, heading: String, summary: String = "") {
        self.chrome = chrome
        self.heading = heading
        self.summary = summary
    }
}

/// What the layout needs on every page: the title, navigation, notices and scripts.
public struct PageChrome: Sendable {
    /// The `<title>`.
    let title: PageTitle
    /// Main navigation with the current page marked.
    let nav: [NavItem]
    /// Demo data, a one-off confirmation, stale data.
    let notices: PageNotices
    /// Scripts to load (enhancements only).
    let scripts: [String]

    /// The sections the main navigation links to.
    public enum Section: Sendable { case home, nearby, search, favourites, disruptions, none }

    /// Builds the chrome.
    /// - Parameters:
    ///   - title: Page title.
    ///   - section: The current navigation section.
    ///   - demo: Whether demo data is in use.
    ///   - banner: Confirmation banner.
    ///   - stale: Stale-data notice.
    ///   - hasErrors: Whether a form has errors.
    ///   - scripts: Script URLs.
    public init(title: String, section: Section, demo: Bool, banner: String? = nil,
                stale: String? = nil, hasErrors: Bool = false, scripts: [String] = []) {
        self.title = PageTitle(text: title, hasErrors: hasErrors)
        notices = PageNotices(demo: demo, banner: banner, stale: stale)
        self.scripts = scripts
        nav = [
            NavItem(href: "/", label: "Home", current: section == .home),
            NavItem(href: "/nearby", label: "Nearby", current: section == .nearby),
            NavItem(href: "/search", label: "Search", current: section == .search),
            NavItem(href: "/favourites", label: "Favourites", current: section == .favourites),
            NavItem(href: "/disruptions", label: "Disruptions", current: section == .disruptions),
        ]
    }
}

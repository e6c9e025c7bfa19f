/// What the layout needs on every page: the title, navigation and notices.
public struct PageChrome: Sendable {
    /// One main navigation link.
    public struct NavItem: Sendable {
        let href: String
        let label: String
        let current: Bool
    }

    /// The page's own title (the `<title>` adds " – Trakx").
    let title: String
    /// Whether a form on the page has errors ("Error: " goes first in the title).
    let hasErrors: Bool
    /// Main navigation with the current page marked.
    let nav: [NavItem]
    /// The demo-data notice, when the simulator is in use.
    let demo: Bool
    /// A one-off confirmation ("Added Flinders Street Station to favourites").
    let banner: String?
    /// Said when cached data is shown because PTV failed ("showing information from 10:42 am").
    let stale: String?
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
        self.title = title
        self.hasErrors = hasErrors
        self.demo = demo
        self.banner = banner
        self.stale = stale
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

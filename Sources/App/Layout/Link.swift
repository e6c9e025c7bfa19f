/// A link as pages show it: its words, where it goes, and an optional detail said after it.
struct Link: Sendable, Equatable {
    /// The link text.
    let name: String
    /// The URL.
    let href: String
    /// Words after the link ("Tram, 120 metres north"), or nil.
    let detail: String?

    /// Creates a link.
    /// - Parameters:
    ///   - name: The link text.
    ///   - href: The URL.
    ///   - detail: Words said after it.
    init(_ name: String, href: String, detail: String? = nil) {
        self.name = name
        self.href = href
        self.detail = detail?.isEmpty == true ? nil : detail
    }
}

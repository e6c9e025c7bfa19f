/// One main navigation link.
public struct NavItem: Sendable {
    let href, label: String
    /// Whether it is the current section (marked `aria-current`).
    let current: Bool
}

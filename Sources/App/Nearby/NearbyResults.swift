/// The stops found near a point or place, as the nearby page lists them (its summary is in the page head).
struct NearbyResults: Sendable {
    /// "in Melbourne City" or "mostly in Melbourne City": the suburb said once for the list, at the end of the heading.
    let area: String?
    /// Nearest first, capped.
    let stops: [NearbyRow]
    /// "28 more stops within 1 kilometre are further away.", when the list is capped.
    let more: String?
    /// The next radius: smaller for a complete list when capped, larger otherwise.
    let nextRadius: Link?
    /// The listed stops as a picture, north up.
    var map: NearbyMap? = nil
    /// Whether the heading is the count ("5 bus stops within 1 kilometre", near a point): the answer first, and the
    /// summary not said again.
    var countInHeading = false
}

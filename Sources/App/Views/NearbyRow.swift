/// One stop in the nearby list: distance and direction first, then the stop.
struct NearbyRow: Sendable {
    /// "120 metres north".
    let distance: String
    /// The stop, with its suburb (when not the usual one) and lines as detail.
    let stop: Link
}

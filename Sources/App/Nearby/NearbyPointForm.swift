/// The latitude and longitude fields, opened when either has an error to fix.
struct NearbyPointForm: Sendable {
    let lat, lon: FormField
    /// Whether the typed-position form starts open.
    let open: Bool
}

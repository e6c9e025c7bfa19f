/// The nearby page's forms as the rider left them: a place, a typed point, and the kind of transport.
struct NearbyForms: Sendable {
    /// The place, suburb or stop name.
    let place: FormField
    /// The typed latitude and longitude.
    let point: NearbyPointForm
    /// The kinds of transport, with the chosen one selected.
    let modes: [SelectOption]
}

import PTV
import Storage

/// The add/remove favourite form for the whole stop.
struct FavouriteButton: Sendable {
    let toggle: FavouriteToggle
    /// The stop's name, said after the button's words to screen readers.
    let stopName: String

    init(type: RouteType, stopID: Int, stopName: String, favourite: FavouriteStop?, token: String, returnPath: String) {
        toggle = FavouriteStopFields(token: token, returnPath: returnPath, mode: ModeWords.slug(type), stopID: stopID)
            .toggle(isFavourite: favourite != nil)
        self.stopName = stopName
    }
}

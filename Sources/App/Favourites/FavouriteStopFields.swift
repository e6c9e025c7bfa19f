/// The hidden fields a stop page's favourite forms carry: the form token, where to come back to, and the stop.
struct FavouriteStopFields: Sendable {
    /// The form token (the page cache's placeholder).
    let token: String
    /// Where to come back to.
    let returnPath: String
    /// The stop's mode slug.
    let mode: String
    let stopID: Int

    /// The fields for the stop, and its toggle: adding posts to `/favourites`, removing to the stop's favourite.
    func toggle(isFavourite: Bool) -> FavouriteToggle {
        FavouriteToggle(isFavourite: isFavourite, action: isFavourite ? removeAction : Paths.favourites, fields: self)
    }

    /// Where a form removing one of this stop's favourites posts.
    var removeAction: String { Paths.favourite(mode: mode, stopID) + "/remove" }
}

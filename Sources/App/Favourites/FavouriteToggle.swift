/// The form that adds or removes a favourite on the stop page, as the whole-stop and line buttons share it.
struct FavouriteToggle: Sendable {
    /// Whether it is a favourite now (the button removes it).
    let isFavourite: Bool
    /// Where the form posts: `/favourites` to add, the favourite's `/remove` to remove.
    let action: String
    let fields: FavouriteStopFields
}

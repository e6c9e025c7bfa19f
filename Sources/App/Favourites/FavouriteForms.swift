/// The forms that rename and remove one favourite on the favourites page.
struct FavouriteForms: Sendable {
    /// What the favourite is without its own name, for hidden button text ("Flinders Street Station").
    let stopName: String
    /// The favourite's address, which `/rename` and `/remove` follow ("/favourites/train/1071").
    let path: String
    let field: FormField
    /// Set for a line favourite: the forms then carry `route_id` and `direction_id`.
    let line: FavouriteLineFields?
}

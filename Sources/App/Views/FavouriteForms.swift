/// The forms that rename and remove one favourite on the favourites page.
struct FavouriteForms: Sendable {
    /// The own-name field.
    struct NameField: Sendable {
        /// The field's id (also its hint's and error's prefix).
        let id: String
        /// What it shows: the stored own name, or after a refused rename the text as typed.
        let value: String
        /// Why the typed name was refused, or nil.
        let error: String?
    }

    /// The hidden fields that name a line favourite's line.
    struct LineFields: Sendable {
        /// PTV route id.
        let routeID: Int
        /// PTV direction id, or "" for both directions.
        let directionID: String
    }

    /// What the favourite is without its own name, for hidden button text ("Flinders Street Station").
    let stopName: String
    /// The favourite's address, which `/rename` and `/remove` follow ("/favourites/train/1071").
    let path: String
    let field: NameField
    /// Set for a line favourite: the forms then carry `route_id` and `direction_id`.
    let line: LineFields?
}

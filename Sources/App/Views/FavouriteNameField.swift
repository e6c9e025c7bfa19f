/// The own-name field of a favourite's rename form.
struct FavouriteNameField: Sendable {
    /// The field's id (also its hint's and error's prefix).
    let id: String
    /// What it shows: the stored own name, or after a refused rename the text as typed.
    let value: String
    /// Why the typed name was refused, or nil.
    let error: String?
}

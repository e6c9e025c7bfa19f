/// The hidden fields that name a line favourite's line in its forms.
struct FavouriteLineFields: Sendable {
    /// PTV route id.
    let routeID: Int
    /// PTV direction id, or "" for both directions.
    let directionID: String
}

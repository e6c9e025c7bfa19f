import PTV
import Storage

/// The add/remove favourite form.
struct FavouriteButton: Sendable {
    let isFavourite: Bool
    let ownName: String?
    let addAction: String
    let removeAction: String
    let mode: String
    let stopID: Int
    let stopName: String
    let token: String
    let returnPath: String

    init(type: RouteType, stopID: Int, stopName: String, favourite: FavouriteStop?, token: String, returnPath: String) {
        isFavourite = favourite != nil
        ownName = favourite?.ownName
        mode = ModeWords.slug(type)
        addAction = "/favourites"
        removeAction = "/favourites/\(mode)/\(stopID)/remove"
        self.stopID = stopID
        self.stopName = stopName
        self.token = token
        self.returnPath = returnPath
    }
}

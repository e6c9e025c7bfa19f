import Mustache

// The home page's model answers template keys directly, as every page model TemplateKeysTests can build does,
// instead of through swift-mustache's reflection (`View+MustacheParent.swift`); that test fails when one misses a
// stored property.

extension HomePage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "favourites": favourites
        case "hasFavourites": hasFavourites
        case "shownOf": shownOf
        case "unreadable": unreadable
        default: nil
        }
    }
}

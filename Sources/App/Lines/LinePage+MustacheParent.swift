import Mustache

// The line page's model answers template keys directly, as every page model TemplateKeysTests can build does,
// instead of through swift-mustache's reflection (`View+MustacheParent.swift`); that test fails when one misses a
// stored property.

extension LinePage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "routeName": routeName
        case "ordered": ordered
        case "stops": stops
        case "directions": directions
        case "works": works
        case "disruptions": disruptions
        case "disruptionsUnavailable": disruptionsUnavailable
        case "directionsUnavailable": directionsUnavailable
        default: nil
        }
    }
}

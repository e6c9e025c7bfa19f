import Mustache

// The search page's model answers template keys directly, as every page model TemplateKeysTests can build does,
// instead of through swift-mustache's reflection (`View+MustacheParent.swift`); that test fails when one misses a
// stored property.

extension SearchPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "query": query
        case "searched": searched
        case "stops": stops
        case "lines": lines
        default: nil
        }
    }
}

import Mustache

// The disruptions list's and one disruption's models answer template keys directly, as every page model
// TemplateKeysTests can build does, instead of through swift-mustache's reflection (`View+MustacheParent.swift`);
// that test fails when one misses a stored property.

extension DisruptionsPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "groups": groups
        case "filters": filters
        case "allURL": allURL
        case "updated": SeenAndHeard(updated)
        default: nil
        }
    }
}

extension DisruptionsPage.Group: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "id": id
        case "items": items
        default: nil
        }
    }
}

extension DisruptionsPage.Filter: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "link": link
        case "current": current
        default: nil
        }
    }
}

extension DisruptionSummary: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": SeenAndHeard(title)
        case "href": href
        case "timing": timing
        case "when": when
        case "first": SeenAndHeard(first)
        case "kind": kind
        case "affects": affects
        case "description": description.map(SeenAndHeard.init)
        case "severity": severity
        case "id": id
        case "from": from
        default: nil
        }
    }
}

extension DisruptionPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "item": item
        case "lines": lines
        case "stops": stops
        case "published": published.map(SeenAndHeard.init)
        case "updated": updated.map(SeenAndHeard.init)
        case "ptvLink": ptvLink
        default: nil
        }
    }
}

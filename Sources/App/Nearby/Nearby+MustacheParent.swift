import Mustache

// The nearby page's models answer template keys directly, as the stop board's do (`View+MustacheParent.swift`):
// its list and map of up to 30 stops went through swift-mustache's Mirror walk for every key.
// `TemplateKeysTests` checks that every model reachable from the page answers for every stored property.

extension NearbyPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "results": results
        case "forms": forms
        case "errors": errors
        default: nil
        }
    }
}

extension NearbyResults: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "area": area
        case "stops": stops
        case "more": more
        case "nextRadius": nextRadius
        case "map": map
        case "countInHeading": countInHeading
        default: nil
        }
    }
}

extension NearbyRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "distance": distance
        case "stop": stop
        case "walk": walk
        default: nil
        }
    }
}

extension NearbyMap: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "size": size
        case "centre": centre
        case "dots": dots
        case "rings": rings
        default: nil
        }
    }
}

extension NearbyMap.Dot: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "x": x
        case "y": y
        case "number": number
        case "labelX": labelX
        case "labelY": labelY
        default: nil
        }
    }
}

extension NearbyMap.Ring: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "r": r
        case "label": label
        case "labelY": labelY
        default: nil
        }
    }
}

extension NearbyForms: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "place": place
        case "point": point
        case "modes": modes
        default: nil
        }
    }
}

extension NearbyPointForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "lat": lat
        case "lon": lon
        case "open": open
        default: nil
        }
    }
}

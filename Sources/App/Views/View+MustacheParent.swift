import Mustache

// The stop page is the hot path: giving its view models direct key lookup spares swift-mustache's
// Mirror walk (which rebuilds every child and demangles field types on each lookup).

extension StopPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": chrome
        case "name": self.name
        case "suburb": suburb
        case "summary": summary
        case "groups": groups
        case "hasDepartures": hasDepartures
        case "updated": updated
        case "refreshURL": refreshURL
        case "favourite": favourite
        case "facts": facts
        case "disruptions": disruptions
        case "hasDisruptions": hasDisruptions
        case "nearby": nearby
        case "hasNearby": hasNearby
        default: nil
        }
    }
}

extension PageChrome: MustacheParent {
    /// Direct key lookup for the layout.
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "hasErrors": hasErrors
        case "nav": nav
        case "demo": demo
        case "banner": banner
        case "stale": stale
        case "scripts": scripts
        default: nil
        }
    }
}

extension PageChrome.NavItem: MustacheParent {
    /// Direct key lookup for the navigation.
    public func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "label": label
        case "current": current
        default: nil
        }
    }
}

extension DepartureGroup: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "caption": caption
        case "showPlatform": showPlatform
        case "rows": rows
        case "starButton": starButton
        default: nil
        }
    }
}

extension DepartureRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "time": time
        case "until": until
        case "status": status
        case "cancelled": cancelled
        case "live": live
        case "platform": platform
        case "platformNumber": platformNumber
        case "runURL": runURL
        case "disruptions": disruptions
        case "destination": destination
        case "service": service
        case "sentence": sentence
        default: nil
        }
    }
}

extension DisruptionLink: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "title": title
        default: nil
        }
    }
}

extension FavouriteButton: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "isFavourite": isFavourite
        case "ownName": ownName
        case "addAction": addAction
        case "removeAction": removeAction
        case "mode": mode
        case "stopID": stopID
        case "stopName": stopName
        case "token": token
        case "returnPath": returnPath
        default: nil
        }
    }
}

extension StopFacts: MustacheParent {
    func child(named name: String) -> Any? {
        name == "items" ? items : nil
    }
}

extension StopFacts.Fact: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "term": term
        case "detail": detail
        default: nil
        }
    }
}

extension NearbyStopRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": href
        case "mode": mode
        case "suburb": suburb
        case "distance": distance
        case "routes": routes
        case "hasRoutes": hasRoutes
        default: nil
        }
    }
}

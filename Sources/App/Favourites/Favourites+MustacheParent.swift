import Mustache

// The favourites page's models, and each favourite's card and forms (the home page shows the cards too), answer
// template keys directly, as every page model TemplateKeysTests can build does, instead of through swift-mustache's
// reflection (`View+MustacheParent.swift`); that test fails when one misses a stored property.

extension FavouritesPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "groups": groups
        case "token": token
        case "errors": errors
        case "shared": shared
        case "privateLink": privateLink
        case "limit": limit
        case "nameLimit": nameLimit
        default: nil
        }
    }
}

extension FavouriteGroup: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "items": items
        default: nil
        }
    }
}

extension FavouriteSummary: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "spokenStopName": spokenStopName
        case "card": card
        case "forms": forms
        default: nil
        }
    }
}

extension FavouriteCard: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "link": link
        case "next": next
        case "unavailable": unavailable.map(SeenAndHeard.init)
        case "sentence": sentence.map(SeenAndHeard.init)
        case "way": way
        case "lowFloor": lowFloor
        case "works": works.map(SeenAndHeard.init)
        default: nil
        }
    }
}

extension FavouriteForms: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "stopName": stopName
        case "path": path
        case "field": field
        case "line": line
        default: nil
        }
    }
}

extension FavouriteLineFields: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "routeID": routeID
        case "directionID": directionID
        default: nil
        }
    }
}

extension PrivateLink: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "address": address
        default: nil
        }
    }
}

extension SwitchListPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "action": action
        case "token": token
        case "count": count
        case "alreadyUsed": alreadyUsed
        case "hasOwnList": hasOwnList
        case "ownCount": ownCount
        default: nil
        }
    }
}

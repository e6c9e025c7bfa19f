import Mustache

// The forms a stop page carries (and the ride page's alert offer), with direct key lookup like the board's own
// models (`View+MustacheParent.swift`): without it every key inside them, and every key a section inside them looks
// up further out (the form token), went through swift-mustache's Mirror walk, which was most of a stop page's
// render. `TemplateKeysTests` checks each answers for every stored property.

extension AlertOffer: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "heading": heading
        case "intro": intro
        case "action": action
        case "token": token
        case "publicKey": publicKey
        case "fields": fields
        case "lines": lines
        case "minutes": minutes
        case "button": button
        case "needs": needs
        case "without": without
        case "returnPath": returnPath
        case "collapsed": collapsed
        default: nil
        }
    }
}

extension AlertOffer.Field: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": value
        default: nil
        }
    }
}

extension FavouriteLineButton: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "isFavourite": isFavourite
        case "formAction": formAction
        case "value": value
        case "label": label
        default: nil
        }
    }
}

extension LowFloorForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "token": token
        case "returnPath": returnPath
        case "button": button
        case "hint": hint
        case "value": value
        default: nil
        }
    }
}

extension StopDoor: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "way": way
        case "walk": walk
        default: nil
        }
    }
}

extension FormField: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "value": value
        case "error": error
        default: nil
        }
    }
}

extension SelectOption: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "selected": selected
        default: nil
        }
    }
}

extension LineAtStop: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "routeID": routeID
        case "directionID": directionID
        case "service": service
        case "directionName": directionName
        default: nil
        }
    }
}

extension FieldError: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "field": field
        case "message": message
        default: nil
        }
    }
}

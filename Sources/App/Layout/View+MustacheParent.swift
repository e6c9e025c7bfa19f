import Mustache

// The stop page is the hot path: giving its view models direct key lookup spares swift-mustache's
// Mirror walk (which rebuilds every child and demangles field types on each lookup).

extension StopPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "name": self.name
        case "groups": groups
        case "chronological": chronological
        case "legend": legend.map(SeenAndHeard.init)
        case "departuresAnswered": departuresAnswered
        case "disruptions": disruptions
        case "updated": SeenAndHeard(updated)
        case "refreshURL": refreshURL
        case "left": left.map(SeenAndHeard.init)
        case "favourite": favourite
        case "lines": lines
        case "lineForm": lineForm
        case "facts": facts
        case "factsUnavailable": factsUnavailable
        case "nearbyURL": nearbyURL
        case "door": door
        case "lowFloor": lowFloor
        case "alerts": alerts
        case "isWhole": isWhole
        default: nil
        }
    }
}

extension PageHead: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": chrome
        case "heading": SeenAndHeard(heading)
        case "summary": SeenAndHeard(summary)
        default: nil
        }
    }
}

extension PageChrome: MustacheParent {
    /// Direct key lookup for the layout.
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "nav": nav
        case "notices": notices
        case "scripts": scripts
        default: nil
        }
    }
}

extension PageTitle: MustacheParent {
    /// Direct key lookup for the `<title>`.
    public func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "hasErrors": hasErrors
        default: nil
        }
    }
}

extension PageNotices: MustacheParent {
    /// Direct key lookup for the notices.
    public func child(named name: String) -> Any? {
        switch name {
        case "demo": demo
        case "banner": banner.map(SeenAndHeard.init)
        case "stale": stale.map(SeenAndHeard.init)
        default: nil
        }
    }
}

extension NavItem: MustacheParent {
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
        case "routeID": routeID
        case "directionID": directionID
        case "rows": rows
        case "line": line
        case "starButton": starButton
        case "works": works
        case "headingID": headingID
        default: nil
        }
    }
}

extension DepartureRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "time": time
        case "until": until
        case "afterTime": afterTime
        case "departed": departed
        case "wasDue": wasDue
        case "status": status
        case "cancelled": cancelled
        case "live": live
        case "platform": platform
        case "notes": notes
        case "detail": detail
        case "pieces": pieces(withLine: false)
        case "piecesWithLine": pieces(withLine: true)
        case "label": label(withLine: false)
        case "labelWithLine": label(withLine: true)
        case "lineSaid": lineSaid
        case "source": source
        case "liveSaidOnce": liveSaidOnce
        case "rideURL": rideURL
        case "runRef": runRef
        case "destination": destination
        case "service": service
        case "caption": caption
        case "sentence": SeenAndHeard(sentence)
        case "plainSentence": plainSentence
        case "replacements": replacements
        case "worksSaidOnce": worksSaidOnce
        case "worksSaidForLine": worksSaidForLine
        case "notesSaid": notesSaid
        case "routeID": routeID
        case "directionID": directionID
        case "at": at
        default: nil
        }
    }
}

extension DeparturePiece: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        // Seen only: the row's link is named for the ear by its `aria-label`, which keeps "8 40 am".
        case "text": SeenAndHeard.seen(text)
        case "after": after
        case "kind": kind.rawValue
        default: nil
        }
    }
}

extension DisruptionNotes: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "atStop": atStop
        case "onLines": onLines
        case "unread": unread.map(SeenAndHeard.init)
        case "replacements": replacements
        case "dated": dated.map(SeenAndHeard.init)
        case "isEmpty": isEmpty
        case "links": links
        default: nil
        }
    }
}

extension Link: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": SeenAndHeard(self.name)
        case "href": href
        case "detail": detail.map(SeenAndHeard.init)
        default: nil
        }
    }
}

extension FavouriteButton: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "toggle": toggle
        case "stopName": stopName
        default: nil
        }
    }
}

extension FavouriteToggle: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "isFavourite": isFavourite
        case "action": action
        case "fields": fields
        default: nil
        }
    }
}

extension FavouriteStopFields: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "token": token
        case "returnPath": returnPath
        case "mode": mode
        case "stopID": stopID
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
        // Seen as a label and its value ("Step-free access: yes"), heard as today's sentence ("Step free access, yes.").
        case "term": SeenAndHeard.label(term)
        case "detail": SeenAndHeard.value(detail)
        case "visualOnly": visualOnly
        default: nil
        }
    }
}

extension ErrorPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "advice": advice
        case "status": status
        default: nil
        }
    }
}

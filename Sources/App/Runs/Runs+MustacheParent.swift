import Mustache

// The run and ride pages' models answer template keys directly, as the stop board's do (`View+MustacheParent.swift`):
// a ride page lists every stop ahead and refreshes itself, and swift-mustache's Mirror walk was most of its render.
// `TemplateKeysTests` checks that every model reachable from these pages answers for every stored property.

extension RunPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "notes": notes.map(SeenAndHeard.init)
        case "earlier": earlier
        case "earlierLabel": earlierLabel
        case "stops": stops
        case "lineURL": lineURL
        case "rideURL": rideURL
        case "updated": SeenAndHeard(updated)
        case "disruptions": disruptions
        case "strip": strip
        case "cameFrom": cameFrom
        case "continuesAs": continuesAs
        default: nil
        }
    }
}

extension PatternRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": href
        case "time": SeenAndHeard(time)
        case "when": SeenAndHeard(when)
        case "status": status.map(SeenAndHeard.init)
        case "platform": platform
        case "isChosen": isChosen
        case "departed": departed
        case "anchor": anchor
        case "continuation": continuation
        default: nil
        }
    }
}

extension StripMap: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "width": width
        case "height": height
        case "fontSize": fontSize
        case "lineY": lineY
        case "travelledTo": travelledTo
        case "start": start
        case "end": end
        case "dots": dots
        case "vehicle": vehicle
        case "labels": labels
        default: nil
        }
    }
}

extension StripMap.Dot: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "x": x
        case "kind": kind
        case "r": r
        default: nil
        }
    }
}

extension StripMap.Label: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "x": x
        case "y": y
        case "anchor": anchor
        case "text": text
        default: nil
        }
    }
}

extension RidePage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "source": SeenAndHeard(source)
        case "orientation": orientation.map(SeenAndHeard.init)
        case "works": works.map(SeenAndHeard.init)
        case "stops": stops
        case "choosing": choosing
        case "stopsHeading": stopsHeading
        case "nextFromStop": nextFromStop
        case "disruptions": disruptions
        case "noStopsLeft": noStopsLeft.map(SeenAndHeard.init)
        case "events": events
        case "live": live
        case "stopAutoURL": stopAutoURL
        case "autoChoices": autoChoices
        case "refreshURL": refreshURL
        case "updated": SeenAndHeard(updated)
        case "runURL": runURL
        case "facts": facts.map(SeenAndHeard.init)
        case "door": door
        case "arrivedAt": arrivedAt
        case "nextIsYours": nextIsYours
        case "alerts": alerts
        case "alertable": alertable
        default: nil
        }
    }
}

extension RidePage.Stop: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "time": SeenAndHeard(time)
        case "when": SeenAndHeard(when)
        case "chooseURL": chooseURL
        case "isYours": isYours
        default: nil
        }
    }
}

extension RideDoor: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "strip": strip
        case "walk": walk
        case "arrivalLink": arrivalLink
        case "arrival": arrival
        default: nil
        }
    }
}

extension RidePage.Event: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "text": text
        default: nil
        }
    }
}

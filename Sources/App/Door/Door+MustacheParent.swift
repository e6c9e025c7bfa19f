import Mustache

// The walk and arrival pages' models answer template keys directly, as every page model TemplateKeysTests can build
// does, instead of through swift-mustache's reflection (`View+MustacheParent.swift`); that test fails when one misses a
// stored property. (The ride page shows the arrival too, once the rider is at their stop.)

extension WalkPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "facts": facts
        case "stop": stop
        case "target": target
        case "place": place
        case "lat": lat
        case "lon": lon
        case "errors": errors
        case "nearby": nearby
        default: nil
        }
    }
}

extension WalkPage.Target: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "latitude": latitude
        case "longitude": longitude
        case "name": self.name
        default: nil
        }
    }
}

extension ArrivalPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "head": head
        case "arrival": arrival
        default: nil
        }
    }
}

extension Arrival: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sentence": sentence
        case "heading": heading
        case "place": place
        case "wentOn": wentOn.map(SeenAndHeard.init)
        case "access": access
        case "accessUnknown": accessUnknown
        case "connections": connections.map(SeenAndHeard.init)
        case "noConnections": noConnections.map(SeenAndHeard.init)
        case "nearby": nearby
        case "nearbyUnknown": nearbyUnknown
        case "nearbyURL": nearbyURL
        case "stopURL": stopURL
        case "known": known
        default: nil
        }
    }
}

extension Arrival.Near: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "stop": stop
        case "detail": detail
        case "walk": walk
        default: nil
        }
    }
}

extension Request {
    /// Cookies from every `Cookie` header, first occurrence of a name wins.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers where name.equalsIgnoringASCIICase("cookie") {
            for part in value.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let key = pair[0].trimmingCharacters(in: " ")
                if result[key] == nil { result[key] = pair[1].trimmingCharacters(in: " ") }
            }
        }
        return result
    }

    /// The value of one cookie (first occurrence wins, as in `cookies`), found without building the whole dictionary.
    /// - Parameter name: Cookie name, compared exactly.
    public func cookie(_ name: String) -> String? {
        for (header, value) in headers where header.equalsIgnoringASCIICase("cookie") {
            for part in value.split(separator: ";") {
                guard let equals = part.firstIndex(of: "=") else { continue }
                guard part[..<equals].trimmingCharacters(in: " ") == name else { continue }
                let rest = part[part.index(after: equals)...]
                guard !rest.isEmpty else { continue }  // "name=" has no value: `cookies` skips it too
                return rest.trimmingCharacters(in: " ")
            }
        }
        return nil
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        var view = self[...]
        while view.first == set { view = view.dropFirst() }
        while view.last == set { view = view.dropLast() }
        return String(view)
    }
}

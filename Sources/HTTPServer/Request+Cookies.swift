extension Request {
    /// Cookies from every `Cookie` header, first occurrence of a name wins.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers where name.lowercased() == "cookie" {
            for part in value.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let key = pair[0].trimmingCharacters(in: " ")
                if result[key] == nil { result[key] = pair[1].trimmingCharacters(in: " ") }
            }
        }
        return result
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

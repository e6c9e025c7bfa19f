import HTTPServer

/// One-off confirmations after a change. The redirect carries a short code and the stop name in the query,
/// and the page turns them into a sentence (so no arbitrary text is ever reflected).
enum Banner {
    /// The codes a redirect may carry.
    enum Code: String {
        case added, renamed, removed, imported, unnamed, switched
    }

    /// The sentence for the request's `done` and `name` parameters, if any.
    static func text(from request: Request) -> String? {
        guard let code = request.query("done").flatMap(Code.init(rawValue:)) else { return nil }
        let name = String((request.query("stop") ?? "the stop").prefix(120))
        switch code {
        case .added: return "Added \(name) to favourites."
        case .renamed: return "Renamed \(name)."
        case .unnamed: return "Removed your own name for \(name)."
        case .removed: return "Removed \(name) from favourites."
        case .switched: return "This browser now uses the favourites list from your private link."
        case .imported:
            let count = Int(request.query("count") ?? "") ?? 0
            return count == 1 ? "Imported 1 new favourite." : "Imported \(count) new favourites."
        }
    }
}

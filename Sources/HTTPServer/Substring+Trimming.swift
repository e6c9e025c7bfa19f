extension Substring {
    /// The text without `set` at either end (spaces around list items in header values).
    /// - Parameter set: The character to trim.
    func trimmingCharacters(in set: Character) -> String {
        var view = self[...]
        while view.first == set { view = view.dropFirst() }
        while view.last == set { view = view.dropLast() }
        return String(view)
    }
}

import Foundation
import HTTPServer
import Mustache

/// The Mustache templates, loaded once at start from `Templates/`.
public struct Templates: Sendable {
    /// Every page and partial the app renders; a missing one stops start-up.
    public static let required = [
        "layout", "home", "error", "disruptions", "disruption", "nearby", "stop", "run", "search", "line",
        "favourites", "favourites-switch", "ride", "partials/departures", "partials/favourite-button",
        "partials/favourite-line-button", "partials/favourite-line-fields", "partials/said", "partials/fact",
    ]

    let library: MustacheLibrary

    /// Loads and parses every `.mustache` file below `directory`, and checks the required ones exist.
    /// - Parameter directory: The templates folder.
    public init(directory: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StartupError("Templates folder \(directory) does not exist. Run Trakx from the project folder or pass --templates.")
        }
        // Every template escapes with `HTMLEscaping` (see there): registered as "HTML", named on each template's first line.
        MustacheContentTypes.register(HTMLEscaping(), named: "HTML")
        var library = MustacheLibrary()
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "mustache" else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1).dropLast(".mustache".count))
            let text = try String(contentsOf: url, encoding: .utf8)
            do {
                try library.register(HTMLEscaping.pragma + text, named: relative)
            } catch {
                throw StartupError("Template \(relative).mustache does not parse: \(error)")
            }
        }
        self.library = library
        let missing = Self.required.filter { library.getTemplate(named: $0) == nil }
        guard missing.isEmpty else {
            throw StartupError("Missing templates in \(directory): \(missing.joined(separator: ", "))")
        }
    }

    /// Renders `object` with a template to an HTML response.
    /// - Parameters:
    ///   - object: The page's view model.
    ///   - template: Template name.
    ///   - status: Status code.
    public func render(_ object: Any, template: String, status: Int = 200) -> Response {
        guard let html = library.render(object, withTemplate: template) else {
            return Response.text("Template \(template) is missing.", status: 500)
        }
        return Response.html(html, status: status)
    }
}

/// A problem that stops Trakx from starting, said in words.
public struct StartupError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public let description: String

    /// Creates an error.
    /// - Parameter description: What went wrong.
    public init(_ description: String) { self.description = description }
}

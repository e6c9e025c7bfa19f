import Foundation
import Mustache
import Testing
import TestSupport
@testable import App

/// Trakx's HTML escaping says what swift-mustache's own says, so loading every template with it changes no page.
struct HTMLEscapingTests {
    static let texts = [
        "", "Flinders Street Station", "8 30 am, in 5 minutes", "<script>alert(1)</script>", "Tom & Jerry's \"cafe\"",
        "a > b < c", "&amp; already", "Mont Albert Road/Whitehorse Road #42", "Café, 🚋 Route 86, naïve",
        "'", "\"", "&", "<>", "São Paulo's – “quoted” — text",
    ]

    /// The library's own escaping: a template without the line `Templates` adds.
    func library(_ text: String) throws -> String {
        try MustacheTemplate(string: "{{value}}").render(["value": text])
    }

    @Test func everyTextIsEscapedAsTheLibraryEscapesIt() throws {
        MustacheContentTypes.register(HTMLEscaping(), named: "HTML")
        let ours = try MustacheTemplate(string: HTMLEscaping.pragma + "{{value}}")
        for text in Self.texts {
            #expect(ours.render(["value": text]) == (try library(text)), "\(text)")
            #expect(HTMLEscaping().escapeText(text) == (try library(text)), "\(text)")
        }
        #expect(HTMLEscaping().escapeText("<a href='x'>&</a>") == "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;")
    }

    /// A loaded template escapes in its partials too (each begins with the line), and the line itself leaves no trace:
    /// the same text as the file read without it.
    @Test func loadedTemplatesEscapeAndTheirFirstLineLeavesNoTrace() throws {
        let templates = try Templates(directory: repositoryRoot + "/Templates")
        let loaded = try #require(templates.library.getTemplate(named: "partials/stop-way"))
        let file = try String(contentsOfFile: repositoryRoot + "/Templates/partials/stop-way.mustache", encoding: .utf8)
        let door = ["door": ["way": "Buses go <north> & \"west\""]]
        let html = loaded.render(door, library: templates.library)
        #expect(html == (try MustacheTemplate(string: file).render(door)))
        #expect(html.hasPrefix("<p class=\"fact\" id=\"way\">Buses go &lt;north&gt; &amp; &quot;west&quot;</p>"))
    }
}

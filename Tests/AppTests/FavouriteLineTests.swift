import Foundation
import Storage
import Testing
import TestSupport

/// A line at a stop, starred from the stop board, through the real forms.
struct FavouriteLineTests {
    /// What pressing the button that says `label` sends (but the token): its form's hidden fields and the
    /// button's own name and value, as a browser sends them.
    static func lineForm(in html: String, label: String) -> [(String, String)]? {
        guard let end = html.range(of: ">\(label)</button>") else { return nil }
        guard let start = html[..<end.lowerBound].range(of: "<form", options: .backwards),
              let button = html[..<end.lowerBound].range(of: "<button", options: .backwards) else { return nil }
        let hidden = html[start.lowerBound ..< button.lowerBound]
            .matches(of: #/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/#)
            .map { (String($0.1), String($0.2)) }
            .filter { $0.0 != "token" }
        let pressed = html[button.lowerBound ..< end.lowerBound].firstMatch(of: #/name="([a-z_]+)" value="([^"]*)"/#)
        return hidden + (pressed.map { [(String($0.1), String($0.2))] } ?? [])
    }

    @Test func starALineOnTheBoardThenHomeShowsOnlyThatLine() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let board = try await app.get("/stops/train/1071")
            #expect(board.status == 200)
            let label = "Add Frankston line towards Frankston to favourites"
            let fields = try #require(Self.lineForm(in: board.text, label: label), "no line button in \(board.text.prefix(4000))")
            #expect(fields.contains { $0.0 == "line" && $0.1.hasPrefix("6-") })
            let added = try await app.post("/favourites", form: fields + [("name", "Home")], session: session)
            let back = try await app.follow(added, to: "/stops/train/1071", session: session)
            #expect(back.text.contains("Added Frankston line towards Frankston at Flinders Street Station to favourites."))
            #expect(back.text.contains(">Remove Frankston line towards Frankston from favourites</button>"))
            // The whole stop is still not a favourite.
            #expect(back.text.contains("Add to favourites<span class=\"visually-hidden\">, Flinders Street Station</span>"))

            let home = try await app.get("/").text
            let sentence = try #require(home.firstMatch(of: #/<p>(Home, [^<]+)</p>/#).map { String($0.1) }, "\(home)")
            #expect(sentence.hasPrefix("Home, Frankston line to Frankston"))
            #expect(sentence.hasSuffix(", live.") || sentence.hasSuffix(", timetable.") || sentence.hasSuffix("cancelled."))
            // Only that line: no other line's departures on the home page.
            for other in ["Sunbury line", "Craigieburn line", "Hurstbridge line", "Glen Waverley line", "Sandringham line"] {
                #expect(!home.contains(other), "\(other) on the home page")
            }
            let favourites = try await app.get("/favourites").text
            #expect(favourites.contains("Home, Frankston line towards Frankston at Flinders Street Station"))
            #expect(favourites.contains("<h2>Train, 1</h2>"))
            #expect(favourites.contains(sentence))
            #expect(pageProblems(favourites).isEmpty)
            #expect(pageProblems(home).isEmpty)

            // Renaming and removing address the line, not the stop.
            let routeFields = fields.filter { $0.0 == "line" }
            let renamed = try await app.post("/favourites/train/1071/rename", form: routeFields + [("name", "Work")], session: session)
            #expect(renamed.status == 303)
            #expect(try await app.get("/").text.contains("<p>Work, Frankston line to Frankston"))
            let wrongStop = try await app.post("/favourites/train/1071/rename", form: [("name", "Nope")], session: session)
            #expect(wrongStop.status == 404)
            let tooLong = try await app.post("/favourites/train/1071/rename", form: routeFields + [("name", String(repeating: "x", count: 61))], session: session)
            #expect(tooLong.status == 400)
            let fieldID = "name-0-1071-" + routeFields.map(\.1).joined(separator: "-")
            #expect(tooLong.text.contains("href=\"#\(fieldID)\""))
            // The board's remove button posts the shared form to the favourite's own address.
            let boardAgain = try await app.get("/stops/train/1071").text
            let removeLabel = "Remove Frankston line towards Frankston from favourites"
            #expect(boardAgain.contains(#"value="\#(routeFields[0].1)" formaction="/favourites/train/1071/remove" class="button button--secondary">\#(removeLabel)</button>"#))
            let removeFields = try #require(Self.lineForm(in: boardAgain, label: removeLabel))
            let removed = try await app.post("/favourites/train/1071/remove", form: removeFields, session: session)
            #expect(removed.status == 303)
            #expect(try await app.get("/favourites").text.contains("You have no favourite stops yet."))
        }
    }

    @Test func badLineFieldsAreRefusedInWords() async throws {
        try await TestApp.with { app in
            let session = try await app.session()
            let badRoute = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("route_id", "x")], session: session)
            #expect(badRoute.status == 400)
            #expect(badRoute.text.contains("The line number must be a whole number"))
            let badDirection = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("route_id", "6"), ("direction_id", "-1")], session: session)
            #expect(badDirection.status == 400)
            #expect(badDirection.text.contains("The direction number must be a whole number"))
            let noDash = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("line", "6")], session: session)
            #expect(noDash.status == 400)
            #expect(noDash.text.contains("The line must be a line number and a direction number"))
            let badLine = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("line", "x-1")], session: session)
            #expect(badLine.status == 400)
            #expect(badLine.text.contains("The line number must be a whole number"))
            #expect(try await app.get("/favourites").text.contains("You have no favourite stops yet."))
        }
    }

    @Test func exportCarriesTheLineAndAnOldFileStillImports() async throws {
        try await TestApp.with { app in
            let browser = Browser(port: app.port)
            let board = try await browser.get("/stops/train/1071").text
            let fields = try #require(Self.lineForm(in: board, label: "Add Frankston line towards Frankston to favourites"))
            #expect(try await browser.post("/favourites", form: fields + [("name", "Home")]).status == 303)
            let file = try await browser.get("/favourites/export").text
            #expect(file.contains("\"version\" : 2"))
            #expect(file.contains("\"route_id\" : "))
            #expect(file.contains("\"line_name\" : \"Frankston line\""))
            let routeFields = fields.filter { $0.0 == "line" }
            #expect(try await browser.post("/favourites/train/1071/remove", form: routeFields).status == 303)
            #expect(try await browser.upload(file).status == 303)
            let page = try await browser.get("/favourites").text
            #expect(page.contains("Home, Frankston line towards Frankston at Flinders Street Station"))

            // A version 1 file (whole stops, no line fields) from the previous Trakx.
            let old = #"{"format":"trakx-favourites","version":1,"favourites":[{"mode":"tram","stop_id":2218,"stop_name":"Swanston St/Flinders St #1","name":"Uni","created_at":"2026-11-01T09:00:00Z"}]}"#
            let imported = try await browser.upload(old)
            #expect(imported.header("Location") == "/favourites")
            let afterImport = try await browser.get("/favourites").text
            #expect(afterImport.contains("Uni, "))
            #expect(afterImport.contains("Imported 1 favourite."))
            // A version 1 file cannot smuggle in line fields.
            let mixed = #"{"format":"trakx-favourites","version":1,"favourites":[{"mode":"train","stop_id":1071,"stop_name":"F","route_id":6}]}"#
            #expect(try await browser.upload(mixed).status == 400)
        }
    }
}

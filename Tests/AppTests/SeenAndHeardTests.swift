@testable import App
import Foundation
import Testing
import TestSupport

/// Issue 55 item 1: the eye reads as a timetable writes ("8:40 am", "Step-free access: yes"), the ear keeps today's
/// words ("8 40 am", "Step free access, yes."); the two differ in markup only (`SeenAndHeard`, `partials/said`).
struct SeenAndHeardTests {
    /// A sentence written for the ear is split at its clock times, each seen with its colon and heard as written.
    @Test func aClockTimeIsSeenWithItsColonAndHeardWithout() throws {
        let words = TimeWords(now: fixedNow)
        let sentence = "Next, Frankston line, now, \(words.clock(fixedNow)) from platform 8, to Frankston."
        let text = SeenAndHeard(sentence)
        #expect(text.heard == sentence)
        #expect(text.seen == "Next, Frankston line, now, 8:30\u{00A0}am from platform 8, to Frankston.")
        #expect(text.parts.map(\.differs) == [false, true, false])
        let time = try #require(text.parts.first { $0.differs })
        #expect(time.seen == "8:30\u{00A0}am" && time.heard == "8\u{202F}30 am")
        #expect(!time.heard.contains(":"))
        // Noon, two times in one sentence, a time at either end.
        let two = SeenAndHeard("12\u{202F}05 pm, then 9\u{202F}00 am")
        #expect(two.seen == "12:05\u{00A0}pm, then 9:00\u{00A0}am")
        #expect(two.parts.count == 3)
        // Nothing else is touched: PTV's own "8:40am", a plain space, no time at all.
        for plain in ["Buses replace trains from 8:40am.", "8 40 am", "Step free access", ""] {
            #expect(SeenAndHeard(plain).parts == [SeenAndHeard.Part(plain)], "\(plain)")
            #expect(SeenAndHeard.seen(plain) == plain)
        }
    }

    /// A fact's label is seen with its hyphen and a colon, heard as today with a comma; its value ends the sentence heard.
    @Test func aFactIsSeenAsALabelAndHeardAsASentence() {
        let label = SeenAndHeard.label("Step free access"), value = SeenAndHeard.value("yes")
        #expect(label.seen + " " + value.seen == "Step-free access: yes")
        #expect(label.heard + " " + value.heard == "Step free access, yes.")
        #expect(SeenAndHeard.label("Suburb").seen + " " + SeenAndHeard.value("Melbourne City").seen == "Suburb: Melbourne City")
        #expect(!(label.heard + value.heard).contains(":") && !(label.heard + value.heard).contains("-"))
        // A value with a time is seen with its colon too.
        #expect(SeenAndHeard.value("8\u{202F}40 am").seen == "8:40\u{00A0}am")
    }

    /// The checker behind the page tests finds each thing it looks for, on a page planted with it.
    @Test(arguments: [
        "<body><p id=\"updated\">Updated 8\u{202F}30 am.</p></body>",
        "<body><p class=\"fact\">Suburb, Melbourne City.</p></body>",
        "<body><p class=\"fact\"><span class=\"fact-term\">Step free access,</span> Yes.</p></body>",
        "<body><p>Next, <span aria-hidden=\"true\">8:31 am</span><span class=\"heard\">8:31 am</span> from platform 8.</p></body>",
        "<body><p>Next, 8:31 am from platform 8.</p></body>",
    ])
    func theCheckerFindsWhatIsWrittenForTheOtherSense(page: String) {
        #expect(!SeenText.problems(page).isEmpty, "\(page)")
    }

    @Test func theCheckerPassesTheMarkupOfBoth() {
        let page = "<body><p>Next, <span aria-hidden=\"true\">8:31 am</span><span class=\"heard\">8\u{202F}31 am</span> from platform 8.</p>"
            + "<p class=\"fact\"><span class=\"fact-term\">Suburb<span aria-hidden=\"true\">:</span><span class=\"heard\">,</span></span> Melbourne City<span class=\"heard\">.</span></p>"
            + "<p class=\"departure\"><a href=\"/ride\" aria-label=\"8 31 am Frankston line\"><span class=\"dep-time\">8:31 am</span></a></p></body>"
        #expect(SeenText.problems(page) == [])
        #expect(SeenText.of(page).contains("Next, 8:31 am from platform 8. Suburb: Melbourne City 8:31 am"))
        #expect(HeardText.of(page).contains("Next, 8\u{202F}31 am from platform 8. Suburb, Melbourne City."))
    }

    /// The board as served: the summary, "Updated" and the facts seen as written and heard as before, a row's name
    /// unchanged while its pieces show "8:31 am"; the summary one text run (inline spans only, no space added).
    @Test func theBoardIsSeenAsWrittenAndHeardAsBefore() async throws {
        try await TestApp.with { app in
            let html = try await app.get("/stops/train/1071").text
            let summary = try #require(html.firstMatch(of: #/<p class="summary" id="summary">(.+?)</p>/#)?.1)
            let seen = SeenText.of("<body>" + summary), heard = HeardText.of("<body>" + summary)
            #expect(seen.firstMatch(of: #/^Next, [A-Z][a-z]+ line, now, \d{1,2}:\d{2} (am|pm) from platform \d+, to [A-Z]/#) != nil, "\(seen)")
            #expect(heard == Self.forTheEar(seen) && !heard.contains(":"), "\(heard)")
            #expect(summary.firstMatch(of: #/now, <span aria-hidden="true">\d{1,2}:\d{2}\x{A0}(am|pm)</span><span class="heard">\d{1,2}\x{202F}\d{2} (am|pm)</span> from/#) != nil,
                    "\(summary)")
            #expect(!summary.contains("<p") && !summary.contains("<div") && !summary.contains("visually-hidden"))

            let updated = try #require(html.firstMatch(of: #/<p class="meta" id="updated">(.+?) <a /#)?.1)
            #expect(SeenText.of("<body>" + updated) == "Updated 8:30 am.")
            #expect(HeardText.of("<body>" + updated) == "Updated 8\u{202F}30 am.")

            let row = try #require(html.firstMatch(of: #/<p class="departure"><a href="[^"]+" aria-label="([^"]+)">(.+?)</a></p>/#))
            let shown = SeenText.of("<body>" + row.2)
            #expect(shown.hasPrefix("8:30 am ") && String(row.1) == Self.forTheEar(shown), "\(row.1) / \(shown)")

            let facts = html.matches(of: #/<p class="fact">(.+?)</p>/#).map { String($0.1) }
            let seenFacts = facts.map { SeenText.of("<body>" + $0) }, heardFacts = facts.map { HeardText.of("<body>" + $0) }
            for fact in ["Step-free access: yes", "Suburb: Melbourne City", "PTV stop ID: 1071", "Landmark: Federation Square"] {
                #expect(seenFacts.contains(fact), "\(seenFacts)")
            }
            for fact in ["Step free access, yes.", "Suburb, Melbourne City.", "PTV stop ID, 1071.", "Landmark, Federation Square."] {
                #expect(heardFacts.contains(fact), "\(heardFacts)")
            }
            #expect(SeenText.problems(html) == [])
        }
    }

    /// A page that stands on a saved copy says so in a notice with the copy's time: seen as written too (every
    /// simulator page is fresh, so the walk below never meets one).
    @Test func aStaleBoardsNoticeIsSeenAsWritten() async throws {
        let source = try EvidenceTests().source(now: Recorded.at("2024-04-25T01:30:30Z"), faults: [.departures: .stale(age: 240)])
        let html = try await RecordedPages.stopResponse(source, stopID: 1099).map(RecordedPages.html).get()
        let notice = String(try #require(html.firstMatch(of: #/<p class="stale-notice" id="stale-notice">.+?</p>/#)?.0))
        #expect(SeenText.of(notice).hasSuffix("so this page shows information from 11:26 am."), "\(notice)")
        #expect(HeardText.of(notice).hasSuffix("so this page shows information from 11\u{202F}26 am."), "\(notice)")
        #expect(SeenText.problems(html) == [])
    }

    /// `seen` with each clock time as the ear's words have it ("8:30 am" becomes "8 30 am").
    static func forTheEar(_ seen: String) -> String {
        seen.replacing(#/(\d{1,2}):(\d{2}) (am|pm)/#) { "\($0.1)\u{202F}\($0.2) \($0.3)" }
    }

    /// What is heard and not seen stays in the sentence's line (a positioned `visually-hidden` span made Orca read
    /// "Next, Frankston line, now," and "8 31 am" as lines of their own); a status box never breaks inside.
    @Test func theHeardPartStaysInTheLineAndAStatusBoxIsWhole() throws {
        let css = try String(contentsOfFile: repositoryRoot + "/Public/css/trakx.css", encoding: .utf8)
        let heard = try #require(css.firstMatch(of: #/\n\.heard\{([^}]*)\}/#)?.1)
        #expect(heard.contains("font-size:0") && heard.contains("clip-path:inset(50%)"))
        #expect(!heard.contains("position") && !heard.contains("display"))
        let status = try #require(css.firstMatch(of: #/\n\.dep-status,\.dep-cancelled\{([^}]*)\}/#)?.1)
        #expect(status.contains("white-space:nowrap") && status.contains("display:inline-block"))
        let said = try String(contentsOfFile: repositoryRoot + "/Templates/partials/said.mustache", encoding: .utf8)
        #expect(!said.contains("\n") && !said.contains("visually-hidden"))
    }
}

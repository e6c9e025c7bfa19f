import Foundation
import PTV
import Testing
import TestSupport
@testable import App

/// Issue 34 items 8 and 9: a board a partially sighted rider can scan, heard as the sentences a screen reader heard
/// before; a disruption item heard whole, so a live update that interrupts it leaves no fragment.
struct SeenAsMeantTests {
    /// Item 9: a row's styled pieces, joined, are its one sentence, on a line's board and on a board in time order.
    @Test(arguments: [("metro-departures-via-clp-test", 1099, "2024-04-25T01:20:00Z"), ("metro-departures-beg", 1018, "2024-06-29T07:50:00Z"),
                      ("metro-departures-rrb", 1032, "2024-04-28T13:55:00Z")])
    func aRowsPiecesAreItsSentence(name: String, stop: Int, at: String) throws {
        let board = DepartureBoard(try Recorded.load(name, as: DeparturesResponse.self), routeType: .train, stopID: stop,
                                   words: TimeWords(now: Recorded.at(at)))
        #expect(!board.next.isEmpty)
        for row in board.next {
            let said = { (pieces: [DeparturePiece]) in pieces.map { $0.text + $0.after }.joined(separator: " ") }
            #expect(said(row.pieces(withLine: false)) == "\(row.time), \(row.detail)")
            // In time order the line ("to Frankston" for the Frankston line) then, leaving soon, one phrase with when
            // and the platform: "8 40 am to Frankston in 5 minutes from platform 8"; else a comma: "to Dandenong, Saturday".
            #expect(["\(row.time) \(row.lineSaid) \(row.detail)", "\(row.time) \(row.lineSaid), \(row.detail)"].contains(said(row.pieces(withLine: true))))
            #expect(said(row.pieces(withLine: true)) == row.label(withLine: true))
            let kinds = row.pieces(withLine: true).map(\.kind)
            #expect(kinds.prefix(3) == [.time, .line, row.cancelled ? .cancelled : .when])
        }
    }

    /// Item 9: every departure link on a board is named by the words it shows (Orca then reads it as one
    /// utterance, by K, by line and in say-all; without the name it read each styled piece apart: "8 40 am." then
    /// "Craigieburn line to Craigieburn, link." then "in 7 minutes,"), and each piece is an inline span.
    @Test(arguments: ["/stops/train/1071", "/stops/tram/2019"])
    func eachRowIsNamedByTheWordsItShows(path: String) async throws {
        try await TestApp.with { app in
            let html = try await app.get(path).text
            let rows = html.matches(of: #/<p class="departure[^"]*"><a href="[^"]+" aria-label="([^"]+)"(?: aria-describedby="group-\d+")?>(.+?)</a></p>/#)
            #expect(rows.count >= 4, "\(path)")
            for row in rows {
                let shown = String(row.2).replacing(#/<[^>]+>/#, with: "")
                // A line's board adds the line after the words it shows (its heading says the line once); the name
                // says the time for the ear ("8 40 am"), the row shows it as written ("8:40 am", issue 55).
                let name = SeenAndHeard.seen(String(row.1))
                #expect(name == shown || name.hasPrefix(shown + ", "), "\(row.1) / \(shown)")
                #expect(!row.1.contains(":") && shown.firstMatch(of: #/^\d{1,2}:\d{2}\x{A0}(am|pm)\b/#) != nil, "\(row.1) / \(shown)")
                #expect(row.2.contains("<span class=\"dep-time\">") && row.2.contains("<span class=\"dep-"), "\(row.2)")
                #expect(!row.2.contains("<div") && !row.2.contains("<p"))
            }
        }
    }
}

extension String {
    /// A board's HTML with each row's styled pieces (`<span class="dep-when">in 5 minutes,</span>`) left as their
    /// words, for tests that read a row's text.
    var withoutRowPieces: String { replacing(#/<span class="dep-[a-z]+">([^<]*)</span>/#) { String($0.1) } }
}
